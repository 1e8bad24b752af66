import { expect, type Page, test } from '@playwright/test';
import { seedUser, signIn } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** A phone with a notch (47 px at the top) and a home indicator (34 px at the bottom). */
const INSETS = { top: 47, bottom: 34, left: 0, right: 0 };

async function emulateNotch(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: INSETS });
}

test('on a phone with a notch and a home indicator, the bars keep their content in the safe area', async ({
  page,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  await emulateNotch(page);

  // The sign-in screen starts below the notch.
  await page.goto('/login');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
  const logo = await page
    .getByRole('link', { name: /CampusRun/ })
    .first()
    .boundingBox();
  expect(logo!.y).toBeGreaterThanOrEqual(INSETS.top);

  await signIn(page, hosteller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  // The menu button, bell and user menu sit below the notch; the bar's background runs under it.
  for (const control of [
    page.getByRole('button', { name: 'Open menu' }),
    page.getByRole('button', { name: /Notifications/ }),
    page.getByRole('button', { name: 'Open user menu' }),
  ]) {
    // Polled: a control's stand-in may be swapped for the real one (its code arriving) meanwhile.
    await expect.poll(async () => (await control.boundingBox())?.y).toBeGreaterThanOrEqual(INSETS.top);
  }
  expect((await page.locator('header').first().boundingBox())!.y).toBe(0);

  // Every tab sits above the home indicator, and the screen's last line above the tab bar.
  const bar = page.getByRole('navigation', { name: 'Tab bar' });
  for (const tab of await bar.getByRole('listitem').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844 - INSETS.bottom);
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const last = (await page.locator('#main > *').last().boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);

  // The slide-over menu starts below the notch too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toBeVisible();
  expect((await close.boundingBox())!.y).toBeGreaterThanOrEqual(INSETS.top);
  await close.click();

  // In a conversation the composer, which takes the tab bar's place, stays above the home indicator.
  await page.goto(`/chat/${dayscholar.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  const box = (await composer.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844 - INSETS.bottom);
  await expect(composer).toBeInViewport({ ratio: 1 });
  // Its own header, the only one there, starts below the notch.
  const back = page.getByRole('link', { name: 'Back to conversations' });
  await expect(back).toBeVisible();
  expect((await back.boundingBox())!.y).toBeGreaterThanOrEqual(INSETS.top);
});
