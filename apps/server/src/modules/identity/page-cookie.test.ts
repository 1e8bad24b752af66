/**
 * The page cookie: set by every answer that starts a session, cleared by sign-out, dead once the
 * session ends anywhere, resolved for the page renderer, and never accepted by the API.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, sessions, users } from '../../db/schema';
import { PAGE_BEARER_SECONDS, PAGE_COOKIE, pageTokenSecret } from '../../lib/page-session';
import { createJwt, ttlSeconds } from '../../lib/tokens';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  DEFAULT_PASSWORD,
  authAs,
  bearer,
  createProduct,
  createUser,
  makeEstablished,
  uniqueEmail,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Answer = { headers: Record<string, unknown> };
const nowSeconds = () => Math.floor(Date.now() / 1000);
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    tv: number;
    sid: string;
    exp: number;
    iat: number;
  };

/** Every Set-Cookie of an answer. */
const setCookies = (res: Answer) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
/** The page cookie an answer set (its whole Set-Cookie line). */
const pageSetCookie = (res: Answer) => setCookies(res).find((c) => c.startsWith(`${PAGE_COOKIE}=`));
/** The page cookie an answer set, as the browser sends it back (`campusrun_page=…`). */
const cookieOf = (res: Answer) => pageSetCookie(res)!.split(';')[0]!;
const pageTokenOf = (res: Answer) => cookieOf(res).slice(PAGE_COOKIE.length + 1);

const SET_COOKIE = new RegExp(
  `^${PAGE_COOKIE}=([\\w-]+\\.[\\w-]+\\.[\\w-]+); Path=/; HttpOnly; SameSite=Lax; Max-Age=(\\d+)$`,
);

const login = (app: TestApp['app'], email: string, password = DEFAULT_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** Signs in with the password; the bearer token and the page cookie as the browser sends it. */
async function signIn(email: string, password = DEFAULT_PASSWORD) {
  const res = await login(t.app, email, password);
  expect(res.statusCode).toBe(200);
  return { token: res.json().token as string, cookie: cookieOf(res) };
}
const resolve = (cookie: string | undefined) => t.app.pageSessions.resolve(cookie);
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const send =
  (method: 'POST' | 'PUT') => (url: string, headers: Record<string, string>, payload?: object | string) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const post = send('POST');
const put = send('PUT');

/** The cookie line matches the bearer token's session: same claims and expiry, another key. */
function expectPageCookieOf(res: Answer, token: string, secure = false) {
  const line = pageSetCookie(res)!;
  expect(line).toBeDefined();
  const [, value, maxAge] = SET_COOKIE.exec(line.replace(/; Secure$/, ''))!;
  expect(line.endsWith('; Secure')).toBe(secure);
  const bearerClaims = claimsOf(token);
  const { sub, tv, sid, exp } = claimsOf(value!);
  expect({ sub, tv, sid, exp }).toEqual({
    sub: bearerClaims.sub,
    tv: bearerClaims.tv,
    sid: bearerClaims.sid,
    exp: bearerClaims.exp,
  });
  expect(value).not.toBe(token);
  expect(Math.abs(Number(maxAge) - ttlSeconds(t.config.jwtTtl))).toBeLessThanOrEqual(2);
}

describe('answers that start a session set the page cookie', () => {
  it('password login: HttpOnly, SameSite=Lax, Path=/, Max-Age of the token, no Secure over http', async () => {
    const user = await createUser(t.db);
    const res = await login(t.app, user.email);
    expect(res.statusCode).toBe(200);
    expectPageCookieOf(res, res.json().token);
    expect(res.body).not.toContain(pageTokenOf(res));
  });

  it('a refused login sets no cookie', async () => {
    const user = await createUser(t.db);
    const res = await login(t.app, user.email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(pageSetCookie(res)).toBeUndefined();
  });

  it('carries Secure when the site is served over https', async () => {
    const https = await buildTestApp({ publicUrl: 'https://campus.example.edu' });
    try {
      const user = await createUser(https.db);
      const res = await login(https.app, user.email);
      expect(res.statusCode).toBe(200);
      expect(pageSetCookie(res)).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
      const out = await https.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(res.json().token),
      });
      expect(pageSetCookie(out)).toBe(`${PAGE_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure`);
    } finally {
      await https.close();
    }
  });

  it('the e-mail code with the sign-up ticket (verify-otp and verify-email); without the ticket, none', async () => {
    const signUp = async () => {
      const email = uniqueEmail('cookie');
      const res = await post(
        '/auth/register',
        {},
        {
          name: 'Asha Rao',
          email,
          password: 'student-own-pass-1',
          phoneNumber: '9876543210',
          role: 'dayscholar',
        },
      );
      expect(res.statusCode).toBe(201);
      const { userId, ticket } = res.json() as { userId: string; ticket: string };
      return { email, userId, ticket, code: await t.smtp.latestCode(email) };
    };

    const a = await signUp();
    const otp = await post(
      '/auth/verify-otp',
      {},
      { email: a.email, otp: a.code, userId: a.userId, ticket: a.ticket },
    );
    expect(otp.statusCode).toBe(200);
    expectPageCookieOf(otp, otp.json().token);
    expect((await resolve(cookieOf(otp)))?.actor.id).toBe(otp.json().user.id);

    const b = await signUp();
    const verified = await post(
      '/auth/verify-email',
      {},
      { token: b.code, userId: b.userId, ticket: b.ticket },
    );
    expect(verified.statusCode).toBe(200);
    expectPageCookieOf(verified, verified.json().token);

    const c = await signUp();
    const noTicket = await post('/auth/verify-otp', {}, { email: c.email, otp: c.code, userId: c.userId });
    expect(noTicket.statusCode).toBe(200);
    expect(noTicket.json().token).toBeUndefined();
    expect(pageSetCookie(noTicket)).toBeUndefined();
  });

  it('a password change renews it with the session: the old cookie is dead, the new one lives', async () => {
    const user = await createUser(t.db);
    const here = await signIn(user.email);
    const other = await signIn(user.email);
    const res = await put('/users/change-password', bearer(here.token), {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'a brand new passphrase 9',
    });
    expect(res.statusCode).toBe(200);
    expectPageCookieOf(res, res.json().token);
    expect(await resolve(here.cookie)).toBeNull();
    expect(await resolve(other.cookie)).toBeNull();
    const renewed = await resolve(cookieOf(res));
    expect(renewed?.actor).toMatchObject({ id: user.id, sessionId: claimsOf(here.token).sid });
  });
});

describe('signing out clears it', () => {
  it('logout and logout-all answer Max-Age=0', async () => {
    const user = await createUser(t.db);
    for (const url of ['/auth/logout', '/auth/logout-all']) {
      const { token } = await signIn(user.email);
      const res = await post(url, bearer(token));
      expect(res.statusCode).toBe(200);
      expect(pageSetCookie(res)).toBe(`${PAGE_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    }
  });

  it('deleting the account clears it too, and the cookie is dead', async () => {
    const user = await createUser(t.db);
    const { token, cookie } = await signIn(user.email);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(token),
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(pageSetCookie(res)).toMatch(/Max-Age=0$/);
    expect(await resolve(cookie)).toBeNull();
  });
});

describe('app.pageSessions.resolve', () => {
  it('answers the member of a live cookie, with a 60-second bearer of the same session for the API', async () => {
    const user = await createUser(t.db, { name: 'Pia Page' });
    const { token, cookie } = await signIn(user.email);
    const page = await resolve(`theme=dark; ${cookie}; other=1`);
    expect(page?.actor).toMatchObject({ id: user.id, name: 'Pia Page', sessionId: claimsOf(token).sid });

    const claims = claimsOf(page!.bearer);
    expect({ sub: claims.sub, tv: claims.tv, sid: claims.sid }).toEqual({
      sub: user.id,
      tv: user.tokenVersion,
      sid: claimsOf(token).sid,
    });
    expect(claims.exp - nowSeconds()).toBeGreaterThanOrEqual(PAGE_BEARER_SECONDS - 2);
    expect(claims.exp - nowSeconds()).toBeLessThanOrEqual(PAGE_BEARER_SECONDS);
    const res = await me(bearer(page!.bearer));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('never hands out a bearer that outlives the session’s token', async () => {
    const user = await createUser(t.db);
    const { token } = await signIn(user.email);
    const { sub, tv, sid } = claimsOf(token);
    const pageJwt = createJwt(pageTokenSecret(t.config.jwtSecret), '1h');
    const exp = nowSeconds() + 20;
    const page = await resolve(`${PAGE_COOKIE}=${await pageJwt.sign({ sub, tv, sid }, exp)}`);
    expect(claimsOf(page!.bearer).exp).toBe(exp);
  });

  it('null after logout of that device', async () => {
    const user = await createUser(t.db);
    const { token, cookie } = await signIn(user.email);
    expect(await resolve(cookie)).not.toBeNull();
    expect((await post('/auth/logout', bearer(token))).statusCode).toBe(200);
    expect(await resolve(cookie)).toBeNull();
  });

  it('null after logout-all from another device', async () => {
    const user = await createUser(t.db);
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    expect(await resolve(phone.cookie)).not.toBeNull();
    expect((await post('/auth/logout-all', bearer(laptop.token))).statusCode).toBe(200);
    expect(await resolve(phone.cookie)).toBeNull();
    expect(await resolve(laptop.cookie)).toBeNull();
  });

  it('null once another device ends that session; the other device’s cookie lives on', async () => {
    const user = await createUser(t.db);
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    expect(await resolve(phone.cookie)).not.toBeNull();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${claimsOf(phone.token).sid}`,
      headers: bearer(laptop.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await resolve(phone.cookie)).toBeNull();
    expect((await resolve(laptop.cookie))?.actor.id).toBe(user.id);
  });

  it('null after a password change made on another device', async () => {
    const user = await createUser(t.db);
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    expect(await resolve(phone.cookie)).not.toBeNull();
    const res = await put('/users/change-password', bearer(laptop.token), {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'another new passphrase 7',
    });
    expect(res.statusCode).toBe(200);
    expect(await resolve(phone.cookie)).toBeNull();
  });

  it('null once the member is suspended (their token version moves on, as for bearer tokens)', async () => {
    const seller = await createUser(t.db);
    const { cookie } = await signIn(seller.email);
    expect(await resolve(cookie)).not.toBeNull();

    // Three established members report the seller's product; a moderator suspends the seller.
    const product = await createProduct(t.db, { seller, name: 'Too-cheap phone' });
    let reportId = '';
    for (const role of ['hosteller', 'dayscholar', 'dayscholar'] as const) {
      const reporter = await createUser(t.db, { role });
      await makeEstablished(t.db, reporter);
      const res = await post('/reports', await authAs(t, reporter), {
        targetType: 'product',
        targetId: product.id,
        reason: 'scam',
        details: 'Asks for payment first',
      });
      reportId = res.json().report.id;
    }
    const moderator = await createUser(t.db, { role: 'dayscholar' });
    await t.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/moderation/reports/${reportId}`,
      headers: await authAs(t, moderator),
      payload: { action: 'suspend', reason: 'Repeated scams', days: 7 },
    });
    expect(decided.statusCode).toBe(200);
    expect(await resolve(cookie)).toBeNull();
  });

  it(`null once the session has been idle for 30 days`, async () => {
    const user = await createUser(t.db);
    const { token, cookie } = await signIn(user.email);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(sessions.id, claimsOf(token).sid));
    expect(await resolve(cookie)).toBeNull();
  });

  it('null for an expired page token', async () => {
    const user = await createUser(t.db);
    const { token } = await signIn(user.email);
    const { sub, tv, sid } = claimsOf(token);
    const pageJwt = createJwt(pageTokenSecret(t.config.jwtSecret), '1h');
    expect(
      await resolve(`${PAGE_COOKIE}=${await pageJwt.sign({ sub, tv, sid }, nowSeconds() - 5)}`),
    ).toBeNull();
    // The same claims, not expired, pass: only the expiry refused it.
    expect(await resolve(`${PAGE_COOKIE}=${await pageJwt.sign({ sub, tv, sid })}`)).not.toBeNull();
  });

  it('null for an API bearer token put in the cookie', async () => {
    const user = await createUser(t.db);
    const { token } = await signIn(user.email);
    expect(await resolve(`${PAGE_COOKIE}=${token}`)).toBeNull();
  });

  it('null, never a throw, for a missing or malformed Cookie header', async () => {
    const user = await createUser(t.db);
    const { cookie } = await signIn(user.email);
    const value = cookie.slice(PAGE_COOKIE.length + 1);
    const otherKey = await createJwt('another-secret-that-is-long-enough-for-hs256', '1h').sign(
      claimsOf(value),
    );
    const notAUuid = await createJwt(pageTokenSecret(t.config.jwtSecret), '1h').sign({
      sub: 'not-a-uuid',
      tv: 0,
      sid: claimsOf(value).sid,
    });
    const headers: (string | undefined)[] = [
      undefined,
      '',
      ';;; = ; =',
      'other=1',
      `${PAGE_COOKIE}=`,
      `${PAGE_COOKIE}=garbage`,
      `${PAGE_COOKIE}=a.b.c`,
      `${PAGE_COOKIE}=%E0%A4%A`,
      `${PAGE_COOKIE}=${'x'.repeat(20_000)}`,
      `${PAGE_COOKIE}=${value}x`,
      `${PAGE_COOKIE}=${value.split('.').slice(0, 2).join('.')}`,
      `${PAGE_COOKIE}=${otherKey}`,
      `${PAGE_COOKIE}=${notAUuid}`,
      `x${PAGE_COOKIE}=${value}`,
      `${PAGE_COOKIE}\u0000=${value}`,
    ];
    for (const header of headers) expect(await resolve(header), String(header).slice(0, 60)).toBeNull();
    // Not a string at all (a header parsed some other way).
    expect(await resolve([cookie] as unknown as string)).toBeNull();
  });
});

describe('the API ignores the page cookie', () => {
  it('the page token as a bearer token is 401', async () => {
    const user = await createUser(t.db);
    const res = await login(t.app, user.email);
    const refused = await me(bearer(pageTokenOf(res)));
    expect(refused.statusCode).toBe(401);
    expect((await me(bearer(res.json().token))).statusCode).toBe(200);
  });

  /** A cross-site form post: only the cookie, from another site, as a form. */
  const crossSite = (cookie: string) => ({
    cookie,
    origin: 'https://evil.example',
    'content-type': 'application/x-www-form-urlencoded',
  });

  it('a cross-site form post with only the cookie creates no request', async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    const { cookie } = await signIn(user.email);
    const deadline = new Date(Date.now() + 3 * 3600_000).toISOString();
    const form = `itemName=Forged&expectedPrice=40&deadline=${encodeURIComponent(deadline)}&deliveryLocation=Gate`;
    const res = await post('/requests', crossSite(cookie), form);
    expect(res.statusCode).toBe(401);
    const json = await post(
      '/requests',
      { cookie, origin: 'https://evil.example' },
      {
        itemName: 'Forged',
        expectedPrice: 40,
        deadline,
        deliveryLocation: 'Gate',
      },
    );
    expect(json.statusCode).toBe(401);
    expect(await t.db.select().from(requests).where(eq(requests.requesterId, user.id))).toEqual([]);
  });

  it('a cross-site post with only the cookie signs no one out and changes no password', async () => {
    const user = await createUser(t.db);
    const { cookie, token } = await signIn(user.email);
    for (const url of ['/auth/logout', '/auth/logout-all'])
      expect((await post(url, crossSite(cookie), 'x=1')).statusCode).toBe(401);
    const change = await put(
      '/users/change-password',
      crossSite(cookie),
      `currentPassword=${encodeURIComponent(DEFAULT_PASSWORD)}&newPassword=forged-password-123`,
    );
    expect(change.statusCode).toBe(401);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(deleted.statusCode).toBe(401);

    expect(await resolve(cookie)).not.toBeNull();
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect((await login(t.app, user.email)).statusCode).toBe(200);
    expect((await login(t.app, user.email, 'forged-password-123')).statusCode).toBe(401);
  });

  it('private data read with only the cookie is 401', async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    const { cookie } = await signIn(user.email);
    for (const url of [
      '/api/auth/me',
      '/api/hosteller/stats',
      '/api/auth/sessions',
      '/api/users/me/export',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
