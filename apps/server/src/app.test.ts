import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { createUser, tokenFor, uniqueEmail } from './test/factories';

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
    });
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
    expect(badApi.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });

    // An over-long id is an unknown resource too, in the API's own error shape.
    const longId = await t.app.inject(`/api/requests/${'x'.repeat(300)}`);
    expect(longId.statusCode).toBe(404);
    expect(longId.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });

    const api = await t.app.inject('/api/does-not-exist');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('publishes the OpenAPI document with the accounts endpoints', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    for (const p of ['/api/auth/login', '/api/auth/register', '/api/users/profile', '/api/auth/me'])
      expect(Object.keys(doc.paths)).toContain(p);
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

  it('limits failed logins per account, then per IP', async () => {
    const user = await createUser(t.db);
    const attempt = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-pass' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await attempt(user.email, '10.0.0.1')).statusCode).toBe(401);
    const limited = await attempt(user.email, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await attempt(uniqueEmail('spray'), '10.0.0.3')).statusCode);
    expect(statuses.slice(0, 8)).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
    expect((await attempt(uniqueEmail('spray'), '10.0.0.3')).statusCode).toBe(429);
  });
});
