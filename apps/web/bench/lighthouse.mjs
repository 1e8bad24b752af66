/**
 * npm run bench (web part): Lighthouse 13 (mobile: simulated 4G and a CPU slowed four times) on every
 * screen a student opens first, for this checkout and the build it is compared with, measured in the
 * same run on the same data set (120 open requests, 40 products with photos, a 30-message
 * conversation). Signed-in screens load with the session in local storage and cold caches (HTTP
 * cache, Cache Storage and service workers cleared); public screens load with everything reset.
 * Each screen is measured BENCH_RUNS times per build, alternating builds; the row is the run with the
 * median performance score. JS is what the screen waited for (on a signed-in screen, scripts asked
 * for before its largest paint or the load event, whichever is later; on a public screen, all):
 * their gzip -9 size and number.
 *
 *   BENCH_BASELINE_REF  the commit to compare with (default: HEAD when apps/ or packages/ have
 *                       uncommitted changes, else HEAD~1; `none` measures this checkout alone)
 *   BENCH_RUNS          runs per screen and build (default 3)
 *   LIGHTHOUSE_ONLY     only the screens whose names contain one of these words (comma-separated)
 *   LIGHTHOUSE_SAVE     a folder to keep each run's full report in (JSON)
 *   CHROME_PATH         Chromium to drive (default /usr/bin/chromium)
 *   BENCH_SERVER_PROFILE  a folder for each server's CPU profile (node --cpu-prof) over the run
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  baselineRef,
  builtWorktree,
  ensureBuilt,
  freePort,
  memberCookies,
  startApp,
} from './app-under-test.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

// Targets: public screens ≥ 95 performance; signed-in screens ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms,
// CLS ≤ 0.05; accessibility and best practices 100 everywhere. JS before use: 100 KB (public) or
// 120 KB (signed in) in at most 12 files.
const PUBLIC = { perf: 95, lcp: 2500, tbt: 200, cls: 0.05, a11y: 100, bp: 100, js: 100, files: 12 };
const SIGNED_IN = { perf: 90, lcp: 2500, tbt: 200, cls: 0.05, a11y: 100, bp: 100, js: 120, files: 12 };

/** The screens, given the seeded ids. */
const screens = (d) => [
  { name: '/login', url: '/login', target: PUBLIC },
  { name: '/register', url: '/register', target: PUBLIC },
  { name: '/forgot-password', url: '/forgot-password', target: PUBLIC },
  { name: 'hosteller dashboard', url: '/hosteller/dashboard', session: d.hosteller, target: SIGNED_IN },
  { name: 'my requests', url: '/hosteller/my-requests', session: d.hosteller, target: SIGNED_IN },
  { name: 'marketplace', url: '/marketplace', session: d.hosteller, target: SIGNED_IN },
  { name: 'product detail', url: `/products/${d.productId}`, session: d.hosteller, target: SIGNED_IN },
  { name: 'request detail', url: `/requests/${d.requestId}`, session: d.hosteller, target: SIGNED_IN },
  { name: 'profile', url: '/profile', session: d.hosteller, target: SIGNED_IN },
  { name: 'chat thread', url: `/chat/${d.dayscholar.user.id}`, session: d.hosteller, target: SIGNED_IN },
  { name: 'day scholar dashboard', url: '/dayscholar/dashboard', session: d.dayscholar, target: SIGNED_IN },
  { name: 'browse requests', url: '/dayscholar/browse-requests', session: d.dayscholar, target: SIGNED_IN },
  { name: 'my deliveries', url: '/dayscholar/my-deliveries', session: d.dayscholar, target: SIGNED_IN },
  { name: 'chat', url: '/chat', session: d.dayscholar, target: SIGNED_IN },
];

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run of `screen` on `app`; answers the figures of its row. */
async function measure(browser, debugPort, app, screen) {
  const context = browser.contexts()[0];
  if (screen.session) {
    // Cold caches, but signed in: the session the app reads at start-up.
    const tab = await context.newPage();
    await tab.goto(`${app.base}/robots.txt`);
    await tab.evaluate(({ token, user }) => {
      localStorage.clear();
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, screen.session);
    // A returning browser also holds the page cookie (set at sign-in) and its time zone (boot.js).
    await context.clearCookies();
    await context.addCookies(memberCookies(app.base, screen.session));
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: app.base,
      storageTypes: 'service_workers,cache_storage',
    });
    await tab.close();
  }
  const result = await lighthouse(`${app.base}${screen.url}`, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: Boolean(screen.session),
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  const { categories, audits } = result.lhr;
  if (process.env.LIGHTHOUSE_SAVE) {
    mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
    const file = `${app.label}-${screen.name.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, file), JSON.stringify(result.lhr));
  }
  // The scripts a signed-in screen waited for: asked for before it was drawn (largest paint) or
  // before the page's load event, whichever is later. Code the app fetches once the screen is up
  // (the live connection, menus' code) is not counted. A public screen arrives drawn and takes its
  // code after the paint, all of which its form needs: every script counts.
  const observed = audits.metrics?.details?.items?.[0] ?? {};
  const usableAt = screen.session
    ? Math.max(observed.observedLargestContentfulPaint ?? 0, observed.observedLoad ?? 0)
    : Infinity;
  const scripts = (audits['network-requests']?.details?.items ?? []).filter(
    (r) => r.resourceType === 'Script' && r.url.startsWith(app.base) && r.networkRequestTime <= usableAt,
  );
  let js = 0;
  for (const s of scripts) {
    const body = await fetch(s.url).then((r) => (r.ok ? r.arrayBuffer() : new ArrayBuffer(0)));
    js += gzipSync(Buffer.from(body), { level: 9 }).length;
  }
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id) => audits[id]?.numericValue;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js: js / 1024,
    files: scripts.length,
    error: result.lhr.runtimeError?.code,
    // Lighthouse's measure of this host's speed (higher is faster): its 4× slowdown is relative to it.
    benchmarkIndex: result.lhr.environment?.benchmarkIndex,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/** What `row` misses of `target`, as short phrases. */
function misses(row, target) {
  const out = [];
  if (row.perf < target.perf) out.push(`perf ${row.perf}`);
  if (!(row.lcp <= target.lcp)) out.push('LCP');
  if (!(row.tbt <= target.tbt)) out.push('TBT');
  if (!(row.cls <= target.cls)) out.push('CLS');
  if (row.a11y < target.a11y) out.push(`a11y ${row.a11y}`);
  if (row.bp < target.bp) out.push(`bp ${row.bp}`);
  if (row.js > target.js) out.push('JS');
  if (row.files > target.files) out.push('files');
  return out;
}

const s = (ms) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
const cell = (row) =>
  row
    ? [
        String(row.perf).padStart(4),
        s(row.fcp).padStart(6),
        s(row.lcp).padStart(6),
        `${Math.round(row.tbt ?? 0)} ms`.padStart(8),
        (row.cls ?? 0).toFixed(2).padStart(5),
        `${row.js.toFixed(0)} KB`.padStart(7),
        String(row.files).padStart(3),
      ].join(' ')
    : '';

ensureBuilt(root);
const sha = baselineRef(root);
const builds = [{ label: 'this', root }];
if (sha) builds.unshift({ label: `${sha.slice(0, 7)}`, root: builtWorktree(root, sha) });

const apps = [];
let browser;
let chrome;
try {
  for (const b of builds) apps.push({ ...(await startApp(b.root, b.label)), label: b.label });

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
  // Chromium's helpers may still be writing into the profile as it exits: retry, never fail the run.
  chrome.once('exit', () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      /* a temporary folder left behind */
    }
  });
  for (let i = 0; !browser; i++) {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`).catch((error) => {
      if (i > 100) throw error;
      return new Promise((r) => setTimeout(r, 100));
    });
  }

  const only = process.env.LIGHTHOUSE_ONLY?.split(',').filter(Boolean);
  const names = screens(apps[0])
    .map((p) => p.name)
    .filter((name) => !only || only.some((word) => name.includes(word)));

  const loads = [];
  const indexes = [];
  const table = [];
  for (const name of names) {
    const runs = apps.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      for (const [k, app] of apps.entries()) {
        const screen = screens(app).find((p) => p.name === name);
        const run = await measure(browser, debugPort, app, screen);
        runs[k].push(run);
        loads.push(os.loadavg()[0]);
        if (run.benchmarkIndex) indexes.push(run.benchmarkIndex);
      }
    }
    const target = screens(apps[0]).find((p) => p.name === name).target;
    const rows = runs.map((list) => {
      const ok = list.filter((r) => !r.error);
      if (!ok.length) return { ...list[0], perf: 0 };
      const mid = median(ok.map((r) => r.perf));
      return ok.find((r) => r.perf === mid);
    });
    table.push({ name, target, rows, perfs: runs.map((list) => list.map((r) => r.perf)) });
  }

  const head = ['perf', '   FCP', '   LCP', '     TBT', '  CLS', '     JS', '  #'].join(' ');
  console.log(
    `\nLighthouse 13, mobile (simulated 4G, 4× CPU), median of ${RUNS}; ${os.cpus().length} cores, ` +
      `load average during the runs ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, ` +
      `host benchmark index ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}`,
  );
  console.log(`  ${''.padEnd(22)} ${apps.map((a) => a.label.padEnd(head.length)).join(' | ')}`);
  console.log(`  ${'screen'.padEnd(22)} ${apps.map(() => head).join(' | ')}  result (this build)`);
  for (const { name, target, rows } of table) {
    const current = rows.at(-1);
    const missed = current.error ? [`not measured (${current.error})`] : misses(current, target);
    console.log(
      `  ${name.padEnd(22)} ${rows.map(cell).join(' | ')}  ${missed.length ? `MISS: ${missed.join(', ')}` : 'PASS'}`,
    );
  }
  console.log(
    '\n  targets: public perf ≥ 95, JS ≤ 100 KB; signed in perf ≥ 90, JS ≤ 120 KB; all LCP ≤ 2.5 s, ' +
      'TBT ≤ 200 ms, CLS ≤ 0.05, a11y and best practices 100, ≤ 12 script files',
  );
  for (const { name, rows, perfs } of table) {
    const current = rows.at(-1);
    console.log(
      `  ${name}: performance per run ${perfs.map((p, k) => `${apps[k].label} ${p.join('/')}`).join(', ')}`,
    );
    if (current.a11y < 100 || current.bp < 100)
      console.log(`    failing checks: ${current.failing.join(', ')}`);
  }
} finally {
  await browser?.close();
  if (chrome && chrome.exitCode === null) {
    const closed = once(chrome, 'exit');
    chrome.kill('SIGTERM');
    await closed;
  }
  for (const app of apps) await app.stop();
}
