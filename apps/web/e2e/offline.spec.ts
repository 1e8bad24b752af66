import { expect, test } from '@playwright/test';
import { actOnRequest, createRequestViaApi, localInput, seedUser, signIn } from './fixtures';

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

test('the installed app opened offline at the gate still shows the handover code', async ({
  browser,
  request,
}) => {
  const student = await seedUser(request, 'hosteller', 'Asha Gate');
  const deliverer = await seedUser(request, 'dayscholar', 'Ravi Gate');
  const id = await createRequestViaApi(request, student, 'Milk for the gate', 40, { handoverCode: true });
  await actOnRequest(request, deliverer, id, 'accept');

  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, student);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page
    .getByRole('link', { name: /Milk for the gate/ })
    .first()
    .click();
  const code = page.getByRole('region', { name: 'Handover code' }).getByTestId('handover-code');
  await expect(code).toHaveText(/^\d{4}$/);
  const digits = (await code.textContent())!;
  // Kept on the phone a moment later.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('campusrun.offline') ?? ''))
    .toContain(digits);
  await page.close();

  // At the gate: no network, the app opened again from the home screen.
  await context.setOffline(true);
  const reopened = await context.newPage();
  await reopened.goto('/');
  await expect(reopened.getByText('You’re offline. Showing what was last loaded.')).toBeVisible();
  await expect(reopened.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
  await reopened
    .getByRole('link', { name: /Milk for the gate/ })
    .first()
    .click();
  const kept = reopened.getByRole('region', { name: 'Handover code' }).getByTestId('handover-code');
  await expect(kept).toHaveText(digits);
  // Above the fold of a small phone: nothing to scroll at the gate.
  await expect(kept).toBeInViewport();
  await context.close();
});

test('signing out leaves nothing of the member on the phone for the app opened offline', async ({
  browser,
  request,
}) => {
  const student = await seedUser(request, 'hosteller', 'Asha Leaving');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, student);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('campusrun.offline') ?? ''))
    .toContain('dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('campusrun.offline'))).toBeNull();

  await context.setOffline(true);
  await page.goto('/hosteller/dashboard');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.close();
});

test('a request written offline posts once when the network is back, and the student stays where they are', async ({
  browser,
  request,
}) => {
  const student = await seedUser(request, 'hosteller', 'Asha Queue');
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, student);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
  // The installed app: the worker has every screen's code.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.goto('/hosteller/my-requests/new');
  await page.getByLabel('Item name').fill('Queued milk');
  await page.getByLabel('Delivery fee — what you pay the deliverer').fill('30');
  await page.getByLabel('Deadline').fill(localInput(5));

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create Request' }).click();
  const waiting = page.getByRole('listitem', { name: 'Queued milk, not posted yet' });
  await expect(waiting.getByText('Will post when you’re back online')).toBeVisible();
  // The student goes on with something else meanwhile.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();

  await context.setOffline(false);
  const posted = page.getByText('Request posted: Queued milk');
  await expect(posted).toBeVisible();
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  // The toast covers neither the top bar, the screen's title nor the tab bar.
  const toastBox = (await posted.boundingBox())!;
  for (const other of [
    page.getByRole('banner'),
    page.getByRole('heading', { level: 1, name: 'Welcome, Asha' }),
    page.getByRole('navigation', { name: 'Tab bar' }),
  ]) {
    const box = (await other.boundingBox())!;
    const apart = toastBox.y + toastBox.height <= box.y || box.y + box.height <= toastBox.y;
    expect(apart).toBe(true);
  }
  const mine = await request.get('/api/requests/my-requests?status=all&limit=20', {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  const { requests } = (await mine.json()) as { requests: Array<{ itemName: string }> };
  expect(requests.filter((item) => item.itemName === 'Queued milk')).toHaveLength(1);
  await context.close();
});
