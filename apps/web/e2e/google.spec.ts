import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, holdTheCode, uniqueEmail } from './fixtures';

/** The claims the local provider puts in its next ID token. */
const nextGoogleAccount = (claims: Record<string, unknown>) =>
  writeFileSync(process.env.E2E_OIDC_CLAIMS!, JSON.stringify(claims));

test('a new Google user completes the profile and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('google');
  nextGoogleAccount({ sub: `google-${email}`, email, email_verified: true, name: 'Gauri Google' });

  await page.goto('/login');
  await page.getByRole('button', { name: /Continue with Google/ }).click();
  // Arriving is the feedback: no "successful" toast on top of it.
  await expect(page).toHaveURL(/\/complete-profile$/);
  // No token travels in an address, and the one-time code does not stay in the address bar.
  expect(page.url()).not.toMatch(/token=|code=/);
  await expectAccessible(page);

  await page.getByText('Day Scholar', { exact: true }).click();
  await page.getByRole('button', { name: 'Complete profile' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByLabel('Phone number').fill('98765');
  await page.getByRole('button', { name: 'Complete profile' }).click();
  await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
  await page.getByLabel('Phone number').fill('9876543210');
  await page.getByRole('button', { name: 'Complete profile' }).click();

  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  await page.goto('/complete-profile');
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
});

test('a Google address outside the campus is refused with its toast', async ({ page }) => {
  nextGoogleAccount({ sub: 'google-outsider', email: 'outsider@gmail.com', email_verified: true });
  await page.goto('/login');
  await page.getByRole('button', { name: /Continue with Google/ }).click();
  await expect(
    page.getByText('Google sign-in failed. Please try again or use email/password login.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("the button works on the drawn screen before the app's code has arrived", async ({ page }) => {
  nextGoogleAccount({ sub: 'google-early', email: 'early@gmail.com', email_verified: true });
  const release = await holdTheCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('button', { name: /Continue with Google/ }).click();
  // The round trip through the provider happened: the campus refuses this address with its toast.
  await expect(page).toHaveURL(/\/login\?error=google_auth_failed$/);
  await expect(
    page.getByText('Google sign-in failed. Please try again or use email/password login.'),
  ).toBeVisible();
  release();
});

test("a link carrying someone else's Google sign-in code does not sign the visitor in", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The attacker goes through Google sign-in with their own client and keeps the unused code.
  const email = uniqueEmail('mallory');
  nextGoogleAccount({ sub: `google-${email}`, email, email_verified: true, name: 'Mallory' });
  const attacker = await playwright.request.newContext({ baseURL });
  const follow = async (url: string) =>
    (await attacker.get(url, { maxRedirects: 0 })).headers().location ?? '';
  const authorize = await follow('/api/auth/google');
  const callback = await follow(authorize);
  const craftedLink = await follow(callback);
  await attacker.dispose();
  expect(craftedLink).toMatch(/^\/auth\/google-callback\?code=/);

  // The victim opens the crafted link: no session is created, the sign-in fails.
  await page.goto(craftedLink);
  await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
  // The failure stays on its page, code gone from the address, with the way back.
  await expect(page).toHaveURL(/\/auth\/google-callback$/);
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
