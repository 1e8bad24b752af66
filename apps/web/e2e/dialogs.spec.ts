import { expect, test } from '@playwright/test';
import { expectOnScreen, seedUser, signIn } from './fixtures';

/** What an on-screen keyboard leaves of a phone's height (a browser that resizes for it). */
const KEYBOARD = 290;

for (const size of [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
]) {
  test(`on a ${size.width}×${size.height} phone the tallest dialog (Join this run) fits: its title, fields and buttons can be reached, with the keyboard open too`, async ({
    browser,
    request,
  }) => {
    const starter = await seedUser(request, 'hosteller', 'Asha Starter');
    const joiner = await seedUser(request, 'hosteller', 'Bala Joiner');
    const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const created = await request.post('/api/runs', {
      headers: { Authorization: `Bearer ${starter.token}` },
      data: {
        pickupFrom: 'Katpadi market',
        cutoffAt: soon(2),
        deadline: soon(5),
        totalFee: 90,
        item: { itemName: 'Bread', deliveryLocation: 'Block B gate' },
      },
    });
    expect(created.status()).toBe(201);
    const runId = ((await created.json()) as { run: { id: string } }).run.id;

    const context = await browser.newContext({ viewport: size, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, joiner);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/runs/${runId}`);
    await page.getByRole('button', { name: 'Join run' }).click();

    const dialog = page.getByRole('dialog', { name: 'Join this run' });
    const title = dialog.getByRole('heading', { name: 'Join this run' });
    const join = dialog.getByRole('button', { name: 'Join run' });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await expect(join).toBeVisible();
    for (const part of [title, join, cancel, dialog.getByText(/^Your share/)])
      await expectOnScreen(page, part);

    // The keyboard opens for the first field: the window the page sees gets shorter. The title and
    // the buttons stay on screen, and the field being typed in is scrolled into view.
    const item = dialog.getByLabel('Item name');
    await item.focus();
    await page.setViewportSize({ width: size.width, height: size.height - KEYBOARD });
    await item.fill('Milk');
    for (const part of [title, join, cancel]) await expectOnScreen(page, part);
    const place = dialog.getByLabel('Delivery location');
    await place.focus();
    await place.fill('Block C gate');
    await expectOnScreen(page, place);
    for (const part of [title, join]) await expectOnScreen(page, part);

    await join.click();
    await expect(page.getByText('You joined the run')).toBeVisible();
    await context.close();
  });
}
