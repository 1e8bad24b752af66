import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, uniqueEmail } from './fixtures';

/** The claims the local provider puts in its next ID token. */
const nextGoogleAccount = (claims: Record<string, unknown>) =>
  writeFileSync(process.env.E2E_OIDC_CLAIMS!, JSON.stringify(claims));

test('a new Google user completes the profile and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('google');
  nextGoogleAccount({ sub: `google-${email}`, email, email_verified: true, name: 'Gauri Google' });

  await page.goto('/login');
  await page.getByRole('button', { name: /Continue with Google/ }).click();
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByText('Google sign-in successful!')).toBeVisible();
  // The token never stays in the address bar or history.
  expect(page.url()).not.toContain('token=');
  await expectAccessible(page);

  await page.getByText('Day Scholar', { exact: true }).click();
  await page.getByRole('button', { name: 'Complete profile' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByLabel('Phone number').fill('98765');
  await page.getByRole('button', { name: 'Complete profile' }).click();
  await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
  await page.getByLabel('Phone number').fill('9876543210');
  await page.getByRole('button', { name: 'Complete profile' }).click();

  await expect(page.getByText('Profile completed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  await page.goto('/complete-profile');
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
});

test('a Google address outside the campus is refused with the spec toast', async ({ page }) => {
  nextGoogleAccount({ sub: 'google-outsider', email: 'outsider@gmail.com', email_verified: true });
  await page.goto('/login');
  await page.getByRole('button', { name: /Continue with Google/ }).click();
  await expect(
    page.getByText('Google sign-in failed. Please try again or use email/password login.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
