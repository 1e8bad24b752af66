import { expect, test } from '@playwright/test';
import { holdTheCode, seedUser } from './fixtures';

/** The public screens arrive drawn: what a phone shows before any script has run. */
test.describe('prerendered public screens', () => {
  test.use({ javaScriptEnabled: false });

  test('show their form, the campus and their title without JavaScript', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in to your account · CampusRun');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByText('Example University')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('placeholder', 'you@example.edu');
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    await page.goto('/register');
    await expect(page).toHaveTitle('Create your account · CampusRun');
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(page.getByText('Hosteller', { exact: true })).toBeVisible();

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();

    // A screen of the signed-in app is not drawn ahead: its shell waits for the code.
    // It keeps the app's own title and shows nothing else before then.
    await page.goto('/hosteller/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
    await expect(page).toHaveTitle('CampusRun');
    expect((await page.locator('body').innerText()).trim()).toBe('');
  });
});

test('the app takes the drawn screen over without drawing it again, and keeps what was done before', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, 'hosteller');
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));

  // A choice made before the code ran still shows what depends on it, in the same elements.
  let release = await holdTheCode(page);
  await page.goto('/register', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'Create your account' });
  await heading.evaluate((el) => el.setAttribute('data-drawn-by-server', ''));
  await page.getByLabel('Full name').fill('Early Bird');
  await page.getByText('Hosteller', { exact: true }).click();
  release();
  await expect(page.getByLabel('Hostel block')).toBeVisible();
  await expect(page.locator('h1[data-drawn-by-server]')).toHaveText('Create your account');
  await expect(page.getByLabel('Full name')).toHaveValue('Early Bird');

  // Signed in before the code is here: nothing goes into the address bar, and once the code
  // arrives the waiting sign-in goes through.
  release = await holdTheCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  expect(problems).toEqual([]);
});
