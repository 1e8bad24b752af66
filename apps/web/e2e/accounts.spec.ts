import { expect, test } from '@playwright/test';
import { PASSWORD, expectAccessible, readOtp, seedUser, signIn, uniqueEmail, waitForMail } from './fixtures';

test('a new hosteller registers, types the e-mailed code and lands on the dashboard without a second sign-in, edits the profile and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Full name').fill('Neha Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Phone number').fill('9123456789');
  await page.getByText('Hosteller', { exact: true }).click();
  await page.getByLabel('Hostel block').fill('Block A');
  await page.getByLabel('Room number').fill('101');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend OTP/ })).toBeDisabled();
  await expectAccessible(page);
  const otp = await readOtp(email);
  // A mistyped code first: its message shows under the field (not again as a toast) and does not
  // stay once the right code is in.
  // The sixth digit sends the code by itself.
  await page.getByLabel('Verification code').fill(otp === '000000' ? '111111' : '000000');
  await expect(page.getByText(/Invalid or expired OTP/)).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText(/Invalid or expired OTP/)).toHaveCount(0);
  await page.getByLabel('Verification code').fill(otp);

  // Signed in straight away: no second password entry, and arriving is the feedback (no toast).
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  await expect(page.getByText('Hosteller Dashboard').first()).toBeVisible();
  await expect(page.getByText('Email verified successfully!')).toHaveCount(0);
  await expect(page.getByText(/Invalid or expired OTP/)).toHaveCount(0);
  await expect(toasts.getByText(/Registration successful/)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('signUpTicket'))).toBeNull();
  await expectAccessible(page);
  // The sign-in is a session of its own, listed under the account's devices.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const sessions = await page.request.get('/api/auth/sessions', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await sessions.json()).sessions).toEqual([expect.objectContaining({ current: true })]);

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Full name').fill('Neha N.');
  await page.getByLabel('Room number').fill('202');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile photo' }).getByText('Neha N.')).toBeVisible();

  // The change survives a reload: it came from the server, not just the form.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile photo' }).getByText('Neha N.')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^202$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('guards send signed-out users to /login and users of the other role to their own dashboard', async ({
  page,
  request,
}) => {
  await page.goto('/hosteller/my-requests');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  const dayScholar = await seedUser(request, 'dayscholar');
  await signIn(page, dayScholar);
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  await expect(page.getByText('Day Scholar Dashboard').first()).toBeVisible();

  await page.goto('/hosteller/dashboard');
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Go to Home' })
    .or(page.getByRole('button', { name: 'Go to Home' }))
    .click();
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
});

test('an unverified account signing in is sent to verify its e-mail', async ({ page, request }) => {
  const email = uniqueEmail('late');
  await request.post('/api/auth/register', {
    data: { name: 'Lata Late', email, password: PASSWORD, phoneNumber: '9876543210', role: 'dayscholar' },
  });
  await signIn(page, { email, password: PASSWORD });
  await expect(page.getByText('Your email is not verified. Please verify your email.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();

  // This browser did not make the sign-up: the code verifies, and the password signs in as before.
  await page.getByLabel('Verification code').fill(await readOtp(email));
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await signIn(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
});

test('forgot and reset password through the mailed link', async ({ page, request }) => {
  const user = await seedUser(request, 'hosteller');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const mail = await waitForMail(user.email, /Reset your CampusRun password/);
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.body)![0];
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('my-new-password-1');
  await page.getByLabel('Confirm new password').fill('my-new-password-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, { email: user.email, password: 'my-new-password-1' });
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
});

test('on a phone the menu opens as a slide-over and Esc closes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await seedUser(request, 'hosteller');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Marketplace' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('signing out on one device keeps the others signed in; Sign out of all devices ends every one', async ({
  browser,
  request,
}) => {
  const user = await seedUser(request, 'hosteller', 'Sita Sessions');
  const PHONE_UA =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  const LAPTOP_UA =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const phoneContext = await browser.newContext({ userAgent: PHONE_UA });
  const laptopContext = await browser.newContext({ userAgent: LAPTOP_UA });
  try {
    const phone = await phoneContext.newPage();
    const laptop = await laptopContext.newPage();
    for (const page of [phone, laptop]) {
      await signIn(page, user);
      await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
    }

    // The laptop lists the devices (the set-up's own sign-in through the API too); only the others
    // have their own Sign out.
    await laptop.goto('/profile');
    const security = laptop.getByRole('region', { name: 'Security and sessions' });
    const devices = security.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
      'Chrome on Windows',
    );
    await expect(security.getByRole('button', { name: 'Sign out Chrome on Android' })).toBeVisible();
    await expectAccessible(laptop);

    // The phone signs out: only the phone.
    await phone.getByRole('button', { name: 'Open user menu' }).click();
    await phone.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(phone).toHaveURL(/\/login$/);
    // A reload is drawn by the server for the laptop's session (its page cookie), which it draws only
    // while that session is live: still good. An ended one would get the app shell.
    const first = await laptop.goto('/hosteller/dashboard');
    expect(await first!.text()).toContain('id="drawn-state"');
    const again = await laptop.reload();
    expect(await again!.text()).toContain('id="drawn-state"');
    await expect(laptop).toHaveURL(/\/hosteller\/dashboard$/);
    await expect(laptop.getByText('Hosteller Dashboard').first()).toBeVisible();
    await laptop.goto('/profile');
    await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
      'Chrome on Windows',
    );
    await expect(security.getByText('Chrome on Android')).toBeHidden();

    // The laptop signs out of every device (the API sign-in of the set-up included), after confirming.
    await security.getByRole('button', { name: 'Sign out of all devices' }).click();
    const dialog = laptop.getByRole('dialog', { name: 'Sign out of all devices?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(laptop).toHaveURL(/\/login$/);
    await expect(laptop.getByText('Signed out of all devices')).toBeVisible();
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(401);
    await laptop.goto('/profile');
    await expect(laptop).toHaveURL(/\/login$/);
  } finally {
    await phoneContext.close();
    await laptopContext.close();
  }
});
