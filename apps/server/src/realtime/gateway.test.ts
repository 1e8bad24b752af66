import { eq } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCK_MESSAGES,
  CHAT_MESSAGES,
  type ClientToServerEvents,
  type SendAck,
  type ServerToClientEvents,
} from '@campusrun/shared';
import { messages, users } from '../db/schema';
import { HTTP_MESSAGES } from '@campusrun/shared';
import { createJwt } from '../lib/tokens';
import { startSession } from '../modules/identity/session.service';
import { CHAT_SEND_LIMIT, USER_NOT_FOUND } from '../modules/chat/chat.service';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { DEFAULT_PASSWORD, authAs, bearer, createRequest, createUser, tokenFor } from '../test/factories';
import { HANDSHAKE_ERRORS, REALTIME_LIMITS } from './gateway';

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

function client(token: string | undefined, at = url, extraHeaders?: Record<string, string>): Client {
  const s: Client = connect(at, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(extraHeaders ? { extraHeaders } : {}),
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

/** Resolves with the reason once the server has closed the socket (rejects after `ms`). */
const closed = (s: Client, ms = 3000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const send = (s: Client, payload: unknown) =>
  s.timeout(10_000).emitWithAck('message:send', payload as never) as Promise<SendAck>;

async function person(name: string, role: 'hosteller' | 'dayscholar' = 'hosteller') {
  const user = await createUser(t.db, { role, name });
  return { ...user, token: await tokenFor(t, user) };
}
async function online(user: { token: string }) {
  const s = client(user.token);
  await connected(s);
  return s;
}
/** `from` sends `to` one message over REST. */
async function wrote(from: { id: string; tokenVersion: number }, to: { id: string }, content = 'hello') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: await authAs(t, from),
    payload: { receiverId: to.id, content },
  });
  expect(res.statusCode).toBe(201);
}
/** a and b have written to each other (so each may see the other's presence and typing). */
async function talked(a: { id: string; tokenVersion: number }, b: { id: string; tokenVersion: number }) {
  await wrote(a, b);
  await wrote(b, a, 'hi');
}
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });

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

    // A resend (the sender never got the ack) is pushed again, so a receiver whose first push was
    // lost with a dying process still gets it live; nobody is notified twice.
    const againToB = next(b1, 'message:new');
    const notifiedAgain = collect(b1, 'notification', 500);
    const again = await send(a1, { receiverId: b.id, message: 'hi', clientId: 'k1' });
    expect(again).toEqual(ack);
    expect(await againToB).toEqual(ack.message);
    expect(await notifiedAgain).toEqual([]);
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
    s.emit('product:watch', { id: 'not-a-uuid' } as never);
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

  it('chat spam: one sender shares one message limit over every socket and REST', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const tab1 = await online(a);
    const tab2 = await online(a);
    const rest = (i: number) =>
      api('POST', '/chat', a.token, { receiverId: b.id, content: `rest ${i}`, clientId: `s-rest-${i}` });
    const third = Math.floor(CHAT_SEND_LIMIT.points / 3);
    // Both tabs at once, each one message after another (as the app sends them).
    const burst = async (tab: Client, name: string) => {
      const answers: SendAck[] = [];
      for (let i = 0; i < third; i++)
        answers.push(
          await send(tab, { receiverId: b.id, message: `${name} ${i}`, clientId: `s-${name}-${i}` }),
        );
      return answers;
    };
    const answers = (await Promise.all([burst(tab1, 'one'), burst(tab2, 'two')])).flat();
    expect(answers.every((x) => x.ok)).toBe(true);
    for (let i = 0; i < CHAT_SEND_LIMIT.points - 2 * third; i++) expect((await rest(i)).statusCode).toBe(201);

    // The budget is spent: refused on every path, with the same words.
    const overRest = await rest(999);
    expect(overRest.statusCode).toBe(429);
    expect(overRest.json()).toMatchObject({ message: CHAT_MESSAGES.tooMany, code: 'RATE_LIMITED' });
    expect(Number(overRest.headers['retry-after'])).toBeGreaterThan(0);
    for (const s of [tab1, tab2, await online(a)]) {
      expect(await send(s, { receiverId: b.id, message: 'more', clientId: 'more' })).toEqual({
        ok: false,
        error: CHAT_MESSAGES.tooMany,
      });
    }
    expect(await t.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(
      CHAT_SEND_LIMIT.points,
    );
    // Someone else's budget is untouched.
    expect((await send(await online(b), { receiverId: a.id, message: 'hi', clientId: 'b1' })).ok).toBe(true);
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
    await talked(b, a);
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

  it('presence and typing leak to strangers: typing reaches only conversation partners', async () => {
    const a = await person('Asha');
    const partner = await person('Ravi');
    const stranger = await person('Mallory');
    await talked(partner, a);
    const sa = await online(a);
    const atPartner = collect(await online(partner), 'typing:start', 500);
    const atStranger = collect(await online(stranger), 'typing:start', 500);
    sa.emit('typing:start', { senderId: a.id, receiverId: stranger.id });
    sa.emit('typing:start', { senderId: a.id, receiverId: partner.id });
    expect(await atStranger).toEqual([]);
    expect(await atPartner).toEqual([{ senderId: a.id, receiverId: partner.id }]);
    // Once they have talked, the stranger is a partner too.
    await talked(stranger, a);
    const now = next(await online(stranger), 'typing:start');
    sa.emit('typing:start', { senderId: a.id, receiverId: stranger.id });
    expect(await now).toEqual({ senderId: a.id, receiverId: stranger.id });
  });

  it('presence and typing leak to strangers: one socket types to at most 20 people at once', async () => {
    const a = await person('Asha');
    const others = await Promise.all(
      Array.from({ length: REALTIME_LIMITS.typingMax + 3 }, (_, i) => person(`Friend ${i}`)),
    );
    for (const o of others) await talked(o, a);
    const sockets = await Promise.all(others.map(online));
    const heard = sockets.map((s) => collect(s, 'typing:start', 800));
    const sa = await online(a);
    for (const o of others) sa.emit('typing:start', { senderId: a.id, receiverId: o.id });
    const counts = (await Promise.all(heard)).map((got) => got.length);
    expect(counts.filter((n) => n === 1)).toHaveLength(REALTIME_LIMITS.typingMax);
    expect(counts.filter((n) => n === 0)).toHaveLength(3);
  });
});

describe('presence', () => {
  it('counts several tabs once and tells conversation partners', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sb = await online(b);
    // They have written to each other, so they are partners.
    const first = await online(a);
    expect((await send(first, { receiverId: b.id, message: 'hello', clientId: 'p1' })).ok).toBe(true);
    expect((await send(sb, { receiverId: a.id, message: 'hi', clientId: 'p2' })).ok).toBe(true);
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

describe('presence and typing leak to strangers', () => {
  it('presence and typing leak to strangers: user:check reports strangers offline', async () => {
    const me = await person('Asha');
    const partner = await person('Ravi');
    const stranger = await person('Mallory');
    await talked(me, partner);
    await online(partner);
    await online(stranger);
    const sm = await online(me);
    const status = next(sm, 'user:status');
    sm.emit('user:check', [partner.id, stranger.id, me.id]);
    expect(await status).toEqual({ [partner.id]: true, [stranger.id]: false, [me.id]: true });
  });

  it("presence and typing leak to strangers: one user's events share one budget over all their sockets", async () => {
    const a = await person('Asha');
    const tabs = [await online(a), await online(a)];
    let answers = 0;
    for (const s of tabs) s.on('user:status', () => (answers += 1));
    const extra = 20;
    for (let i = 0; i < REALTIME_LIMITS.eventsPerMinute + extra; i++) tabs[i % 2]!.emit('user:check', []);
    // Let every event be processed, then count.
    let seen = -1;
    while (seen !== answers) {
      seen = answers;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(answers).toBe(REALTIME_LIMITS.eventsPerMinute);
    // A message past the budget is refused in its acknowledgement; other users are unaffected.
    expect(await send(tabs[0]!, { receiverId: a.id, message: 'x', clientId: 'over' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.tooMany,
    });
    const b = await online(await person('Ravi'));
    const status = next(b, 'user:status');
    b.emit('user:check', []);
    expect(await status).toEqual({});
  });
});

describe('presence and typing leak after one unsolicited message, and across a block', () => {
  const status = async (s: Client, ids: string[]) => {
    const answer = next(s, 'user:status');
    s.emit('user:check', ids);
    return answer;
  };
  /** Whether `from` typing to `to` reaches `at` (one of `to`'s sockets). */
  const typingReaches = async (from: Client, fromId: string, to: string, at: Client) => {
    const heard = collect(at, 'typing:start', 500);
    from.emit('typing:start', { senderId: fromId, receiverId: to });
    return (await heard).length > 0;
  };

  it('presence and typing leak after one unsolicited message: neither side sees the other until both have written', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    await wrote(a, b);
    const sb = await online(b);
    const announced = collect(sb, 'user:online', 500);
    const sa = await online(a);
    expect(await announced).toEqual([]);
    expect(await status(sb, [a.id])).toEqual({ [a.id]: false });
    expect(await status(sa, [b.id])).toEqual({ [b.id]: false });
    expect(await typingReaches(sa, a.id, b.id, sb)).toBe(false);
    expect(await typingReaches(sb, b.id, a.id, sa)).toBe(false);

    // A reply: now both have written, and both see.
    await wrote(b, a, 'who is this?');
    expect(await status(sb, [a.id])).toEqual({ [a.id]: true });
    expect(await status(sa, [b.id])).toEqual({ [b.id]: true });
    expect(await typingReaches(sa, a.id, b.id, sb)).toBe(true);
    expect(await typingReaches(sb, b.id, a.id, sa)).toBe(true);
    const wentOffline = next(sb, 'user:offline');
    sa.disconnect();
    expect(await wentOffline).toBe(a.id);
  });

  it('presence and typing leak across a block: a block on open sockets ends them both ways at once', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    await talked(a, b);
    const sa = await online(a);
    const sb = await online(b);
    expect(await status(sb, [a.id])).toEqual({ [a.id]: true });
    expect(await typingReaches(sa, a.id, b.id, sb)).toBe(true);
    expect(await typingReaches(sb, b.id, a.id, sa)).toBe(true);

    // b blocks a while a is typing to b; a's open socket is shown b offline and b is shown a stopped.
    const [aStopped, aOffline, bOffline] = [
      next(sb, 'typing:stop'),
      next(sb, 'user:offline'),
      next(sa, 'user:offline'),
    ];
    expect((await api('POST', `/users/${a.id}/block`, b.token)).statusCode).toBe(200);
    expect(await aStopped).toEqual({ senderId: a.id, receiverId: b.id });
    expect(await aOffline).toBe(a.id);
    expect(await bOffline).toBe(b.id);

    // On the same sockets, without reconnecting: no typing, no presence, either way.
    expect(await typingReaches(sa, a.id, b.id, sb)).toBe(false);
    expect(await typingReaches(sb, b.id, a.id, sa)).toBe(false);
    expect(await status(sa, [b.id])).toEqual({ [b.id]: false });
    expect(await status(sb, [a.id])).toEqual({ [a.id]: false });
    const announced = collect(sa, 'user:online', 500);
    const gone = collect(sa, 'user:offline', 500);
    sb.disconnect();
    await online(b);
    expect(await gone).toEqual([]);
    expect(await announced).toEqual([]);

    // Unblocking lets them see each other again.
    expect((await api('DELETE', `/users/${a.id}/block`, b.token)).statusCode).toBe(200);
    expect(await status(sa, [b.id])).toEqual({ [b.id]: true });
  });
});

describe('open sockets outlive revocation', () => {
  it('open sockets outlive revocation: a password change closes every socket of the account; the new token connects', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    await talked(a, b);
    const tabs = [await online(a), await online(a)];
    const sb = await online(b);
    const closings = tabs.map((s) => closed(s));
    const res = await api('PUT', '/users/change-password', a.token, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'a-brand-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(connected(client(a.token))).rejects.toThrow(HANDSHAKE_ERRORS.unauthorized);
    // The device that changed it carries on with the token it got back.
    const fresh = await online({ token: res.json().token });
    expect((await send(fresh, { receiverId: b.id, message: 'still me', clientId: 'pc1' })).ok).toBe(true);
    // Nobody else is touched.
    expect(sb.connected).toBe(true);
  });

  it('open sockets outlive revocation: a password reset closes the sockets', async () => {
    const a = await person('Asha');
    const s = await online(a);
    const closing = closed(s);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: a.email } });
    const token = await t.smtp.latestResetToken(a.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'reset-to-this-one' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await closing).toBe('io server disconnect');
  });

  it('open sockets outlive revocation: signing out closes the sockets of that device only', async () => {
    const a = await person('Asha');
    const phone = await online(a);
    const otherTab = await online(a);
    const laptop = await online({ token: await tokenFor(t, a) });
    const closings = [closed(phone), closed(otherTab)];
    expect((await api('POST', '/auth/logout', a.token)).statusCode).toBe(200);
    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(laptop.connected).toBe(true);
  });

  it('open sockets outlive revocation: signing out of all devices closes the sockets of every device', async () => {
    const a = await person('Asha');
    const phone = await online(a);
    const laptop = await online({ token: await tokenFor(t, a) });
    const closings = [closed(phone), closed(laptop)];
    expect((await api('POST', '/auth/logout-all', a.token)).statusCode).toBe(200);
    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('open sockets outlive revocation: a change of the user has the socket check its session again before the next message', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const c = await person('Chitra');
    const s = await online(a);
    expect((await send(s, { receiverId: b.id, message: 'before', clientId: 'rv0' })).ok).toBe(true);
    // Revoked behind the gateway's back (no event); then a change of the user is heard (c blocks
    // a): the next message checks the session and finds it gone.
    await t.db
      .update(users)
      .set({ tokenVersion: a.tokenVersion + 1 })
      .where(eq(users.id, a.id));
    expect((await api('POST', `/users/${a.id}/block`, c.token)).statusCode).toBe(200);
    const closing = closed(s);
    expect(await send(s, { receiverId: b.id, message: 'after revocation', clientId: 'rv1' })).toEqual({
      ok: false,
      error: HTTP_MESSAGES.sessionExpired,
    });
    expect(await closing).toBe('io server disconnect');
    expect(await t.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(1);
  });

  it('open sockets outlive revocation: a socket is closed when its token expires', async () => {
    const a = await person('Asha');
    const shortLived = await startSession({ db: t.db, jwt: createJwt(t.config.jwtSecret, '2s') }, a);
    const s = client(shortLived);
    await connected(s);
    const started = Date.now();
    expect(await closed(s, 4000)).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(3500);
    await expect(connected(client(shortLived))).rejects.toThrow(HANDSHAKE_ERRORS.unauthorized);
  });
});

/** Sends at once: the acknowledgement, or 'unanswered' when the socket went first. */
const trySend = (s: Client, payload: unknown) =>
  (s.timeout(1500).emitWithAck('message:send', payload as never) as Promise<SendAck>).catch(
    () => 'unanswered' as const,
  );
const sentBy = async (userId: string) =>
  (await t.db.select().from(messages).where(eq(messages.senderId, userId))).length;

describe('a session that ended sends nothing more', () => {
  type Person = Awaited<ReturnType<typeof person>>;
  /** `end` ends a's session; its socket's next message is refused (or finds it closed), and none is stored. */
  async function nextMessageRefused(end: (a: Person) => Promise<void>) {
    const a = await person('Asha');
    const b = await person('Ravi');
    const s = await online(a);
    expect((await send(s, { receiverId: b.id, message: 'before', clientId: 'se0' })).ok).toBe(true);
    const closing = closed(s);
    await end(a);
    const after = await trySend(s, { receiverId: b.id, message: 'after', clientId: 'se1' });
    expect(after === 'unanswered' || (!after.ok && after.error === HTTP_MESSAGES.sessionExpired)).toBe(true);
    expect(await closing).toBe('io server disconnect');
    expect(await sentBy(a.id)).toBe(1);
  }

  it('after signing out', () =>
    nextMessageRefused(async (a) => {
      expect((await api('POST', '/auth/logout', a.token)).statusCode).toBe(200);
    }));

  it('after signing out of all devices', () =>
    nextMessageRefused(async (a) => {
      expect((await api('POST', '/auth/logout-all', a.token)).statusCode).toBe(200);
    }));

  it('after a password change', () =>
    nextMessageRefused(async (a) => {
      const res = await api('PUT', '/users/change-password', a.token, {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'a-brand-new-password',
      });
      expect(res.statusCode).toBe(200);
    }));

  it('after a suspension', () =>
    nextMessageRefused(async (a) => {
      const reporter = await person('Rekha');
      const moderator = await person('Mohan', 'dayscholar');
      await t.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
      const report = await api('POST', '/reports', reporter.token, {
        targetType: 'user',
        targetId: a.id,
        reason: 'harassment',
      });
      expect(report.statusCode).toBe(201);
      const decided = await api('PUT', `/moderation/reports/${report.json().report.id}`, moderator.token, {
        action: 'suspend',
        reason: 'Threatening messages',
        days: 3,
      });
      expect(decided.statusCode).toBe(200);
    }));
});

describe('who may be written to, as the server keeps it', () => {
  it('a block made a moment ago stops the next message, either way; unblocking lets it through', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sa = await online(a);
    const sb = await online(b);
    expect((await send(sa, { receiverId: b.id, message: 'hi', clientId: 'bl0' })).ok).toBe(true);
    expect((await send(sb, { receiverId: a.id, message: 'hey', clientId: 'bl1' })).ok).toBe(true);

    expect((await api('POST', `/users/${a.id}/block`, b.token)).statusCode).toBe(200);
    const refused = { ok: false, error: BLOCK_MESSAGES.cannotMessage };
    expect(await send(sa, { receiverId: b.id, message: 'still there?', clientId: 'bl2' })).toEqual(refused);
    expect(await send(sb, { receiverId: a.id, message: 'bye', clientId: 'bl3' })).toEqual(refused);

    expect((await api('DELETE', `/users/${a.id}/block`, b.token)).statusCode).toBe(200);
    expect((await send(sa, { receiverId: b.id, message: 'friends again', clientId: 'bl4' })).ok).toBe(true);
  });

  it('a deleted account is written to no more, from the next message on', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sa = await online(a);
    expect((await send(sa, { receiverId: b.id, message: 'hi', clientId: 'dl0' })).ok).toBe(true);
    const gone = await api('DELETE', '/users/me', b.token, { password: DEFAULT_PASSWORD });
    expect(gone.statusCode).toBe(200);
    expect(await send(sa, { receiverId: b.id, message: 'hello?', clientId: 'dl1' })).toEqual({
      ok: false,
      error: USER_NOT_FOUND,
    });
  });

  it('a message from a checked socket to a known member reads no session, account or block', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sa = await online(a);
    expect((await send(sa, { receiverId: b.id, message: 'first', clientId: 'st0' })).ok).toBe(true);
    const statements: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof query>) {
      const q = args[0] as string | { name?: string; text: string };
      statements.push(typeof q === 'string' ? q : `${q.name ?? ''} ${q.text}`);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      expect((await send(sa, { receiverId: b.id, message: 'second', clientId: 'st1' })).ok).toBe(true);
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(statements.some((q) => q.includes('insert into "messages"'))).toBe(true);
    expect(statements.filter((q) => /session_user|user_blocks|deleted_at/.test(q))).toEqual([]);
  });
});

describe('too many messages at once', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Keeps every connection of the test database's pool (five) busy for 1.5 s; `held` ends then. */
  async function holdPool() {
    const held = Promise.all([1, 2, 3, 4, 5].map(() => t.database.query('select pg_sleep(1.5)')));
    await pause(100);
    return { held };
  }
  const busy = {
    ok: false,
    error: CHAT_MESSAGES.busy,
    reason: 'busy',
    retryAfter: expect.any(Number) as number,
  };

  it('past the bound of one member’s messages on their way, the next is refused at once with when to send it again', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const c = await person('Chitra');
    const sa = await online(a);
    const sc = await online(c);
    expect((await send(sa, { receiverId: b.id, message: 'hi', clientId: 'bp-warm' })).ok).toBe(true);
    expect((await send(sc, { receiverId: b.id, message: 'hi', clientId: 'bp-warm' })).ok).toBe(true);

    const { held } = await holdPool();
    const waiting = Array.from({ length: REALTIME_LIMITS.sendsInFlightPerMember }, (_, i) =>
      send(sa, { receiverId: b.id, message: `on its way ${i}`, clientId: `bp${i}` }),
    );
    await pause(100);
    const started = Date.now();
    const refused = await send(sa, { receiverId: b.id, message: 'one too many', clientId: 'bp-over' });
    expect(Date.now() - started).toBeLessThan(500);
    expect(refused).toEqual(busy);
    const { retryAfter } = refused as { retryAfter: number };
    expect(retryAfter).toBeGreaterThanOrEqual(REALTIME_LIMITS.retryAfterMs);
    expect(retryAfter).toBeLessThanOrEqual(2 * REALTIME_LIMITS.retryAfterMs);
    // Another member is not held back by this one.
    const other = send(sc, { receiverId: b.id, message: 'meanwhile', clientId: 'bp-other' });

    await held;
    expect((await Promise.all(waiting)).every((ack) => ack.ok)).toBe(true);
    expect((await other).ok).toBe(true);
    // Sent again after the wait, it goes.
    expect((await send(sa, { receiverId: b.id, message: 'one too many', clientId: 'bp-over' })).ok).toBe(
      true,
    );
  });

  it('while database calls already queue for a connection, a message is refused at once instead of joining them', async () => {
    const a = await person('Asha');
    const b = await person('Ravi');
    const sa = await online(a);
    expect((await send(sa, { receiverId: b.id, message: 'hi', clientId: 'dq-warm' })).ok).toBe(true);

    const { held } = await holdPool();
    const queued = Array.from({ length: REALTIME_LIMITS.dbWaitingMax }, () => t.database.query('select 1'));
    const started = Date.now();
    expect(await send(sa, { receiverId: b.id, message: 'now?', clientId: 'dq1' })).toEqual(busy);
    expect(Date.now() - started).toBeLessThan(500);

    await Promise.all([held, ...queued]);
    expect((await send(sa, { receiverId: b.id, message: 'now?', clientId: 'dq1' })).ok).toBe(true);
  });
});

describe('handshake limit', () => {
  it('refuses too many handshakes of one account with a clear error and when to retry; its neighbours on the same address still connect', async () => {
    const limited = await buildTestApp({ rateLimits: { account: 3 } });
    try {
      const at = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const u = await createUser(limited.db, { name: 'Asha' });
      const token = await tokenFor(limited, u);
      for (let i = 0; i < 3; i++) await connected(client(token, at));
      const refused = await connected(client(token, at)).then(
        () => null,
        (err: Error & { data?: { retryAfter?: number } }) => err,
      );
      expect(refused?.message).toBe(HANDSHAKE_ERRORS.tooMany);
      expect(refused?.data?.retryAfter).toBeGreaterThan(0);
      // Another session of the same account counts against the same account.
      await expect(connected(client(await tokenFor(limited, u), at))).rejects.toThrow(
        HANDSHAKE_ERRORS.tooMany,
      );
      // Another account from the same address is not held back by it.
      const v = await createUser(limited.db, { name: 'Ravi' });
      await connected(client(await tokenFor(limited, v), at));
    } finally {
      for (const s of open.splice(0)) s.disconnect();
      await limited.close();
    }
  });

  it('refuses handshakes past the per-address ceiling, whatever account; a forwarded-for header from a client that is not a trusted proxy changes nothing', async () => {
    const limited = await buildTestApp({ rateLimits: { address: 3 } });
    try {
      const at = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const tokens = await Promise.all(
        [1, 2, 3, 4].map(async () => tokenFor(limited, await createUser(limited.db))),
      );
      for (const token of tokens.slice(0, 3)) await connected(client(token, at));
      await expect(connected(client(tokens[3]!, at))).rejects.toThrow(HANDSHAKE_ERRORS.tooMany);
      await expect(connected(client(tokens[3]!, at, { 'x-forwarded-for': '203.0.113.9' }))).rejects.toThrow(
        HANDSHAKE_ERRORS.tooMany,
      );
    } finally {
      for (const s of open.splice(0)) s.disconnect();
      await limited.close();
    }
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
