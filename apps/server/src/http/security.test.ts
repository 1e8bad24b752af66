import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createUser, DEFAULT_PASSWORD, tokenFor } from '../test/factories';

/** The limits a deployment gets when it sets none. */
const defaults = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' }).rateLimits;
/** The proxy every request passes, and the hostel's one public address behind it. */
const PROXY = '127.0.0.1';
const HOSTEL = '203.0.113.7';
const fromHostel = { 'x-forwarded-for': HOSTEL };

/** Runs `work` on every item, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

const sockets: Socket[] = [];
/** Resolves once connected; rejects with the handshake's refusal. */
function socket(url: string, token: string, headers: Record<string, string>) {
  const s = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    extraHeaders: headers,
  });
  sockets.push(s);
  return new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
}

describe('campus behind one address (default limits)', () => {
  let t: TestApp;
  let url: string;
  const call = (token: string | null, path = '/api/auth/me') =>
    t.app.inject({
      url: path,
      remoteAddress: PROXY,
      headers: { ...fromHostel, ...(token ? bearer(token) : {}) },
    });
  const newStudents = (n: number) =>
    inBatches(Array.from({ length: n }), 25, async () => tokenFor(t, await createUser(t.db)));

  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: defaults, trustProxy: [PROXY] });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  it('campus behind one address: 300 accounts each making 20 calls within a minute and opening a socket get no 429', async () => {
    const tokens = await newStudents(300);
    const statuses = new Map<number, number>();
    await inBatches(tokens, 30, async (token) => {
      // The signed-out settings every screen loads first, then the student's own calls.
      const codes = [(await call(null, '/api/config')).statusCode];
      for (let i = 0; i < 20; i++) codes.push((await call(token)).statusCode);
      for (const code of codes) statuses.set(code, (statuses.get(code) ?? 0) + 1);
    });
    expect(Object.fromEntries(statuses)).toEqual({ 200: 300 * 21 });
    // Every student's socket connects at once, as after a restart.
    const refused: unknown[] = [];
    await inBatches(tokens, 50, (token) =>
      socket(url, token, fromHostel).catch((err: unknown) => void refused.push(err)),
    );
    expect(refused).toEqual([]);
  }, 120_000);

  it('campus behind one address: one account making 1,000 calls a minute gets 429 for itself only; its neighbours still get 200', async () => {
    const [greedy, neighbour] = await newStudents(2);
    const codes = new Map<number, number>();
    await inBatches(Array.from({ length: 1000 }), 50, async () => {
      const { statusCode } = await call(greedy!);
      codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1);
    });
    expect(Object.fromEntries(codes)).toEqual({ 200: defaults.account, 429: 1000 - defaults.account });
    const refused = await call(greedy!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'rateLimited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same address: a neighbour's calls, a signed-out page load and a socket all go through.
    expect((await call(neighbour!)).statusCode).toBe(200);
    expect((await call(null, '/api/config')).statusCode).toBe(200);
    await socket(url, neighbour!, fromHostel);
  }, 60_000);

  it('campus behind one address: 40 students signing in from the hostel within a minute all get in; guesses at one account from there stop at its own limit', async () => {
    const users = await inBatches(Array.from({ length: 40 }), 20, () => createUser(t.db));
    const login = (email: string, password = DEFAULT_PASSWORD) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: PROXY,
        headers: fromHostel,
        payload: { email, password },
      });
    const codes = await inBatches(users, 10, async (u) => (await login(u.email)).statusCode);
    expect(codes).toEqual(Array(40).fill(200));

    // Someone in the hostel hammers one classmate's account: it stops at the per-target limit…
    const target = users[0]!;
    const guesses: number[] = [];
    for (let i = 0; i < defaults.authTarget + 1; i++)
      guesses.push((await login(target.email, `wrong-${i}`)).statusCode);
    expect(guesses.at(-1)).toBe(429);
    // …while everyone else in the hostel still signs in, and the owner elsewhere too.
    expect((await login(users[1]!.email)).statusCode).toBe(200);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.20' },
      payload: { email: target.email, password: DEFAULT_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  }, 60_000);
  it('campus behind one address: the health check and readiness keep their own allowances, apart from each other and from API calls', async () => {
    const probe = (path: string) =>
      t.app.inject({ url: path, remoteAddress: PROXY, headers: { 'x-forwarded-for': '192.0.2.50' } });
    for (let i = 0; i < 60; i++) expect((await probe('/api/health')).statusCode).toBe(200);
    expect((await probe('/api/health')).statusCode).toBe(429);
    expect((await probe('/api/health/ready')).statusCode).toBe(200);
    expect((await probe('/api/config')).statusCode).toBe(200);
  });
});

describe('campus behind one address (attacks on the keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { global: 5, account: 1000, address: 40 }, trustProxy: [PROXY] });
  });
  afterAll(() => t.close());
  const call = (headers: Record<string, string>, from = HOSTEL, url = '/api/auth/me') =>
    t.app.inject({
      url,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': from, ...headers },
    });

  it('campus behind one address: a token that does not check out (forged, another secret, garbage) counts against the address, never as a fresh account', async () => {
    const user = await createUser(t.db);
    const real = await tokenFor(t, user);
    const [head, body] = real.split('.');
    const forged = [`${head}.${body}.${'A'.repeat(43)}`, 'not-a-token', `${head}.e30.x`];
    // Each a new key if the limit believed them; all one address's calls in fact.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call(bearer(forged[i % 3]!), '198.51.100.1', '/api/config')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // A real account from that address is not held back by it.
    expect((await call(bearer(real), '198.51.100.1', '/api/config')).statusCode).toBe(200);
    expect((await call(bearer(real), '198.51.100.1')).statusCode).toBe(200);
  });

  it('campus behind one address: the per-address ceiling still stops a flood from one address, signed in or not', async () => {
    const tokens = await Promise.all([1, 2, 3, 4].map(async () => tokenFor(t, await createUser(t.db))));
    const codes = new Set<number>();
    for (let i = 0; i < 40; i++) codes.add((await call(bearer(tokens[i % 4]!), '198.51.100.2')).statusCode);
    expect([...codes]).toEqual([200]);
    expect((await call(bearer(tokens[0]!), '198.51.100.2')).statusCode).toBe(429);
    // Another address is untouched.
    expect((await call(bearer(tokens[0]!), '198.51.100.3')).statusCode).toBe(200);
  });
});
