/**
 * After a member deletes their account: what everyone else can still reach names them only as
 * "Deleted user", their open screens hear of what went, and nothing is sent to them any more.
 */
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_USER_NAME, type ClientToServerEvents, type ServerToClientEvents } from '@campusrun/shared';
import {
  notifications,
  offers,
  pushSubscriptions,
  savedProducts,
  settlements,
  userBlocks,
  users,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  DEFAULT_PASSWORD,
  bearer,
  createProduct,
  createRating,
  createRequest,
  createUser,
  makeEstablished,
  tokenFor,
  uniqueEmail,
} from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

type Person = Awaited<ReturnType<typeof createUser>> & { token: string };

async function person(role: 'hosteller' | 'dayscholar', name: string, email?: string): Promise<Person> {
  const user = await createUser(t.db, { role, name, ...(email ? { email } : {}) });
  return { ...user, token: await tokenFor(t, user) };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: Person, payload?: object) =>
  t.app.inject({ method, url: `/api${path}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });

async function online(who: Person) {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: who.token },
  });
  open.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  // The server has joined its rooms once it answers an event.
  const status = new Promise((resolve) => s.once('user:status', resolve));
  s.emit('user:check', []);
  await status;
  return s;
}

const next = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 3000) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    s.once(
      event as 'request:unavailable',
      ((value: never) => {
        clearTimeout(timer);
        resolve(value);
      }) as never,
    );
  });
const disconnected = (s: Client, ms = 3000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** Every trace of Meera's that must be gone from what others see. */
const SECRETS = {
  name: 'Meera',
  surname: 'Secretname',
  phone: '9000011111',
  hostel: 'Block-Meera-Secret',
  room: 'Room-Meera-Secret',
  upi: 'meera.secret@okbank',
};

describe('after Meera deletes her account', () => {
  it('what Dev, a moderator and everyone else can reach names her only as "Deleted user"', async () => {
    const email = uniqueEmail('meera');
    const meera = await person('hosteller', 'Meera Secretname', email);
    await t.db
      .update(users)
      .set({
        phoneNumber: SECRETS.phone,
        hostelBlock: SECRETS.hostel,
        roomNumber: SECRETS.room,
        upiId: SECRETS.upi,
      })
      .where(eq(users.id, meera.id));
    const dev = await person('dayscholar', 'Dev Kumar');
    const mod = await person('hosteller', 'Mona Moderator');
    await t.db.update(users).set({ isModerator: true }).where(eq(users.id, mod.id));
    const modToken = await tokenFor(t, mod);
    const moderator = { ...mod, isModerator: true, token: modToken };
    await makeEstablished(t.db, dev);

    // A past delivery between them: completed, settled, rated both ways.
    const done = await createRequest(t.db, {
      requester: meera,
      deliverer: dev,
      status: 'completed',
      itemName: 'Graph paper',
      deliveryLocation: SECRETS.room,
    });
    await t.db.insert(settlements).values({
      kind: 'request',
      requestId: done.id,
      title: 'Graph paper',
      payerId: meera.id,
      payeeId: dev.id,
      amount: 5000,
      originalAmount: 5000,
      state: 'settled',
    });
    await createRating(t.db, {
      request: done,
      rater: meera,
      user: dev,
      rating: 5,
      type: 'hosteller_to_dayscholar',
    });
    await createRating(t.db, {
      request: done,
      rater: dev,
      user: meera,
      rating: 4,
      type: 'dayscholar_to_hosteller',
    });
    // They wrote to each other; Dev got the message notification naming her.
    expect(
      (await call('POST', '/chat', meera, { receiverId: dev.id, content: 'Thanks for the paper!' }))
        .statusCode,
    ).toBe(201);
    expect((await call('POST', '/chat', dev, { receiverId: meera.id, content: 'Any time' })).statusCode).toBe(
      201,
    );
    const before = await t.db.select().from(notifications).where(eq(notifications.userId, dev.id));
    expect(before.map((n) => n.message)).toContain('Meera Secretname sent you a message');
    // Dev reported her; she blocked someone, saved a product, made an offer, had a push device.
    expect(
      (await call('POST', '/reports', dev, { targetType: 'user', targetId: meera.id, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    const stranger = await createUser(t.db, { name: 'Sam Stranger' });
    await t.db.insert(userBlocks).values({ blockerId: meera.id, blockedId: stranger.id });
    const otherSeller = await createUser(t.db, { name: 'Olga Seller' });
    const theirs = await createProduct(t.db, { seller: otherSeller, name: 'Kettle' });
    await t.db.insert(savedProducts).values({ userId: meera.id, productId: theirs.id });
    await t.db.insert(offers).values({ productId: theirs.id, buyerId: meera.id, amount: 10000 });
    await t.db.insert(pushSubscriptions).values({
      userId: meera.id,
      endpoint: 'https://push.example.com/meera-device',
      p256dh: 'key',
      auth: 'auth',
    });

    // Her open request and her listing, which Dev is watching and has saved.
    const pending = await createRequest(t.db, { requester: meera, itemName: 'Biscuits' });
    const listing = await createProduct(t.db, { seller: meera, name: 'Desk lamp' });
    await t.db.insert(savedProducts).values({ userId: dev.id, productId: listing.id });
    const [meeraSocket, devSocket] = await Promise.all([online(meera), online(dev)]);
    devSocket.emit('product:watch', { id: listing.id });
    const gone = next(devSocket, 'request:unavailable');
    const removed = next(devSocket, 'product:removed');
    const closed = disconnected(meeraSocket);
    const mailsBefore = t.smtp.mails.length;

    const res = await call('DELETE', '/users/me', meera, { password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);

    // Live: her socket closes, Dev's Browse drops her request and the product page hears it went.
    await closed;
    expect(await gone).toEqual({ id: pending.id });
    expect(await removed).toEqual({ id: listing.id });
    expect((await call('GET', `/products/${listing.id}`, dev)).statusCode).toBe(404);
    const cancelled = await call('GET', `/requests/${pending.id}`, meera);
    expect(cancelled.statusCode).toBe(401);

    // Her personal rows are gone; others' blocks of her and her received messages stay.
    expect(await t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, meera.id))).toEqual([]);
    expect(await t.db.select().from(savedProducts).where(eq(savedProducts.userId, meera.id))).toEqual([]);
    expect(await t.db.select().from(offers).where(eq(offers.buyerId, meera.id))).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, meera.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, meera.id))).toEqual([]);

    // Dev's screens: the thread and the conversation are from "Deleted user", without a photo.
    const conversations = (await call('GET', '/chat/conversations', dev)).json();
    expect(conversations.conversations[0]).toMatchObject({
      user: { id: meera.id, name: DELETED_USER_NAME, avatar: null },
    });
    const thread = await call('GET', `/chat/conversation/${meera.id}`, dev);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().user).toEqual({ id: meera.id, name: DELETED_USER_NAME, avatar: null });
    expect(thread.json().messages.map((m: { content: string }) => m.content)).toEqual([
      'Thanks for the paper!',
      'Any time',
    ]);
    // The notification that named her now names "Deleted user".
    const bell = (await call('GET', '/notifications', dev)).json();
    expect(JSON.stringify(bell)).toContain(`${DELETED_USER_NAME} sent you a message`);
    // Dev's profile keeps her rating, from "Deleted user".
    const profile = (await call('GET', `/users/${dev.id}/profile`, moderator)).json().profile;
    expect(profile.reviews).toEqual([
      expect.objectContaining({ rating: 5, rater: expect.objectContaining({ name: DELETED_USER_NAME }) }),
    ]);
    // Her own public card and profile are gone.
    expect((await call('GET', `/users/${meera.id}`, dev)).json()).toMatchObject({
      message: 'User not found',
    });
    expect((await call('GET', `/users/${meera.id}/profile`, dev)).statusCode).toBe(404);

    // Everything Dev and the moderator can reach: none of her details, anywhere.
    const reachable = await Promise.all([
      call('GET', '/chat/conversations', dev),
      call('GET', `/chat/conversation/${meera.id}`, dev),
      call('GET', '/chat/conversations?search=Meera', dev),
      call('GET', '/notifications', dev),
      call('GET', '/requests/my-deliveries?status=all', dev),
      call('GET', `/requests/${done.id}`, dev),
      call('GET', `/ratings/user/${dev.id}`, dev),
      call('GET', `/users/${dev.id}/profile`, dev),
      call('GET', '/settlements?status=settled', dev),
      call('GET', '/settlements/summary', dev),
      call('GET', '/users/me/export', dev),
      call('GET', '/dayscholar/requests/available?search=Secretname', dev),
      call('GET', '/products?search=Secretname', dev),
      call('GET', '/moderation/reports?status=open', moderator),
      call('GET', '/moderation/actions', moderator),
    ]);
    for (const r of reachable) {
      const path = `${r.raw.req.method} ${r.raw.req.url}`;
      expect(r.statusCode, path).toBe(200);
      for (const secret of [...Object.values(SECRETS), email])
        expect(r.body.includes(secret), `${path} names ${secret}`).toBe(false);
    }
    const queue = reachable[13]!.json();
    expect(JSON.stringify(queue)).toContain(DELETED_USER_NAME);

    // Nothing new reaches her: no message, rating, report or block; no e-mail to her old address.
    const write = await call('POST', '/chat', dev, { receiverId: meera.id, content: 'Are you there?' });
    expect(write.statusCode).toBe(404);
    expect(write.json().message).toBe('User not found');
    const rate = await call('POST', '/ratings', dev, {
      requestId: done.id,
      userId: meera.id,
      rating: 1,
      ratingType: 'dayscholar_to_hosteller',
    });
    expect(rate.statusCode).toBe(404);
    const report = await call('POST', '/reports', dev, {
      targetType: 'user',
      targetId: meera.id,
      reason: 'scam',
    });
    expect(report.statusCode).toBe(404);
    expect((await call('POST', `/users/${meera.id}/block`, dev)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } }))
        .statusCode,
    ).toBe(200);
    expect(t.smtp.mails.slice(mailsBefore).filter((m) => m.to.includes(email))).toEqual([]);
  });
});
