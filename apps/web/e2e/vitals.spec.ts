import { expect, test, type Page } from '@playwright/test';
import { createRequestViaApi, seedUser, signIn } from './fixtures';

/**
 * How many page loads /api/metrics has counted for `screen`, per measurement. The run's server
 * samples every page load (VITALS_SAMPLE_RATE=1 in global-setup.ts) and answers its metrics to
 * loopback callers, as this one is.
 */
async function counted(page: Page, screen: string) {
  const res = await page.request.get('/api/metrics');
  expect(res.status()).toBe(200);
  const text = await res.text();
  const count = (metric: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${metric}_count{screen="${screen}"} `));
    return line ? Number(line.split(' ')[1]) : 0;
  };
  return { lcp: count('web_vitals_lcp_seconds'), ttfb: count('web_vitals_ttfb_seconds') };
}

test('a page load reports its LCP and TTFB under its screen’s pattern when the page is hidden', async ({
  page,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Vani Vitals');
  const id = await createRequestViaApi(request, hosteller, 'Graph paper for vitals');
  await signIn(page, hosteller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  const before = await counted(page, '/requests/:id');
  const beacons: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/vitals') beacons.push(r.postData() ?? '');
  });

  // The measuring library arrives once the first screen is out of the way.
  const library = page.waitForResponse((r) => /\/assets\/web-vitals[^/]*\.js$/.test(r.url()));
  await page.goto(`/requests/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request Details' })).toBeVisible();
  await expect(page.getByText('Graph paper for vitals').first()).toBeVisible();
  await library;
  // Nothing is sent while the page is on show.
  await page.waitForTimeout(500);
  expect(beacons).toEqual([]);

  // The student switches to another app: the page is hidden, and the measurements go.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await expect.poll(() => beacons.length).toBeGreaterThan(0);
  const sent = beacons.map((b) => JSON.parse(b) as { screen: string; metrics: { name: string }[] });
  const own = sent.find((b) => b.screen === '/requests/:id');
  expect(own?.metrics.map((m) => m.name)).toEqual(expect.arrayContaining(['LCP', 'TTFB']));
  // The pattern, never the address: no id leaves the page.
  expect(beacons.join('')).not.toContain(id);

  // Counted under the pattern (other specs running beside this one may count theirs too).
  await expect
    .poll(async () => {
      const now = await counted(page, '/requests/:id');
      return now.lcp > before.lcp && now.ttfb > before.ttfb;
    })
    .toBe(true);
  // Leaving the page later sends nothing more for this load.
  await page.goto('/robots.txt');
  expect(beacons).toHaveLength(sent.length);
});
