import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_REASONS, HTTP_MESSAGES, REQUEST_REASONS } from '@campusrun/shared';
import { ConfigError, loadConfig } from './config';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { bearer, createRequest, createUser, tokenFor, uniqueEmail } from './test/factories';

describe('API surface', () => {
  let t: TestApp;
  let logs = '';
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-web-'));
  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>CampusRun</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    t = await buildTestApp({ webDistDir: webDir, logLevel: 'info' }, { logStream: stream });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers health and campus config', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/config')).json()).toEqual({
      campusName: 'Example University',
      emailDomain: 'example.edu',
      googleEnabled: false,
      supportEmail: 'support@example.edu',
      vitalsSampleRate: 0.1,
    });
  });

  it('compresses API answers over 1 KB as the client accepts, to the same JSON; small ones go as they are', async () => {
    const hosteller = await createUser(t.db);
    for (let i = 0; i < 12; i++)
      await createRequest(t.db, {
        requester: hosteller,
        itemName: `Notebook ${i}`,
        description: 'A4, ruled',
      });
    const headers = bearer(await tokenFor(t, hosteller));
    const url = '/api/requests/my-requests?limit=20';
    const plain = await t.app.inject({ url, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    // An answer of a few bytes is not worth a compression header.
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('never inflates a compressed request body: it is refused, not unpacked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(10) })),
    });
    // Read as it came: not JSON. (Unpacked, it would have been a sign-in with a wrong password.)
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: HTTP_MESSAGES.invalidJson });
  });

  it('serves index.html for app routes and JSON 404 for unknown API paths', async () => {
    const page = await t.app.inject('/hosteller/dashboard?x=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');

    // Browsers that accept brotli get the build's precompressed copy of the same asset.
    const compressed = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');

    // A build file that no longer exists (an old tab after a deploy) is not answered with the page.
    const staleChunk = await t.app.inject('/assets/ChatPage-old123.js');
    expect(staleChunk.statusCode).toBe(404);
    expect(staleChunk.headers['content-type']).not.toMatch(/text\/html/);

    // A malformed address shows the app (its 404 page); on the API it is our error shape.
    const badPage = await t.app.inject('/products/%E0%A4%A');
    expect(badPage.statusCode).toBe(200);
    expect(badPage.body).toContain('<div id="root">');
    const badApi = await t.app.inject('/api/requests/%E0%A4%A');
    expect(badApi.statusCode).toBe(404);
    expect(badApi.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND', reason: 'notFound' });

    // An over-long id is an unknown resource too, in the API's own error shape.
    const longId = await t.app.inject(`/api/requests/${'x'.repeat(300)}`);
    expect(longId.statusCode).toBe(404);
    expect(longId.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND', reason: 'notFound' });

    const api = await t.app.inject('/api/does-not-exist');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND', reason: 'notFound' });
  });

  it('security headers: pages carry the app policy; JSON answers of /api the API set; the API docs are a page', async () => {
    const page = await t.app.inject('/login');
    const api = await t.app.inject('/api/health');
    const docs = await t.app.inject('/api/docs/static/index.html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['strict-transport-security']).toContain('max-age=');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('API answers without Cache-Control: every /api answer is no-store; uploads and web assets keep their caching', async () => {
    const user = await createUser(t.db);
    const h = { authorization: `Bearer ${await tokenFor(t, user)}` };
    const answers = [
      await t.app.inject({ url: '/api/auth/me', headers: h }),
      await t.app.inject({ url: '/api/notifications', headers: h }),
      await t.app.inject('/api/health'),
      await t.app.inject('/api/auth/me'),
      await t.app.inject('/api/does-not-exist'),
      await t.app.inject(`/api/requests/${'x'.repeat(300)}`),
      await t.app.inject('/api/requests/%E0%A4%A'),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      await t.app.inject('/api/docs/json'),
    ];
    for (const res of answers)
      expect([res.raw.req.url, res.headers['cache-control']]).toEqual([res.raw.req.url, 'no-store']);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 404, 404, 404, 400, 200]);

    // The campus settings are the same for everyone and public: they keep their short cache.
    expect((await t.app.inject('/api/config')).headers['cache-control']).toBe('public, max-age=300');
    expect((await t.app.inject('/assets/app-abc123.js')).headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/hosteller/dashboard')).headers['cache-control']).toBe('no-cache');
    mkdirSync(path.join(t.config.dataDir, 'uploads', 'products'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'uploads', 'products', 'abc.webp'), 'RIFF');
    const upload = await t.app.inject('/uploads/products/abc.webp');
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('publishes the OpenAPI document with the accounts endpoints', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    for (const p of ['/api/auth/login', '/api/auth/register', '/api/users/profile', '/api/auth/me'])
      expect(Object.keys(doc.paths)).toContain(p);
  });

  it("documents the reasons of every refusal: each operation lists its error body, with its feature's reasons", async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
    const reasonsOf = (op: Operation) =>
      (
        op.responses['4XX']?.content?.['application/json']?.schema as {
          properties: { reason: { enum: string[] } };
        }
      ).properties.reason.enum;
    const operations = Object.values(doc.paths as Record<string, Record<string, Operation>>).flatMap((p) =>
      Object.values(p),
    );
    expect(operations.length).toBeGreaterThan(70);
    for (const op of operations)
      expect(reasonsOf(op)).toEqual(expect.arrayContaining(Object.values(CODE_REASONS)));
    const deliver = doc.paths['/api/requests/{id}/deliver'].put as Operation;
    expect(reasonsOf(deliver)).toEqual(expect.arrayContaining([...REQUEST_REASONS]));
    expect(reasonsOf(doc.paths['/api/auth/login'].post as Operation)).not.toContain('handoverCodeWrong');
  });

  it('every error body carries a reason beside its message', async () => {
    const h = bearer(await tokenFor(t, await createUser(t.db)));
    const answers = [
      await t.app.inject('/api/auth/me'),
      await t.app.inject('/api/does-not-exist'),
      await t.app.inject(`/api/requests/${'x'.repeat(300)}`),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      await t.app.inject({
        method: 'GET',
        url: '/api/requests/00000000-0000-4000-8000-000000000000',
        headers: h,
      }),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().reason])).toEqual([
      [401, 'unauthorized'],
      [404, 'notFound'],
      [404, 'notFound'],
      [400, 'invalidInput'],
      [404, 'notFound'],
    ]);
  });

  it('never answers 500 to malformed input on the accounts API', async () => {
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    const endpoints: Array<[string, string]> = [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/send-otp'],
      ['POST', '/api/auth/verify-otp'],
      ['POST', '/api/auth/verify-email'],
      ['POST', '/api/auth/forgot-password'],
      ['POST', '/api/auth/reset-password'],
      ['PUT', '/api/users/profile'],
      ['PUT', '/api/users/change-password'],
    ];
    const bodies: Array<{ payload: string; type?: string }> = [
      { payload: '' },
      { payload: 'null' },
      { payload: '[]' },
      { payload: '"text"' },
      { payload: '42' },
      { payload: '{' },
      { payload: '{"email":{"$gt":""},"password":["a"]}' },
      {
        payload: JSON.stringify({
          email: 'a'.repeat(100_000) + '@example.edu',
          password: 'x'.repeat(100_000),
        }),
      },
      {
        payload: JSON.stringify({
          email: 'é@example.edu',
          otp: '１２３４５６',
          token: '\u0000',
          name: '\u202e',
        }),
      },
      { payload: JSON.stringify({ role: 'admin', userId: 'not-a-uuid', phoneNumber: 1234567890 }) },
      { payload: 'email=a@example.edu', type: 'application/x-www-form-urlencoded' },
      { payload: '<xml/>', type: 'text/xml' },
      { payload: JSON.stringify({ __proto__: { isAdmin: true }, constructor: { prototype: {} } }) },
    ];
    for (const [method, url] of endpoints) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          payload: body.payload,
          headers: { 'content-type': body.type ?? 'application/json', authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${method} ${url} ${body.payload.slice(0, 40)}`).toBeLessThan(500);
        if (res.statusCode >= 400)
          expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('keeps passwords, codes, tokens and hashes out of the logs', async () => {
    const email = uniqueEmail('logs');
    const password = 'very-secret-password-42';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Log Test', email, password, phoneNumber: '9876543210', role: 'dayscholar' },
    });
    const otp = await t.smtp.latestCode(email);
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    const token = login.json().token as string;
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = await t.smtp.latestResetToken(email);
    await t.app.inject(`/reset-password?token=${reset}`);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: reset, password: 'another-secret-9' },
    });

    expect(logs).toContain('/api/auth/login');
    for (const secret of [password, otp, token, reset, 'another-secret-9', '$argon2'])
      expect(logs).not.toContain(secret);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { global: 10_000, auth: 8, authPerAccount: 3 } });
  });
  afterAll(() => t.close());

  it('health check without a rate limit: /api/health answers 429 past 60 calls a minute from one address', async () => {
    const health = (ip: string) => t.app.inject({ url: '/api/health', remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await health('10.0.1.1')).statusCode);
    expect(codes).toEqual(Array(60).fill(200));
    const limited = await health('10.0.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address (another load balancer node) keeps its own allowance.
    expect((await health('10.0.1.2')).json()).toEqual({ status: 'ok' });
  });

  it('limits failed logins per account and IP, then per IP', async () => {
    const user = await createUser(t.db);
    const attempt = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-pass' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await attempt(user.email, '10.0.0.1')).statusCode).toBe(401);
    const limited = await attempt(user.email, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP still gets its own answer for this account.
    expect((await attempt(user.email, '10.0.0.2')).statusCode).toBe(401);

    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await attempt(uniqueEmail('spray'), '10.0.0.3')).statusCode);
    expect(statuses.slice(0, 8)).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
    expect((await attempt(uniqueEmail('spray'), '10.0.0.3')).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY trusts any client's X-Forwarded-For", () => {
  const env = (TRUST_PROXY?: string) => ({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }),
  });

  it("TRUST_PROXY trusts any client's X-Forwarded-For: true and hop counts are refused at start, saying what to set", () => {
    for (const value of ['true', '1', '2']) {
      expect(() => loadConfig(env(value))).toThrow(ConfigError);
      expect(() => loadConfig(env(value))).toThrow(
        /TRUST_PROXY: .*list the addresses or CIDR ranges of your proxies instead, e\.g\. TRUST_PROXY=10\.0\.0\.0\/8/,
      );
    }
    for (const value of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '::1/129'])
      expect(() => loadConfig(env(value))).toThrow(/TRUST_PROXY: .* is not an IP address, a CIDR range/);
    expect(loadConfig(env(' 10.0.0.0/8, ::1,loopback ')).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const off of [undefined, '', 'false']) expect(loadConfig(env(off)).trustProxy).toBe(false);
  });

  it("TRUST_PROXY trusts any client's X-Forwarded-For: a client rotating spoofed X-Forwarded-For values still hits the per-IP limits", async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'campusrun-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    const t = await buildTestApp({
      trustProxy: loadConfig(env('127.0.0.1')).trustProxy,
      rateLimits: { global: 30, auth: 5, authPerAccount: 1000 },
      webDistDir: web,
    });
    try {
      const login = (remoteAddress: string, forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail('spoof'), password: 'wrong-pass' },
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress,
        });
      const statuses = async (n: number, send: (i: number) => Promise<{ statusCode: number }>) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push((await send(i)).statusCode);
        return out;
      };

      // Behind the proxy at 127.0.0.1, which appends the address it saw to whatever the client sent.
      const behindProxy = await statuses(6, (i) => login('127.0.0.1', `198.51.100.${i}, 203.0.113.7`));
      expect(behindProxy).toEqual([401, 401, 401, 401, 401, 429]);
      // The proxy's other clients keep their own allowance: the header is still read.
      expect((await login('127.0.0.1', '198.51.100.1, 203.0.113.8')).statusCode).toBe(401);

      // A client connecting directly cannot pick its address: neither for sign-in…
      const direct = await statuses(6, (i) => login('192.0.2.1', `10.9.9.${i}`));
      expect(direct).toEqual([401, 401, 401, 401, 401, 429]);
      // …nor for the limit on every API call (30 a minute here; 6 spent above).
      const everyCall = await statuses(25, (i) =>
        t.app.inject({
          url: '/api/config',
          headers: { 'x-forwarded-for': `10.8.8.${i}` },
          remoteAddress: '192.0.2.1',
        }),
      );
      expect(everyCall.slice(0, 24)).toEqual(Array(24).fill(200));
      expect(everyCall[24]).toBe(429);

      // The web app's files are not counted: a screen loads dozens of them, and a campus network
      // puts many students behind one address.
      const files = await statuses(40, () =>
        t.app.inject({ url: '/assets/app-abc123.js', remoteAddress: '192.0.2.9' }),
      );
      expect(files).toEqual(Array(40).fill(200));
      const afterFiles = await statuses(30, () =>
        t.app.inject({ url: '/api/config', remoteAddress: '192.0.2.9' }),
      );
      expect(afterFiles).toEqual(Array(30).fill(200));
    } finally {
      await t.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
