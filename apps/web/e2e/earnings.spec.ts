import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  actOnRequest,
  createRequestViaApi,
  expectAccessible,
  seedUser,
  signIn,
  type SeededUser,
} from './fixtures';

const word = () =>
  'zt' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A signed-in phone (390 px) for `user` in its own browser context. */
async function phoneOf(browser: Browser, user: SeededUser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).toHaveURL(/dashboard$/);
  return { context, page };
}

async function asUser(request: APIRequestContext, user: SeededUser, path: string, data?: object) {
  const res = await request.put(`/api/${path}`, {
    headers: { Authorization: `Bearer ${user.token}` },
    ...(data && { data }),
  });
  expect(res.status()).toBe(200);
}

test('the requester confirms receipt and tips ₹20, paid by UPI with it; the deliverer finds the delivery in this week’s earnings', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const hosteller = await seedUser(request, 'hosteller', 'Tara Hosteller');
  const dayScholar = await seedUser(request, 'dayscholar', 'Tejas Dayscholar');
  await asUser(request, dayScholar, 'users/profile', {
    name: dayScholar.name,
    phoneNumber: '9876543210',
    upiId: 'tejas.d@okaxis',
  });
  const item = `Graph paper ${word()}`;
  // A ₹30 fee and ₹50 of items: ₹80 is owed once it is delivered.
  const id = await createRequestViaApi(request, hosteller, item, 30, { itemCost: 50 });
  await actOnRequest(request, dayScholar, id, 'accept');
  await asUser(request, dayScholar, `requests/${id}/picked-up`);

  // ---- The requester, on a phone, confirms receipt and tips ₹20 ----------------------------
  const h = await phoneOf(browser, hosteller);
  await h.page.goto(`/requests/${id}`);
  await h.page.getByRole('button', { name: 'Confirm receipt' }).click();
  await h.page
    .getByRole('dialog', { name: 'Confirm you received the items?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const card = h.page.getByRole('region', { name: 'Settle up' });
  await expect(card.getByText('You owe Tejas Dayscholar ₹80')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay ₹80 with UPI' })).toBeVisible();
  const twenty = card.getByRole('button', { name: 'Tip ₹20' });
  await twenty.click();
  await expect(twenty).toHaveAttribute('aria-pressed', 'true');
  const upi = card.getByRole('link', { name: 'Pay ₹100 with UPI' });
  await expect(upi).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=tejas.d%40okaxis&pn=Tejas%20Dayscholar&am=100.00&/,
  );
  // What is owed stays ₹80: the tip is on top, in its own row.
  await expect(card.getByText('You owe Tejas Dayscholar ₹80')).toBeVisible();
  const rows = card.getByRole('definition');
  await expect(rows).toHaveText(['₹30', '₹50', '₹20', '₹100']);
  await expect(card.getByRole('img', { name: 'QR code to pay ₹100 by UPI' })).toBeVisible();
  await expectAccessible(h.page);

  // ---- The deliverer opens Money and this week's bar --------------------------------------
  const d = await phoneOf(browser, dayScholar);
  await d.page.goto('/money');
  const earnings = d.page.getByRole('region', { name: 'Your earnings' });
  const bars = earnings.getByRole('list', { name: 'Your earnings by week' }).getByRole('button');
  await expect(bars).toHaveCount(12);
  const thisWeek = bars.last();
  await expect(thisWeek).toHaveAccessibleName(/^Week of \d{1,2} [A-Z][a-z]{2}: ₹30 fees, ₹20 tips$/);
  await thisWeek.click();
  await expect(thisWeek).toHaveAttribute('aria-expanded', 'true');
  const link = earnings.getByRole('link', { name: new RegExp(item) });
  await expect(link).toBeVisible();
  await expectAccessible(d.page);
  await link.click();
  await expect(d.page).toHaveURL(new RegExp(`/requests/${id}$`));
  await expect(
    d.page.getByRole('region', { name: 'Settle up' }).getByText('Tip', { exact: true }),
  ).toBeVisible();
  await h.context.close();
  await d.context.close();
});
