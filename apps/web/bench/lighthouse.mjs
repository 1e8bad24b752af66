/**
 * npm run bench (web part): Lighthouse (mobile, simulated throttling) on the built app served by the
 * server, as a phone on a slow network sees it. Public screens load cold (storage and caches reset);
 * signed-in screens load with a session token placed in local storage before the navigation, with
 * the HTTP cache, caches and service workers cleared. Prints one row per page against its targets.
 *
 *   CHROME_PATH      Chromium to drive (default /usr/bin/chromium)
 *   LIGHTHOUSE_SAVE  a folder to keep each page's full Lighthouse report in (JSON), for the details
 *   LIGHTHOUSE_ONLY  measure only the pages whose names contain one of these words (comma-separated)
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverJs = path.join(root, 'apps/server/dist/server.js');

/** A port nothing listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });

if (!existsSync(serverJs) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-lighthouse-'));
chmodSync(dataDir, 0o711); // as root, the embedded PostgreSQL server runs as `postgres` and must reach it
const server = spawn(process.execPath, [serverJs], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SMTP_URL: '',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const api = async (method, url, body, token) => {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
};

/** Registers, verifies (code read from the development outbox) and signs in a user. */
async function seedUser(role) {
  const email = `${role}.${Date.now().toString(36)}@example.edu`;
  const password = 'bench-password-1';
  await api('POST', '/auth/register', {
    name: role === 'hosteller' ? 'Hari Hosteller' : 'Divya Dayscholar',
    email,
    password,
    phoneNumber: '9876543210',
    role,
    ...(role === 'hosteller' ? { hostelBlock: 'Block B', roomNumber: '12' } : {}),
  });
  const outbox = path.join(dataDir, 'outbox');
  let otp;
  for (let i = 0; !otp && i < 100; i++) {
    for (const f of existsSync(outbox) ? readdirSync(outbox) : []) {
      const mail = readFileSync(path.join(outbox, f), 'utf8');
      if (mail.includes(`To: ${email}`)) otp = /verification code: (\d{6})/.exec(mail)?.[1];
    }
    if (!otp) await new Promise((r) => setTimeout(r, 100));
  }
  await api('POST', '/auth/verify-otp', { email, otp });
  return api('POST', '/auth/login', { email, password });
}

// Targets: public screens ≥ 95 performance and 100 elsewhere; signed-in screens ≥ 90 performance.
const PUBLIC = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const SIGNED_IN = { performance: 90 };
const SHORT = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };

let browser;
let chrome;
try {
  for (let ready = false; !ready;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    ready = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  const hosteller = await seedUser('hosteller');
  const dayscholar = await seedUser('dayscholar');

  const pages = [
    { name: '/login', url: '/login', target: PUBLIC },
    { name: '/register', url: '/register', target: PUBLIC },
    { name: '/forgot-password', url: '/forgot-password', target: PUBLIC },
    { name: '404', url: '/no-such-page', target: PUBLIC },
    { name: 'hosteller dashboard', url: '/hosteller/dashboard', session: hosteller, target: SIGNED_IN },
    { name: 'marketplace', url: '/hosteller/marketplace', session: hosteller, target: SIGNED_IN },
    { name: 'day scholar dashboard', url: '/dayscholar/dashboard', session: dayscholar, target: SIGNED_IN },
    { name: 'browse', url: '/dayscholar/browse-requests', session: dayscholar, target: SIGNED_IN },
    { name: 'chat', url: '/chat', session: dayscholar, target: SIGNED_IN },
  ];

  const only = process.env.LIGHTHOUSE_ONLY?.split(',').filter(Boolean);
  if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.some((word) => p.name.includes(word))));

  const debugPort = await freePort();
  // Chromium started directly, not through Playwright's launcher: its default flags (no
  // back/forward cache among them) would count against best practices.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'campusrun-lighthouse-chromium-'));
  chrome = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${debugPort}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  chrome.once('exit', () => rmSync(profile, { recursive: true, force: true }));
  for (let i = 0; !browser; i++) {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`).catch((error) => {
      if (i > 100) throw error;
      return new Promise((r) => setTimeout(r, 100));
    });
  }
  const context = browser.contexts()[0] ?? (await browser.newContext());

  const rows = [];
  for (const p of pages) {
    if (p.session) {
      // Cold caches, but signed in: the session the app reads at start-up.
      const tab = await context.newPage();
      await tab.goto(`${base}/robots.txt`);
      await tab.evaluate(({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      }, p.session);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: base,
        storageTypes: 'service_workers,cache_storage',
      });
      await tab.close();
    }
    const result = await lighthouse(`${base}${p.url}`, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: Boolean(p.session),
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    if (process.env.LIGHTHOUSE_SAVE) {
      mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
      const file = `${p.name.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'page'}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, file), JSON.stringify(result.lhr));
    }
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const scores = Object.fromEntries(Object.keys(categories).map((id) => [id, score(id)]));
    const misses = Object.entries(p.target).filter(([id, min]) => scores[id] < min);
    rows.push({
      page: p.name,
      perf: scores.performance,
      // A run that failed (e.g. NO_FCP on a busy machine) has no values: shown as n/a with its code.
      fcp: audits['first-contentful-paint']?.displayValue ?? 'n/a',
      lcp: audits['largest-contentful-paint']?.displayValue ?? 'n/a',
      tbt: audits['total-blocking-time']?.displayValue ?? 'n/a',
      error: result.lhr.runtimeError?.code,
      a11y: scores.accessibility,
      bp: scores['best-practices'],
      seo: scores.seo,
      target: Object.entries(p.target)
        .map(([id, min]) => `${SHORT[id]} ≥ ${min}`)
        .join(', '),
      verdict: misses.length
        ? `MISS (${misses.map(([id, min]) => `${SHORT[id]} ${scores[id]} < ${min}`).join('; ')})`
        : 'PASS',
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    });
  }

  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  // Simulated throttling scales what it measured here: a busy machine lowers performance scores.
  console.log(`\nLighthouse (mobile, simulated throttling; ${os.cpus().length} cores, load average ${load})`);
  console.log(
    '  ' +
      [
        'page'.padEnd(22),
        'perf',
        'FCP'.padStart(7),
        'LCP'.padStart(7),
        'TBT'.padStart(8),
        'a11y',
        '  bp',
        ' seo',
        'target'.padEnd(36),
        'result',
      ].join(' '),
  );
  for (const r of rows)
    console.log(
      '  ' +
        [
          r.page.padEnd(22),
          String(r.perf).padStart(4),
          r.fcp.replace(/\s/g, ' ').padStart(7),
          r.lcp.replace(/\s/g, ' ').padStart(7),
          r.tbt.replace(/\s/g, ' ').padStart(8),
          String(r.a11y).padStart(4),
          String(r.bp).padStart(4),
          String(r.seo).padStart(4),
          r.target.padEnd(36),
          r.verdict,
        ].join(' '),
    );
  for (const r of rows.filter((r) => r.error))
    console.log(`  ${r.page}: Lighthouse could not measure it (${r.error})`);
  for (const r of rows.filter((r) => r.verdict !== 'PASS' && r.failing.length))
    console.log(`  ${r.page}: failing checks: ${r.failing.join(', ')}`);
} finally {
  await browser?.close();
  if (chrome && chrome.exitCode === null) {
    const closed = once(chrome, 'exit');
    chrome.kill('SIGTERM');
    await closed;
  }
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
