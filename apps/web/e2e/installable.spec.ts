import { expect, test } from '@playwright/test';

test.describe('installable app', () => {
  test('serves the manifest, icons, robots.txt and a worker that is never cached as immutable', async ({
    request,
  }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(body).toMatchObject({ name: 'CampusRun', display: 'standalone', start_url: '/' });
    const maskable = body.icons.find((i) => i.purpose === 'maskable');
    expect(maskable).toBeDefined();
    for (const icon of body.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }

    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain('User-agent: *');
  });

  test('the service worker controls the app, a navigation offline shows the offline screen', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    // The worker installs after the first load; from the next page on it controls the app.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!registration.active) throw new Error('no active worker');
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    // A build file the server does not have is still a 404 through the worker (a stale tab reloads).
    expect(await page.evaluate(async () => (await fetch('/assets/missing-0000.js')).status)).toBe(404);

    await context.setOffline(true);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    // Back online, "Try again" opens the page that was asked for.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  });
});
