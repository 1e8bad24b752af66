import { expect, test } from '@playwright/test';
import { createRequestViaApi, expectAccessible, seedUser, signIn, listProductViaApi } from './fixtures';

test('dark mode: chosen in the user menu, kept on reload, every main screen readable', async ({
  browser,
  request,
}) => {
  // Nine screens, each checked by axe in both themes: about a minute on a 2-core machine.
  test.setTimeout(150_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const suffix = Date.now().toString(36);
  await listProductViaApi(request, hosteller, {
    name: `Calculus textbook ${suffix}`,
    price: '250',
    category: 'books',
  });
  await createRequestViaApi(request, hosteller, `Notebook ${suffix}`);
  const message = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${hosteller.token}` },
    data: { receiverId: dayscholar.id, content: 'Is the notebook still on your way?' },
  });
  expect(message.status()).toBe(201);

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

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/hosteller/marketplace');
  await expect(page.getByText(`Calculus textbook ${suffix}`)).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);
  await expectAccessible(page);
  await page.goto('/chat');
  await expect(page.getByRole('link', { name: /Divya Dayscholar/ })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/chat/${dayscholar.id}`);
  await expect(page.getByRole('log').getByText('Is the notebook still on your way?')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expectAccessible(page);

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

  // A device that prefers dark gets it with no choice stored: the day scholar's screens.
  const d = await (await browser.newContext({ colorScheme: 'dark' })).newPage();
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/dashboard$/);
  await expect(d.locator('html')).toHaveClass(/\bdark\b/);
  await expectAccessible(d);
  await d.goto('/dayscholar/browse-requests');
  await expect(d.getByText(`Notebook ${suffix}`)).toBeVisible();
  await expectAccessible(d);
  await d.goto('/chat');
  await expect(d.getByRole('link', { name: /Hari Hosteller/ })).toBeVisible();
  await expectAccessible(d);
});
