import { expect, test } from '@playwright/test';
import { seedUser, signIn, listProductViaApi } from './fixtures';

/**
 * How the theme is chosen and kept. Whether every screen reads well in it (axe in both themes at
 * phone and desktop size) is checked by visual.spec.ts.
 */
test('dark mode: chosen in the user menu, kept on reload, followed on every screen', async ({
  browser,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const suffix = Date.now().toString(36);
  await listProductViaApi(request, hosteller, {
    name: `Calculus textbook ${suffix}`,
    price: '250',
    category: 'books',
  });

  // The hosteller picks Dark in the user menu (the device itself prefers light).
  const page = await (await browser.newContext({ colorScheme: 'light' })).newPage();
  const html = page.locator('html');
  await signIn(page, hosteller);
  await expect(page).toHaveURL(/dashboard$/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'System' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f172a');

  // Kept on reload, applied before the app's script runs.
  await page.reload();
  await expect(page).toHaveURL(/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dark' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');

  await page.goto('/hosteller/marketplace');
  await expect(page.getByText(`Calculus textbook ${suffix}`)).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);

  // Light puts it back; System follows the device again.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Light' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'System' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  // A device that prefers dark gets it with no choice stored.
  const d = await (await browser.newContext({ colorScheme: 'dark' })).newPage();
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/dashboard$/);
  await expect(d.locator('html')).toHaveClass(/\bdark\b/);
});
