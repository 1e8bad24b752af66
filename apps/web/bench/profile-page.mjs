/**
 * Where a signed-in screen's main thread goes while it opens on a phone-speed CPU: the screen is
 * opened drawn by the server, signed in, with Chromium's CPU slowed four times, and a CPU profile is
 * taken from the start of the navigation until the page has been quiet for a while. Prints the
 * long tasks (over 50 ms, as the browser reports them) and the functions with the most time of
 * their own, and writes the profile for Chromium's DevTools (Performance panel, "Load profile").
 *
 *   node bench/profile-page.mjs <screen> [out.cpuprofile]
 *
 * screens: product, request, chat-thread, my-deliveries, dashboard, marketplace, profile.
 * PROFILE_TAP="Make an offer" profiles a press of that button on the settled screen instead of the
 * load; PROFILE_TRACE=<file> also writes a Chromium trace (Performance panel) of the same span.
 * Build with PROFILE_NAMES=1 (npm run build) to keep function names readable in the profile.
 */
/* global window */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureBuilt, signedInPage, startApp } from './app-under-test.mjs';

// PROFILE_ROOT: another checkout to profile (an earlier build, say), built like this one.
const root =
  process.env.PROFILE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const screens = (d) => ({
  product: { session: d.hosteller, url: `/products/${d.productId}` },
  request: { session: d.dayscholar, url: `/requests/${d.openRequestId}` },
  'chat-thread': { session: d.hosteller, url: `/chat/${d.dayscholar.user.id}` },
  'my-deliveries': { session: d.dayscholar, url: '/dayscholar/my-deliveries' },
  dashboard: { session: d.hosteller, url: '/hosteller/dashboard' },
  marketplace: { session: d.hosteller, url: '/marketplace' },
  profile: { session: d.hosteller, url: '/profile' },
});

const [name = 'product', out = `/tmp/${name}.cpuprofile`] = process.argv.slice(2);
ensureBuilt(root);
const app = await startApp(root, 'profile');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const screen = screens(app)[name];
  if (!screen) throw new Error(`no screen ${name}: ${Object.keys(screens(app)).join(', ')}`);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await signedInPage(context, app.base, screen.session);
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const tap = process.env.PROFILE_TAP;
  if (tap) {
    // A press instead of the load: the page settles first, then the profile covers the press.
    await page.goto(`${app.base}${screen.url}`);
    await page.waitForFunction(() => window.campusrunReady === true, null, { timeout: 30_000 });
    await page.waitForTimeout(3000);
    await page.evaluate(() => (window.__long = []));
  }
  await cdp.send('Profiler.start');
  if (process.env.PROFILE_TRACE)
    await browser.startTracing(page, {
      path: process.env.PROFILE_TRACE,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'],
    });
  if (tap) {
    await page.getByRole('button', { name: tap, exact: true }).first().click();
    await page.waitForTimeout(2000);
  } else {
    await page.goto(`${app.base}${screen.url}`);
    await page.waitForFunction(() => window.campusrunReady === true, null, { timeout: 30_000 });
    await page.waitForTimeout(6000);
  }
  const { profile } = await cdp.send('Profiler.stop');
  if (process.env.PROFILE_TRACE) await browser.stopTracing();
  writeFileSync(out, JSON.stringify(profile));
  const long = await page.evaluate(() => window.__long);
  console.log(`long tasks (start ms, duration ms): ${long.map(([s, d]) => `${s}+${d}`).join('  ')}`);
  console.log(
    `total blocking (over 50 ms each): ${long.reduce((t, [, d]) => t + Math.max(0, d - 50), 0)} ms`,
  );

  // Self time per function, from the samples.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const gaps = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const { callFrame: f } = byId.get(id);
    const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (gaps[i + 1] ?? 0) / 1000);
  });
  console.log('\nself time (ms, throttled 4×):');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`  ${ms.toFixed(0).padStart(6)}  ${key}`);
  console.log(`\nprofile written to ${out}`);
} finally {
  await browser.close();
  await app.stop();
}
