import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createUser, DEFAULT_PASSWORD } from '../test/factories';

/**
 * A web build with a renderer of signed-in screens, in a temporary folder. The renderer stands in for
 * the web app's (apps/web/src/server-render.tsx): it draws the member's name and their requests as
 * the server's own API answers them, and fails or declines on addresses that ask it to.
 */
function writeWebBuild(dir: string) {
  const shell = (root: string, head = '') =>
    `<!doctype html><html><head>${head}<title>CampusRun</title>` +
    `<script type="application/json" id="campus-config">__CAMPUS_CONFIG__</script></head>` +
    `<body><div id="root">${root}</div></body></html>`;
  mkdirSync(path.join(dir, 'pages'), { recursive: true });
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), shell(''));
  writeFileSync(path.join(dir, 'pages', 'app.html'), shell(''));
  writeFileSync(
    path.join(dir, 'pages', 'drawn.html'),
    shell('<!--drawn-->', '<meta name="campusrun-drawn" content="server" />').replace(
      '</div>',
      '</div><!--drawn-state-->',
    ),
  );
  writeFileSync(path.join(dir, 'pages', 'not-found.html'), shell('<h1>Page Not Found</h1>'));
  writeFileSync(
    path.join(dir, 'pages', 'manifest.json'),
    JSON.stringify({
      app: 'app.html',
      drawn: 'drawn.html',
      renderer: '../server/server-render.mjs',
      notFound: 'not-found.html',
      pages: {},
      routes: ['/', '/login', '/hosteller/my-requests', '/broken', '/declined'],
    }),
  );
  writeFileSync(
    path.join(dir, 'server', 'server-render.mjs'),
    `export const isSignedInScreen = (p) => p !== '/login';
export async function renderSignedIn({ url, user, timeZone, api }) {
  if (url.startsWith('/broken')) throw new Error('boom');
  if (url.startsWith('/declined')) return null;
  const mine = await api('/api/requests/my-requests?status=all&limit=20');
  return { html: '<h1>' + user.name + '</h1><p>' + timeZone + '</p><pre>' + mine.status + '</pre>', state: '{"userId":"' + user.id + '"}' };
}
`,
  );
}

describe('signed-in pages drawn by the server', () => {
  let t: TestApp;
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-drawn-'));
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    writeWebBuild(webDir);
    t = await buildTestApp({ webDistDir: webDir });
    const user = await createUser(t.db, { name: 'Asha Drawn', role: 'hosteller' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    token = login.json<{ token: string }>().token;
    const pageCookie = [login.headers['set-cookie']]
      .flat()
      .find((c): c is string => typeof c === 'string' && c.startsWith('campusrun_page='));
    cookie = `${pageCookie!.split(';')[0]!}; tz=Asia%2FKolkata`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("draws the screen for the cookie's member with their data, private to them", async () => {
    const res = await t.app.inject({ url: '/hosteller/my-requests', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.body).toContain('<div id="root"><h1>Asha Drawn</h1><p>Asia/Kolkata</p><pre>200</pre></div>');
    expect(res.body).toContain('<script type="application/json" id="drawn-state">{"userId"');
    expect(res.body).not.toMatch(/__[A-Z_]+__/);
  });

  it('streams the page compressed as the browser accepts', async () => {
    const res = await t.app.inject({
      url: '/hosteller/my-requests',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Asha Drawn</h1>');
  });

  it('sends the app shell without a cookie, without a time zone, or with a cookie nobody holds', async () => {
    const bearerAsCookie = `campusrun_page=${token}; tz=UTC`;
    for (const headers of [{}, { cookie: cookie.split(';')[0]! }, { cookie: bearerAsCookie }, { cookie: 'campusrun_page=%%%; tz=Mars/Base' }]) {
      const res = await t.app.inject({ url: '/hosteller/my-requests', headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('Asha Drawn');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/);
    }
  });

  it('falls back to the empty frame when the screen cannot be drawn, and never to an error', async () => {
    for (const url of ['/broken', '/declined']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('drawn-state"');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it("an ended session's cookie gets the shell", async () => {
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const res = await t.app.inject({ url: '/hosteller/my-requests', headers: { cookie } });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Asha Drawn');
  });
});
