import { type Browser, expect, test } from '@playwright/test';
import { type SeededUser, expectOnScreen, localInput, seedUser, signIn } from './fixtures';

/** The smallest common phone, and a common tall one. */
const PHONES = [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
];

async function phoneAs(browser: Browser, user: SeededUser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true });
  // Headless Chromium answers "denied" for notifications unless granted; a phone asks first.
  await context.grantPermissions(['clipboard-read', 'clipboard-write', 'notifications']);
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).toHaveURL(/dashboard$/);
  return { context, page };
}

for (const viewport of PHONES) {
  test.describe(`on a ${viewport.width}×${viewport.height} phone`, () => {
    test('a first request offers the trip that can bring it, and asks for notifications there', async ({
      browser,
      request,
    }) => {
      const token = Date.now().toString(36);
      const runner = await seedUser(request, 'dayscholar', `Ravi Runner ${token}`);
      const student = await seedUser(request, 'hosteller', 'Asha Asker');
      // A trip arriving sooner than any other test's, still open for requests.
      const trip = await request.post('/api/trips', {
        headers: { Authorization: `Bearer ${runner.token}` },
        data: {
          from: `Katpadi ${token}`,
          arriveAt: new Date(Date.now() + 25 * 60_000).toISOString(),
          cutoffAt: new Date(Date.now() + 20 * 60_000).toISOString(),
          capacity: 3,
        },
      });
      expect(trip.status()).toBe(201);

      const { context, page } = await phoneAs(browser, student, viewport);
      await page.goto('/hosteller/my-requests/new');
      await expect(page.getByRole('banner').getByText('New Request', { exact: true })).toBeVisible();
      await page.getByLabel('Item name').fill(`Bread ${token}`);
      await page.getByLabel('Delivery fee — what you pay the deliverer').fill('30');
      await page.getByLabel('Deadline').fill(localInput(2));
      await page.getByRole('button', { name: 'Create Request' }).click();
      await expect(page).toHaveURL(/\/requests\/[0-9a-f-]+$/);

      // Right after posting: notifications, explained, above the tab bar and inside the screen.
      const ask = page.getByRole('region', { name: 'Know when someone accepts' });
      await expect(ask).toBeVisible();
      await expectOnScreen(page, ask);
      const bar = (await page.getByRole('navigation', { name: 'Tab bar' }).boundingBox())!;
      const askBox = (await ask.boundingBox())!;
      expect(askBox.y + askBox.height).toBeLessThanOrEqual(bar.y);
      await ask.getByRole('button', { name: 'Not now' }).click();
      await expect(ask).toHaveCount(0);

      // The trip that can still bring it, added in one tap.
      const add = page.getByRole('button', { name: 'Add to Ravi’s trip' });
      await expect(add).toBeVisible();
      await add.click();
      await expect(page.getByText('Added to Ravi’s trip: Ravi will bring it')).toBeVisible();

      // Money is one tap away on any screen.
      await page.getByRole('banner').getByRole('link', { name: 'Money' }).click();
      await expect(page).toHaveURL(/\/money$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await context.close();
    });

    test('a new shared run asks its starter to invite others, and the link is shared', async ({
      browser,
      request,
    }) => {
      const student = await seedUser(request, 'hosteller', 'Sana Starter');
      const { context, page } = await phoneAs(browser, student, viewport);
      await page.goto('/runs/new');
      await page.getByLabel('Pick up from').fill('Katpadi market');
      // Quick picks fill the times in a tap.
      await page.getByRole('list', { name: 'Join by shortcuts' }).getByRole('button').first().click();
      await expect(page.getByLabel('Join by', { exact: true })).not.toHaveValue('');
      await page.getByLabel('Deadline', { exact: true }).fill(localInput(5));
      await page.getByLabel('Total delivery fee (₹) — split equally').fill('90');
      await page.getByLabel('Item name').fill('Rice');
      await page.getByRole('button', { name: 'Start a shared run' }).click();
      await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+$/);

      const invite = page.getByRole('region', { name: 'Invite others on your floor' });
      await expect(invite).toBeVisible();
      await expectOnScreen(page, invite.getByRole('button', { name: 'Share' }));
      await invite.getByRole('button', { name: 'Share' }).click();
      // Without a share sheet, the link is copied.
      await expect(page.getByText('Link copied')).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(page.url());
      await context.close();
    });
  });
}
