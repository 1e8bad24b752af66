import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { fillPlaceholders } from './web-pages';

/** A web build as apps/web/scripts/prerender.mjs leaves it, in a temporary folder. */
function writeWebBuild(dir: string) {
  const page = (root: string) =>
    `<!doctype html><html><head><title>CampusRun</title>` +
    `<script type="application/json" id="campus-config">__CAMPUS_CONFIG__</script></head>` +
    `<body><div id="root">${root}</div></body></html>`;
  mkdirSync(path.join(dir, 'pages'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page(''));
  writeFileSync(path.join(dir, 'pages', 'app.html'), page(''));
  writeFileSync(
    path.join(dir, 'pages', 'login.html'),
    page('<p>__CAMPUS_NAME__</p><input placeholder="you@__EMAIL_DOMAIN__"/><h1>Sign in to your account</h1>'),
  );
  writeFileSync(path.join(dir, 'pages', 'not-found.html'), page('<h1>Page Not Found</h1>'));
  writeFileSync(
    path.join(dir, 'pages', 'manifest.json'),
    JSON.stringify({
      app: 'app.html',
      notFound: 'not-found.html',
      pages: { '/login': 'login.html' },
      routes: ['/', '/login', '/hosteller/dashboard', '/requests/:id', '/chat/:userId'],
    }),
  );
}

describe('web pages', () => {
  let t: TestApp;
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-pages-'));
  beforeAll(async () => {
    writeWebBuild(webDir);
    t = await buildTestApp({ webDistDir: webDir, campusName: 'St. <Mary> & "Co"' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers a prerendered screen with the campus settings filled in, escaped for HTML and for the script', async () => {
    const res = await t.app.inject('/login?error=google_auth_failed');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<p>St. &lt;Mary&gt; &amp; &quot;Co&quot;</p>');
    expect(res.body).toContain('placeholder="you@example.edu"');
    expect(res.body).not.toMatch(/__[A-Z_]+__/);
    const json = /id="campus-config">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    // Nothing in the value can end the script element early.
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({
      campusName: 'St. <Mary> & "Co"',
      emailDomain: 'example.edu',
      googleEnabled: false,
      supportEmail: 'support@example.edu',
      vitalsSampleRate: 0.1,
    });
  });

  it('answers app screens with the shell, unknown paths with the not-found screen, and never the raw pages', async () => {
    for (const url of ['/', '/hosteller/dashboard/', '/requests/123', '/chat/abc?x=1', '/LOGIN']) {
      const res = await t.app.inject(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('"campusName":"St. \\u003cMary> & \\"Co\\""');
    }
    for (const url of ['/no-such-page', '/requests/1/2', '/pages/login.html', '/pages/manifest.json']) {
      const res = await t.app.inject(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<h1>Page Not Found</h1>');
      expect(res.body).not.toContain('__CAMPUS');
    }
    // Not pages: an unknown asset or API path stays a JSON 404.
    expect((await t.app.inject('/assets/gone-123.js')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it('compresses a page as the browser accepts and answers 304 to its ETag', async () => {
    const plain = await t.app.inject('/login');
    const br = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const etag = String(plain.headers.etag);
    const again = await t.app.inject({ url: '/login', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another page has another tag.
    expect((await t.app.inject('/hosteller/dashboard')).headers.etag).not.toBe(etag);
  });

  it('fills each placeholder once, so a value that looks like one stays as given', () => {
    const campus = {
      campusName: '__EMAIL_DOMAIN__',
      emailDomain: 'uni.edu',
      googleEnabled: true,
      supportEmail: 'help@uni.edu',
    };
    expect(fillPlaceholders('<b>__CAMPUS_NAME__</b> @__EMAIL_DOMAIN__ __SUPPORT_EMAIL__', campus)).toBe(
      '<b>__EMAIL_DOMAIN__</b> @uni.edu help@uni.edu',
    );
  });
});
