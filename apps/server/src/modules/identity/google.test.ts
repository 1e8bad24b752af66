import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { buildApp } from '../../app';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app';
import { bearer, createUser, uniqueEmail } from '../../test/factories';
import { PAGE_COOKIE } from '../../lib/page-session';
import { EXCHANGE_COOKIE } from './google.service';

let provider: OAuth2Server;
let t: TestApp;
let nextClaims: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    // The id_token carries the claims this test chose; the access token gets them too, harmlessly.
    Object.assign(token.payload, { aud: 'campusrun-client', ...nextClaims });
  });
  t = await buildTestApp({
    google: { clientId: 'campusrun-client', clientSecret: 'shh', issuer: provider.issuer.url! },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

interface Flow {
  callback: URL;
  cookie: string;
}

/** Follows /api/auth/google to the provider and back to the provider's redirect to our callback. */
async function beginFlow(): Promise<Flow> {
  const start = await t.app.inject('/api/auth/google');
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const res = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(res.headers.get('location')!);
  return { callback, cookie: setCookie.split(';')[0]! };
}

const finish = (flow: Flow, url = flow.callback) =>
  t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie: flow.cookie } });

/** The exchange cookie a callback answer set, as a browser would send it back. */
function exchangeCookieOf(res: { headers: Record<string, unknown> }) {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  return cookies.find((c) => c.startsWith(`${EXCHANGE_COOKIE}=`))?.split(';')[0];
}

const exchange = (code: string | null, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/google/exchange',
    payload: { code },
    headers: cookie ? { cookie } : {},
  });

/** What the callback page does: read the code from the address and trade it, with the cookie. */
async function tokenFrom(res: { headers: Record<string, unknown> }) {
  const target = new URL(res.headers.location as string, 'http://x');
  const answer = await exchange(target.searchParams.get('code'), exchangeCookieOf(res));
  const body = answer.statusCode === 200 ? answer.json() : undefined;
  return {
    path: target.pathname,
    token: body?.token as string | undefined,
    complete: body === undefined ? null : String(body.completeProfile),
  };
}

describe('Google sign-in', () => {
  it('sock puppets: a sub-address from the provider signs in to its mailbox’s account, or makes one under the mailbox', async () => {
    const owner = await createUser(t.db, { name: 'Maya Mailbox' });
    const [local, domain] = owner.email.split('@');
    nextClaims = { sub: `sub-${owner.email}-1`, email: `${local}+g@${domain}`, email_verified: true };
    const linked = await tokenFrom(await finish(await beginFlow()));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(linked.token!) });
    expect(me.json().user).toMatchObject({ id: owner.id, email: owner.email });

    const mailbox = uniqueEmail('gnew');
    const [newLocal, newDomain] = mailbox.split('@');
    nextClaims = { sub: `sub-${mailbox}`, email: `${newLocal}+tag@${newDomain}`, email_verified: true };
    const created = await tokenFrom(await finish(await beginFlow()));
    const fresh = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(created.token!) });
    expect(fresh.json().user.email).toBe(mailbox);
  });

  it('creates a new account that must complete its profile, once', async () => {
    const email = uniqueEmail('google');
    nextClaims = { sub: `sub-${email}`, email, email_verified: true, name: 'Gita Google' };
    const res = await finish(await beginFlow());
    expect(res.statusCode).toBe(302);
    const { path, token, complete } = await tokenFrom(res);
    expect(path).toBe('/auth/google-callback');
    expect(complete).toBe('true');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token!) });
    expect(me.json().user).toMatchObject({
      email,
      name: 'Gita Google',
      role: null,
      isVerified: true,
      isProfileComplete: false,
    });

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/complete-google-profile',
      headers: bearer(token!),
      payload: { role: 'hosteller', phoneNumber: '' },
    });
    expect(bad.json().errors).toEqual([
      { param: 'phoneNumber', msg: 'Phone number is required' },
      { param: 'hostelBlock', msg: 'Hostel block is required' },
      { param: 'roomNumber', msg: 'Room number is required' },
    ]);
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/users/complete-google-profile',
      headers: bearer(token!),
      payload: { role: 'hosteller', phoneNumber: '9876543210', hostelBlock: 'Block D', roomNumber: '7' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({
      role: 'hosteller',
      isProfileComplete: true,
      hostelBlock: 'Block D',
    });

    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/users/complete-google-profile',
      headers: bearer(token!),
      payload: { role: 'dayscholar', phoneNumber: '9876543210' },
    });
    expect(again.statusCode).toBe(409);

    const secondSignIn = await finish(await beginFlow());
    expect((await tokenFrom(secondSignIn)).complete).toBe('false');
  });

  it('links an existing account with the same e-mail', async () => {
    const existing = await createUser(t.db, { role: 'dayscholar' });
    nextClaims = {
      sub: `sub-${existing.email}`,
      email: existing.email.toUpperCase(),
      email_verified: true,
      name: 'X',
    };
    const res = await finish(await beginFlow());
    const { token, complete } = await tokenFrom(res);
    expect(complete).toBe('false');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token!) });
    expect(me.json().user).toMatchObject({ id: existing.id, role: 'dayscholar' });
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.googleSub).toBe(`sub-${existing.email}`);
  });

  it('drops the password of an unverified look-alike account it links (no pre-registration takeover)', async () => {
    const squatted = await createUser(t.db, { verified: false, password: 'attacker-password' });
    nextClaims = { sub: `sub-${squatted.email}`, email: squatted.email, email_verified: true };
    const res = await finish(await beginFlow());
    expect((await tokenFrom(res)).path).toBe('/auth/google-callback');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatted.email, password: 'attacker-password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an address outside the campus domain and an unverified e-mail', async () => {
    nextClaims = { sub: 'sub-outsider', email: 'someone@gmail.com', email_verified: true };
    expect((await finish(await beginFlow())).headers.location).toBe('/login?error=google_auth_failed');
    nextClaims = { sub: 'sub-unverified', email: uniqueEmail('unv'), email_verified: false };
    expect((await finish(await beginFlow())).headers.location).toBe('/login?error=google_auth_failed');
  });

  it('refuses a tampered state, a missing cookie and a replayed callback', async () => {
    nextClaims = { sub: 'sub-replay', email: uniqueEmail('replay'), email_verified: true };
    const tampered = await beginFlow();
    const url = new URL(tampered.callback);
    url.searchParams.set('state', 'forged-state');
    expect((await finish(tampered, url)).headers.location).toBe('/login?error=google_auth_failed');

    const noCookie = await beginFlow();
    const res = await t.app.inject(noCookie.callback.pathname + noCookie.callback.search);
    expect(res.headers.location).toBe('/login?error=google_auth_failed');

    const flow = await beginFlow();
    expect((await tokenFrom(await finish(flow))).path).toBe('/auth/google-callback');
    expect((await finish(flow)).headers.location).toBe('/login?error=google_auth_failed');
  });

  it('after the account is deleted (DELETE typed soon after signing in), the same Google account signs up anew', async () => {
    const email = uniqueEmail('gleaver');
    nextClaims = { sub: `sub-${email}`, email, email_verified: true, name: 'Gauri Leaver' };
    const first = await tokenFrom(await finish(await beginFlow()));
    const auth = bearer(first.token!);
    const oldId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).json().user.id;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: auth,
      payload: { confirm: 'DELETE' },
    });
    expect(gone.statusCode).toBe(200);

    const again = await tokenFrom(await finish(await beginFlow()));
    expect(again.complete).toBe('true');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(again.token!) });
    expect(me.json().user).toMatchObject({ email, name: 'Gauri Leaver', isProfileComplete: false });
    expect(me.json().user.id).not.toBe(oldId);
  });

  it('the exchange sets the page cookie of the new session (and clears the exchange cookie); a refused one sets none', async () => {
    nextClaims = { sub: 'sub-page-cookie', email: uniqueEmail('pagecookie'), email_verified: true };
    const res = await finish(await beginFlow());
    const code = new URL(res.headers.location as string, 'http://x').searchParams.get('code');
    const answer = await exchange(code, exchangeCookieOf(res));
    expect(answer.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(answer.headers['set-cookie'] as string | string[]);
    expect(cookies.find((c) => c.startsWith(`${EXCHANGE_COOKIE}=`))).toMatch(/Max-Age=0/);
    const page = cookies.find((c) => c.startsWith(`${PAGE_COOKIE}=`))!;
    expect(page).toMatch(
      /^campusrun_page=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    const resolved = await t.app.pageSessions.resolve(page.split(';')[0]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(answer.json().token),
    });
    expect(resolved?.actor.id).toBe(me.json().user.id);

    const refused = await exchange(code, exchangeCookieOf(res));
    expect(refused.statusCode).toBe(400);
    expect(String(refused.headers['set-cookie'])).not.toContain(`${PAGE_COOKIE}=`);
  });
});

describe('Google callback login CSRF', () => {
  it("Google callback login CSRF: a link with an attacker's code does not sign the victim in", async () => {
    nextClaims = { sub: 'sub-attacker', email: uniqueEmail('attacker'), email_verified: true };
    const res = await finish(await beginFlow());
    const code = new URL(res.headers.location as string, 'http://x').searchParams.get('code');
    expect(code).toBeTruthy();
    // The victim's browser opens the crafted link: it has no cookie of the attacker's sign-in …
    const victim = await exchange(code);
    expect(victim.statusCode).toBe(400);
    expect(victim.json()).toEqual({
      message: 'Authentication failed. Please try again.',
      code: 'VALIDATION_FAILED',
      reason: 'invalidInput',
    });
    // … nor does a cookie of its own sign-in fit another code.
    nextClaims = { sub: 'sub-victim', email: uniqueEmail('victim'), email_verified: true };
    const own = await finish(await beginFlow());
    expect((await exchange(code, exchangeCookieOf(own))).statusCode).toBe(400);
  });

  it('Google callback login CSRF: no JWT in any address, and a code works once', async () => {
    nextClaims = { sub: 'sub-once', email: uniqueEmail('once'), email_verified: true };
    const res = await finish(await beginFlow());
    const location = res.headers.location as string;
    expect(location).not.toMatch(/token=|eyJ/);
    const target = new URL(location, 'http://x');
    expect([...target.searchParams.keys()]).toEqual(['code']);
    const cookie = exchangeCookieOf(res)!;
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const first = await exchange(target.searchParams.get('code'), cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toMatch(/^eyJ/);
    expect((await exchange(target.searchParams.get('code'), cookie)).statusCode).toBe(400);
  });

  it('Google callback login CSRF: an expired code is refused', async () => {
    nextClaims = { sub: 'sub-late', email: uniqueEmail('late'), email_verified: true };
    const res = await finish(await beginFlow());
    const code = new URL(res.headers.location as string, 'http://x').searchParams.get('code');
    const cookie = exchangeCookieOf(res);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect((await exchange(code, cookie)).statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Google sign-in not configured', () => {
  it('sends the browser back to the login page with the not-configured error', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject('/api/auth/google');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=google_auth_not_configured');
    } finally {
      await plain.close();
    }
  });
});

describe('Google sign-in across a key rotation', () => {
  const NEWER = 'newer-key-that-is-long-enough-for-hs256-signing!!';
  /** Another process on the same database whose signing keys are `keys` (newest first). */
  async function processWith(keys: readonly [string, ...string[]]) {
    const config = testConfig({
      google: t.config.google,
      jwtSecrets: keys,
      jwtSecret: keys[0],
      publicUrl: t.config.publicUrl,
    });
    const app = await buildApp(config, t.database);
    await app.ready();
    return app;
  }
  const callbackOn = (app: Awaited<ReturnType<typeof processWith>>, flow: Flow) =>
    app.inject({
      method: 'GET',
      url: flow.callback.pathname + flow.callback.search,
      headers: { cookie: flow.cookie },
    });

  it('a sign-in begun before the rotation finishes after it, and one sealed with a removed key is refused', async () => {
    const rotated = await processWith([NEWER, t.config.jwtSecret]);
    const removed = await processWith([NEWER]);
    try {
      // Begun under the old key alone; the callback and the exchange happen after the rotation.
      const email = uniqueEmail('rotation');
      nextClaims = { sub: `sub-${email}`, email, email_verified: true, name: 'Rita Rotation' };
      const res = await callbackOn(rotated, await beginFlow());
      const target = new URL(res.headers.location as string, 'http://x');
      expect(target.pathname).toBe('/auth/google-callback');
      const answer = await rotated.inject({
        method: 'POST',
        url: '/api/auth/google/exchange',
        payload: { code: target.searchParams.get('code') },
        headers: { cookie: exchangeCookieOf(res)! },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().user).toMatchObject({ email });

      // The exchange cookie sealed before the rotation opens after it too.
      nextClaims = { sub: `sub-${email}`, email, email_verified: true };
      const before = await finish(await beginFlow());
      const code = new URL(before.headers.location as string, 'http://x').searchParams.get('code');
      const traded = await rotated.inject({
        method: 'POST',
        url: '/api/auth/google/exchange',
        payload: { code },
        headers: { cookie: exchangeCookieOf(before)! },
      });
      expect(traded.statusCode).toBe(200);

      // Once the old key is gone, what it sealed is refused like any forged cookie.
      const stale = await callbackOn(removed, await beginFlow());
      expect(stale.headers.location).toBe('/login?error=google_auth_failed');
    } finally {
      await rotated.close();
      await removed.close();
    }
  });
});
