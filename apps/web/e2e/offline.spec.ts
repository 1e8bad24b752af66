import { expect, test } from '@playwright/test';
import { seedUser, signIn } from './fixtures';

test('losing the network is said within 2 s, and its return too; the screen stays as it was', async ({
  browser,
  request,
}) => {
  const student = await seedUser(request, 'hosteller', 'Asha Offline');
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, student);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('You’re offline. Showing what was last loaded.')).toBeVisible({
    timeout: 2_000,
  });
  // What was on screen stays on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Back online')).toBeVisible({ timeout: 2_000 });
  await expect(page.getByText('Back online')).toBeHidden({ timeout: 10_000 });
  await context.close();
});
