import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, SendAck, ServerToClientEvents } from '@campusrun/shared';
import { messages, users } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { authAs, createRequest, createUser, tokenFor } from '../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const open: Client[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

function client(token: string | undefined): Client {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token === undefined ? {} : { auth: { token } }),
  });
  open.push(s);
  return s;
}

const connected = (s: Client) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });

const next = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 3000) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    s.once(
      event as 'user:online',
      ((value: never) => {
        clearTimeout(timer);
        resolve(value);
      }) as never,
    );
  });

/** Resolves with whatever arrives within `ms`, to prove something did not. */
const collect = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 300) =>
  new Promise<unknown[]>((resolve) => {
    const got: unknown[] = [];
    const handler = (v: unknown) => got.push(v);
    s.on(event as 'user:online', handler as never);
    setTimeout(() => {
      s.off(event as 'user:online', handler as never);
      resolve(got);
    }, ms);
  });

const send = (s: Client, payload: unknown) =>
  s.timeout(3000).emitWithAck('message:send', payload as never) as Promise<SendAck>;

async function person(name: string, role: 'hosteller' | 'dayscholar' = 'hosteller') {
  const user = await createUser(t.db, { role, name });
  return { ...user, token: await tokenFor(t, user) };
}
async function online(user: { token: string }) {
  const s = client(user.token);
  await connected(s);
  return s;
}

describe('handshake', () => {
  it('refuses a missing, invalid or revoked token with unauthorized', async () => {
    const u = await person('Asha');
    for (const token of [undefined, '', 'garbage']) {
      await expect(connected(client(token))).rejects.toThrow('unauthorized');
    }
    await t.db
      .update(users)
      .set({ tokenVersion: u.tokenVersion + 1 })
      .where(eq(users.id, u.id));
    await expect(connected(client(u.token))).rejects.toThrow('unauthorized');
  });
});

describe('messages', () => {
  it('stores, acknowledges, delivers to the receiver and the other tabs, and never stores a resend twice', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const a1 = await online(a);
    const a2 = await online(a);
    const b1 = await online(b);
    const toB = next(b1, 'message:new');
    const toA2 = next(a2, 'message:new');
    const echoA1 = collect(a1, 'message:new', 500);
    const notified = next(b1, 'notification');

    const ack = await send(a1, { receiverId: b.id, message: ' hi ', clientId: 'k1' });
    expect(ack).toMatchObject({
      ok: true,
      message: { senderId: a.id, receiverId: b.id, content: 'hi', clientId: 'k1' },
    });
    if (!ack.ok) throw new Error('not ok');
    expect(await toB).toEqual(ack.message);
    expect(await toA2).toEqual(ack.message);
    expect(await echoA1).toEqual([]);
    expect(await notified).toMatchObject({ type: 'message', data: { senderId: a.id }, isRead: false });

    const again = await send(a1, { receiverId: b.id, message: 'hi', clientId: 'k1' });
    expect(again).toEqual(ack);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(1);
  });

  it('answers bad input with an error ack or ignores it, and stays up', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const s = await online(a);
    expect(await send(s, { receiverId: b.id, message: '   ', clientId: 'k' })).toEqual({
      ok: false,
      error: 'Please type a message',
    });
    expect((await send(s, { receiverId: 'x', message: 'hi', clientId: 'k' })).ok).toBe(false);
    expect((await send(s, { receiverId: b.id, message: 42, clientId: 'k' })).ok).toBe(false);
    expect((await send(s, null)).ok).toBe(false);
    expect((await send(s, { receiverId: b.id, message: 'hi' })).ok).toBe(false);
    expect((await send(s, { receiverId: a.id, message: 'hi', clientId: 'self' })).ok).toBe(false);
    expect(
      await send(s, { receiverId: '00000000-0000-4000-8000-000000000000', message: 'hi', clientId: 'k2' }),
    ).toEqual({
      ok: false,
      error: 'User not found',
    });
    expect((await send(s, { receiverId: b.id, message: 'x'.repeat(2001), clientId: 'k3' })).ok).toBe(false);
    // No ack function, unknown events and wrong types: ignored.
    s.emit(
      'message:send',
      { receiverId: b.id, message: 'no ack', clientId: 'k4' } as never,
      undefined as never,
    );
    (s as unknown as Socket).emit('nonsense', { a: 1 });
    s.emit('user:check', 'not an array' as never);
    s.emit('typing:start', 5 as never);
    s.emit('user:login', { evil: true } as never);
    // A 1 MB frame is over maxHttpBufferSize: the server drops that connection, not the process.
    const big = await online(a);
    const dropped = new Promise((resolve) => big.once('disconnect', resolve));
    big.emit(
      'message:send',
      { receiverId: b.id, message: 'x'.repeat(1024 * 1024), clientId: 'big' },
      () => undefined,
    );
    await dropped;
    // Still alive and serving.
    const ok = await send(s, { receiverId: b.id, message: 'still here', clientId: 'k5' });
    expect(ok.ok).toBe(true);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(1);
  });

  it('limits the sending rate per socket', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const s = await online(a);
    // Blank messages cost a token but never reach the database, so the burst is processed at once.
    const acks = await Promise.all(
      Array.from({ length: 130 }, (_, i) => send(s, { receiverId: b.id, message: ' ', clientId: `r${i}` })),
    );
    const limited = acks.filter((x) => !x.ok && x.error === 'Too many messages. Please slow down.');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.length).toBeLessThanOrEqual(10);
    expect(acks.slice(0, 120).every((x) => !x.ok && x.error === 'Please type a message')).toBe(true);
  });

  it('pushes a read receipt to the sender when the receiver opens the conversation', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sa = await online(a);
    expect((await send(sa, { receiverId: b.id, message: 'read me', clientId: 'r1' })).ok).toBe(true);
    const receipt = next(sa, 'message:read');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversation/${a.id}`,
      headers: await authAs(t, b),
    });
    expect(res.statusCode).toBe(200);
    expect(await receipt).toEqual({ readerId: b.id, senderId: a.id, readAt: expect.any(String) });
  });

  it('delivers a message sent over REST to the receiver socket', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sb = await online(b);
    const arrived = next(sb, 'message:new');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await authAs(t, a),
      payload: { receiverId: b.id, content: 'over http', clientId: 'h1' },
    });
    expect(res.statusCode).toBe(201);
    expect(await arrived).toEqual(res.json().message);
  });
});

describe('typing', () => {
  it('relays only to the receiver with the real sender, and stops on disconnect', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const c = await person('Chandra');
    const sa = await online(a);
    const sb = await online(b);
    const sc = await online(c);
    const atB = next(sb, 'typing:start');
    const atC = collect(sc, 'typing:start');
    sa.emit('typing:start', { senderId: c.id, receiverId: b.id });
    expect(await atB).toEqual({ senderId: a.id, receiverId: b.id });
    expect(await atC).toEqual([]);
    const stopped = next(sb, 'typing:stop');
    sa.disconnect();
    expect(await stopped).toEqual({ senderId: a.id, receiverId: b.id });
  });
});

describe('presence', () => {
  it('counts several tabs once and tells conversation partners', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sb = await online(b);
    // They have talked, so they are partners.
    const first = await online(a);
    expect((await send(first, { receiverId: b.id, message: 'hello', clientId: 'p1' })).ok).toBe(true);
    first.disconnect();
    await new Promise((r) => setTimeout(r, 100));

    const cameOnline = next(sb, 'user:online');
    const tab1 = await online(a);
    expect(await cameOnline).toBe(a.id);
    const noRepeat = collect(sb, 'user:online');
    const tab2 = await online(a);
    expect(await noRepeat).toEqual([]);

    const status = next(sb, 'user:status');
    sb.emit('user:check', [a.id, '00000000-0000-4000-8000-000000000000']);
    expect(await status).toEqual({ [a.id]: true, '00000000-0000-4000-8000-000000000000': false });

    const notYet = collect(sb, 'user:offline');
    tab1.disconnect();
    expect(await notYet).toEqual([]);
    const wentOffline = next(sb, 'user:offline');
    tab2.disconnect();
    expect(await wentOffline).toBe(a.id);
    const after = next(sb, 'user:status');
    sb.emit('user:check', [a.id]);
    expect(await after).toEqual({ [a.id]: false });
  });
});

describe('notifications', () => {
  it('pushes a notification when a day scholar accepts the request', async () => {
    const h = await person('Hema', 'hosteller');
    const d = await person('Dev', 'dayscholar');
    const request = await createRequest(t.db, { requester: h, itemName: 'Milk' });
    const sh = await online(h);
    const pushed = next(sh, 'notification');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${request.id}/accept`,
      headers: await authAs(t, d),
    });
    expect(res.statusCode).toBe(200);
    const n = await pushed;
    expect(n).toMatchObject({
      type: 'request_accepted',
      message: 'Dev accepted your request for Milk',
      data: { requestId: request.id },
    });
    expect(n).not.toHaveProperty('userId');
  });
});
