import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@campusrun/shared';
import { sessions } from '../../db/schema';
import { HTTP_MESSAGES, SESSION_REFUSAL_MESSAGES } from '@campusrun/shared';
import { SESSION_LIMITS } from '../../lib/auth';
import { createJwt } from '../../lib/tokens';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD, bearer, createUser, tokenFor } from '../../test/factories';
import { deviceLabel } from './session.presenter';
import { MAX_SESSIONS_PER_USER } from './session.repo';

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

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const DAY = 86_400_000;

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const post = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers });
const list = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
const end = (token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });

/** Signs in with the password from a browser that sends `userAgent`; answers the token. */
async function login(email: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
/** Why GET /auth/me refuses the token: status, reason and message of its answer. */
async function refusalOf(token: string) {
  const res = await me(token);
  return { status: res.statusCode, reason: res.json().reason, message: res.json().message };
}
const ended = { status: 401, reason: 'sessionEnded', message: SESSION_REFUSAL_MESSAGES.sessionEnded };
const expired = { status: 401, reason: 'sessionExpired', message: HTTP_MESSAGES.sessionExpired };
const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

function socket(token: string) {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  open.push(s);
  return new Promise<Client>((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
/** Resolves with the reason once the server has closed the socket (rejects after `ms`). */
const closed = (s: Client, ms = 3000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls `check` until it answers something (throws after 3 s). */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('never happened');
    await wait(50);
  }
}

describe('POST /auth/logout', () => {
  it('sign-out signs out every device: signing out on the phone keeps the laptop signed in and its socket open', async () => {
    const user = await createUser(t.db);
    const phone = await login(user.email, PHONE);
    const laptop = await login(user.email, LAPTOP);
    const phoneSocket = await socket(phone);
    const laptopSocket = await socket(laptop);
    const phoneClosing = closed(phoneSocket);

    const res = await post('/auth/logout', bearer(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    expect(await phoneClosing).toBe('io server disconnect');
    // The token is refused as signed out (the web says why only when another device did it).
    expect(await refusalOf(phone)).toEqual(ended);
    await expect(socket(phone)).rejects.toThrow('unauthorized');

    expect((await me(laptop)).statusCode).toBe(200);
    await wait(200);
    expect(laptopSocket.connected).toBe(true);
    const left = (await list(laptop)).json().sessions;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: sessionIdOf(laptop), device: 'Firefox on Windows', current: true });
  });

  it('needs a live session', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    expect((await post('/auth/logout')).statusCode).toBe(401);
    expect((await post('/auth/logout', bearer(token))).statusCode).toBe(200);
    const again = await post('/auth/logout', bearer(token));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('UNAUTHORIZED');
  });

  it('is described in the API documentation', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const paths = doc.paths;
    expect(paths['/api/auth/logout']?.post).toMatchObject({ tags: ['auth'], summary: 'Sign out' });
    expect(paths['/api/auth/logout-all']?.post).toMatchObject({
      tags: ['auth'],
      summary: 'Sign out of all devices',
    });
    expect(paths['/api/auth/sessions']?.get?.responses['200']).toBeDefined();
    expect(paths['/api/auth/sessions/{id}']?.delete?.responses['200']).toBeDefined();
  });
});

describe('POST /auth/logout-all', () => {
  it('sign-out signs out every device only when asked: signing out of all devices refuses every token and closes every socket', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const phone = await login(user.email, PHONE);
    const laptop = await login(user.email, LAPTOP);
    const someoneElse = await login(other.email, LAPTOP);
    const sockets = [await socket(phone), await socket(laptop)];
    const otherSocket = await socket(someoneElse);
    const closings = sockets.map((s) => closed(s));

    const res = await post('/auth/logout-all', bearer(laptop));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of all devices' });
    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await refusalOf(phone)).toEqual(ended);
    expect(await refusalOf(laptop)).toEqual(ended);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    // Nobody else is touched, and signing in again gives a working session.
    expect((await me(someoneElse)).statusCode).toBe(200);
    expect(otherSocket.connected).toBe(true);
    expect((await me(await login(user.email, PHONE))).statusCode).toBe(200);
    expect((await post('/auth/logout-all')).statusCode).toBe(401);
  });
});

describe('GET /auth/sessions', () => {
  it('lists the account’s signed-in devices with their labels, newest use first, marking this one', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const phone = await login(user.email, PHONE);
    const laptop = await login(user.email, LAPTOP);
    await login(other.email, PHONE);
    // The phone was used a minute before the laptop signed in.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, sessionIdOf(phone)));

    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessions).toEqual([
      {
        id: sessionIdOf(laptop),
        device: 'Firefox on Windows',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: true,
      },
      {
        id: sessionIdOf(phone),
        device: 'Chrome on Android',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: false,
      },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/Mozilla|userAgent|tokenVersion/);
    expect((await list(phone)).json().sessions.map((s: { current: boolean }) => s.current)).toEqual([
      false,
      true,
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  it('labels devices from their user agent', () => {
    const cases: [string, string][] = [
      [PHONE, 'Chrome on Android'],
      [LAPTOP, 'Firefox on Windows'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
        'Edge on macOS',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Samsung Internet on Android',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [
        'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
        'Chrome on ChromeOS',
      ],
      ['curl/8.5.0', 'Unknown device'],
      ['', 'Unknown device'],
    ];
    for (const [ua, label] of cases) expect(deviceLabel(ua)).toBe(label);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per account, ending the least recently used`, async () => {
    const user = await createUser(t.db);
    const first = await tokenFor(t, user);
    const tokens = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) tokens.push(await tokenFor(t, user));
    expect((await me(first)).statusCode).toBe(401);
    const listed = (await list(tokens[0]!)).json().sessions;
    expect(listed).toHaveLength(MAX_SESSIONS_PER_USER);
    expect((await me(tokens.at(-1)!)).statusCode).toBe(200);
  });

  it('keeps the user agent short and printable', async () => {
    const user = await createUser(t.db);
    const token = await login(user.email, `  ${'Firefox/127.0 '.repeat(40)}\t `);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(token)));
    expect(row!.userAgent.length).toBeLessThanOrEqual(300);
    expect(row!.userAgent).toMatch(/^Firefox\/127\.0 Firefox/);
    expect(row!.userAgent).not.toMatch(/\t|\s$|\s\s/);
    expect((await list(token)).json().sessions[0].device).toBe('Firefox');
  });
});

describe('DELETE /auth/sessions/{id}', () => {
  it('signs out another of your devices: its token is refused and its socket closes, this one carries on', async () => {
    const user = await createUser(t.db);
    const phone = await login(user.email, PHONE);
    const laptop = await login(user.email, LAPTOP);
    const phoneSocket = await socket(phone);
    const laptopSocket = await socket(laptop);
    const closing = closed(phoneSocket);

    const res = await end(laptop, sessionIdOf(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Device signed out' });
    expect(await closing).toBe('io server disconnect');
    expect(await refusalOf(phone)).toEqual(ended);
    expect((await me(laptop)).statusCode).toBe(200);
    expect(laptopSocket.connected).toBe(true);
    // Already ended: nothing to end any more.
    expect((await end(laptop, sessionIdOf(phone))).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and leaves it signed in", async () => {
    const mallory = await createUser(t.db);
    const victim = await createUser(t.db);
    const attacker = await login(mallory.email, LAPTOP);
    const victimToken = await login(victim.email, PHONE);

    const res = await end(attacker, sessionIdOf(victimToken));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Session not found');
    expect((await me(victimToken)).statusCode).toBe(200);
    for (const bad of ['not-a-session', '00000000-0000-4000-8000-000000000000'])
      expect((await end(attacker, bad)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${sessionIdOf(victimToken)}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('idle sessions', () => {
  it(`a session idle for ${SESSION_LIMITS.idleDays} days has expired: refused and no longer listed`, async () => {
    const user = await createUser(t.db);
    const idle = await login(user.email, PHONE);
    const recent = await login(user.email, LAPTOP);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(sessions.id, sessionIdOf(idle)));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(sessions.id, sessionIdOf(recent)));

    // Left unused, not ended by anyone: it expired.
    expect(await refusalOf(idle)).toEqual(expired);
    await expect(socket(idle)).rejects.toThrow('unauthorized');
    expect((await me(recent)).statusCode).toBe(200);
    const listed = (await list(recent)).json().sessions;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(recent)]);
    // Using it moved its last-seen time to now (written beside the answer, not before it).
    const [row] = await until(async () => {
      const rows = await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(recent)));
      return Date.now() - rows[0]!.lastSeenAt.getTime() < 60_000 ? rows : undefined;
    });
    expect(row).toBeDefined();

    // The next sign-in sweeps the expired row away.
    await login(user.email, PHONE);
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(idle)));
    expect(rows).toEqual([]);
  });

  it('writes the last-seen time at most every few minutes, not on every call', async () => {
    const fresh = await createUser(t.db);
    const stale = await createUser(t.db);
    const freshToken = await login(fresh.email, PHONE);
    const staleToken = await login(stale.email, PHONE);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: twoMinutesAgo }).where(eq(sessions.userId, fresh.id));
    await t.db.update(sessions).set({ lastSeenAt: sixMinutesAgo }).where(eq(sessions.userId, stale.id));
    const lastSeen = async (userId: string) =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!.lastSeenAt.getTime();

    for (let i = 0; i < 3; i++) {
      expect((await me(freshToken)).statusCode).toBe(200);
      expect((await me(staleToken)).statusCode).toBe(200);
    }
    await until(async () => Date.now() - (await lastSeen(stale.id)) < 60_000 || undefined);
    expect(await lastSeen(fresh.id)).toBe(twoMinutesAgo.getTime());
  });
});

describe('a password change', () => {
  it('keeps this device signed in and signs out the others', async () => {
    const user = await createUser(t.db);
    const phone = await login(user.email, PHONE);
    const laptop = await login(user.email, LAPTOP);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(laptop),
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-brand-new-password' },
    });
    expect(res.statusCode).toBe(200);
    const renewed = res.json().token as string;
    expect(sessionIdOf(renewed)).toBe(sessionIdOf(laptop));
    expect((await me(renewed)).statusCode).toBe(200);
    expect(await refusalOf(laptop)).toEqual(ended);
    expect(await refusalOf(phone)).toEqual(ended);
    const listed = (await list(renewed)).json().sessions;
    expect(listed).toEqual([expect.objectContaining({ id: sessionIdOf(laptop), current: true })]);
  });

  it('by reset link signs out every device', async () => {
    const user = await createUser(t.db);
    const phone = await login(user.email, PHONE);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = await t.smtp.latestResetToken(user.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'reset-to-this-one' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'reset-to-this-one' },
    });
    expect((await list(again.json().token)).json().sessions).toHaveLength(1);
  });
});

describe('why a token is refused', () => {
  it('an expired token, or one that is not ours, has expired; none at all is asked to sign in', async () => {
    const user = await createUser(t.db);
    const live = await login(user.email, PHONE);
    // The same session's claims, signed with our key, an hour past their expiry.
    const claims = { sub: user.id, tv: user.tokenVersion, sid: sessionIdOf(live) };
    const past = Math.floor(Date.now() / 1000) - 3600;
    const outOfDate = await createJwt(t.config.jwtSecret, '1h').sign(claims, past);
    expect(await refusalOf(outOfDate)).toEqual(expired);
    const otherKey = await createJwt('another-secret-that-is-long-enough-for-hs256', '1h').sign(claims);
    expect(await refusalOf(otherKey)).toEqual(expired);
    expect(await refusalOf('not-a-token')).toEqual(expired);
    // Nobody's session ended: the real token still works.
    expect((await me(live)).statusCode).toBe(200);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ reason: 'unauthorized', message: HTTP_MESSAGES.signInFirst });
  });
});
