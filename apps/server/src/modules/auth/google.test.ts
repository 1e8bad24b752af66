import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createUser, uniqueEmail } from '../../test/factories';

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

function tokenFrom(location: string) {
  const target = new URL(location, 'http://x');
  return {
    path: target.pathname,
    token: target.searchParams.get('token'),
    complete: target.searchParams.get('complete_profile'),
  };
}

describe('Google sign-in', () => {
  it('creates a new account that must complete its profile, once', async () => {
    const email = uniqueEmail('google');
    nextClaims = { sub: `sub-${email}`, email, email_verified: true, name: 'Gita Google' };
    const res = await finish(await beginFlow());
    expect(res.statusCode).toBe(302);
    const { path, token, complete } = tokenFrom(res.headers.location as string);
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
    expect(tokenFrom(secondSignIn.headers.location as string).complete).toBe('false');
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
    const { token, complete } = tokenFrom(res.headers.location as string);
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
    expect(tokenFrom(res.headers.location as string).path).toBe('/auth/google-callback');
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
    expect(tokenFrom((await finish(flow)).headers.location as string).path).toBe('/auth/google-callback');
    expect((await finish(flow)).headers.location).toBe('/login?error=google_auth_failed');
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
