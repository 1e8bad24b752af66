import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  actOnRequest,
  createRequestViaApi,
  expectAccessible,
  listProductViaApi,
  PASSWORD,
  seedUser,
  signIn,
  type SeededUser,
} from './fixtures';

/** A 1×1 PNG: a real image the server decodes and re-encodes. */
const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const word = () =>
  'zs' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A signed-in page for `user` in its own browser context of the given width. */
async function openAs(
  browser: Browser,
  user: SeededUser | { email: string; password: string },
  width: number,
  height = width < 500 ? 800 : 900,
) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).toHaveURL(/dashboard$/);
  return { context, page };
}

/** Sets the user's UPI ID through the profile endpoint, as the profile form does. */
async function setUpiId(request: APIRequestContext, user: SeededUser, upiId: string) {
  const res = await request.put('/api/users/profile', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { name: user.name, phoneNumber: '9876543210', upiId },
  });
  expect(res.status()).toBe(200);
}

test('a completed request is settled in cash: the requester says they paid, the deliverer confirms, both see it live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hema Hosteller');
  const dayScholar = await seedUser(request, 'dayscholar', 'Dev Dayscholar');
  await setUpiId(request, dayScholar, 'dev.d@okaxis');
  const item = `Printer paper ${word()}`;
  // A ₹100 fee and a ₹20 item: ₹120 is owed once it is delivered.
  const id = await createRequestViaApi(request, hosteller, item, 100, { itemCost: 20 });
  await actOnRequest(request, dayScholar, id, 'accept');
  await actOnRequest(request, dayScholar, id, 'deliver');

  // ---- The requester (on a phone) is told on Home, and Pay opens the request's settle card ---
  const h = await openAs(browser, hosteller, 390);
  await h.page.goto('/hosteller/dashboard');
  const dues = h.page.getByRole('region', { name: 'Money' });
  await expect(dues.getByText('You owe Dev Dayscholar ₹120')).toBeVisible();
  await dues.getByRole('link', { name: 'Pay: You owe Dev Dayscholar ₹120' }).click();
  await expect(h.page).toHaveURL(new RegExp(`/requests/${id}$`));
  const hCard = h.page.getByRole('region', { name: 'Settle up' });
  await expect(hCard.getByText('You owe Dev Dayscholar ₹120')).toBeVisible();
  // What the ₹120 is made of (a row each, with the payer's tip, none yet), and the top bar names
  // the screen with a way back.
  await expect(hCard.getByRole('definition')).toHaveText(['₹100', '₹20', '₹0', '₹120']);
  await expect(h.page.getByRole('banner').getByText('Request', { exact: true })).toBeVisible();
  const upi = hCard.getByRole('link', { name: 'Pay ₹120 with UPI' });
  await expect(upi).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=dev.d%40okaxis&pn=Dev%20Dayscholar&am=120.00&cu=INR&tn=/,
  );
  await expect(hCard.getByRole('img', { name: 'QR code to pay ₹120 by UPI' })).toBeVisible();
  await expectAccessible(h.page);

  // ---- The deliverer (on a laptop) has the same page open ----------------------------------
  const d = await openAs(browser, dayScholar, 1280);
  await d.page.goto(`/requests/${id}`);
  const dCard = d.page.getByRole('region', { name: 'Settle up' });
  await expect(dCard.getByText('Hema Hosteller owes you ₹120')).toBeVisible();
  await expect(dCard.getByRole('status')).toHaveText('Not paid yet');

  // ---- "I paid in cash": the deliverer's card changes by itself ----------------------------
  await hCard.getByRole('button', { name: 'I paid in cash' }).click();
  await h.page
    .getByRole('dialog', { name: 'Say you paid Dev Dayscholar ₹120 in cash?' })
    .getByRole('button', { name: 'I paid in cash' })
    .click();
  await expect(hCard.getByRole('status')).toHaveText('Paid, waiting for confirmation (cash)');
  await expect(dCard.getByRole('status')).toHaveText('Paid, waiting for confirmation (cash)');
  await expect(dCard.getByRole('button', { name: 'Not received' })).toBeVisible();
  await expectAccessible(d.page);

  // ---- "Received": both see it settled, without a reload -----------------------------------
  await dCard.getByRole('button', { name: 'Received', exact: true }).click();
  await expect(dCard.getByRole('status')).toHaveText(/^Settled/);
  await expect(hCard.getByRole('status')).toHaveText(/^Settled/);
  await expect(hCard.getByRole('button', { name: 'I paid in cash' })).toHaveCount(0);

  // ---- The Money screen, one tap away on the phone, lists it as settled ---------------------
  await h.page.getByRole('banner').getByRole('link', { name: 'Money' }).click();
  await expect(h.page).toHaveURL(/\/money$/);
  await expect(h.page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
  await h.page.getByRole('tab', { name: 'Settled' }).click();
  await expect(h.page.getByRole('link', { name: new RegExp(item) })).toBeVisible();
  await expect(h.page.getByText('Items ₹20 (estimate) + Delivery fee ₹100 = ₹120')).toBeVisible();
  await expectAccessible(h.page);
  await h.context.close();
  await d.context.close();
});

test('a buyer disputes a sale, the seller gives their side with a photo, a moderator decides it after confirming; both read the outcome', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = await seedUser(request, 'hosteller', 'Sita Seller');
  const buyer = await seedUser(request, 'hosteller', 'Bhanu Buyer');
  const name = `Desk fan ${word()}`;
  const productId = await listProductViaApi(request, seller, { name, price: '600', isNegotiable: true });
  // The buyer offers ₹500, the seller accepts and marks it sold to them.
  const offer = await request.post(`/api/products/${productId}/offers`, {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: { amount: 500 },
  });
  expect(offer.status()).toBe(201);
  const offerId = ((await offer.json()) as { offer: { id: string } }).offer.id;
  const accept = await request.put(`/api/offers/${offerId}/accept`, {
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  expect(accept.status()).toBe(200);
  const sold = await request.put(`/api/products/${productId}/sold`, {
    headers: { Authorization: `Bearer ${seller.token}` },
    data: { buyerId: buyer.id },
  });
  expect(sold.status()).toBe(200);

  // ---- The buyer (on a 375×667 phone) confirms buying it for ₹500, and reports a problem ----
  const b = await openAs(browser, buyer, 375, 667);
  await b.page.goto(`/products/${productId}`);
  const card = b.page.getByRole('region', { name: 'Settle up' });
  await expect(card.getByText(`Sita Seller says you bought ${name} for ₹500`)).toBeVisible();
  await card.getByRole('button', { name: `I bought ${name} for ₹500` }).click();
  await expect(card.getByText('You owe Sita Seller ₹500')).toBeVisible();
  // No UPI ID on the seller's profile: cash, or ask in chat.
  await expect(card.getByRole('link', { name: /with UPI/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Not as described' });
  await dialog
    .getByRole('button', { name: /Report|Send|Open/ })
    .last()
    .click();
  await expect(dialog.getByText('Please describe what went wrong')).toBeVisible();
  await dialog.getByLabel('What went wrong').fill('The fan does not turn on');
  await expectAccessible(b.page);
  await dialog
    .getByRole('button', { name: /Report|Send|Open/ })
    .last()
    .click();
  await expect(b.page.getByText('Dispute opened. A moderator will look into it.').first()).toBeVisible();
  await expect(card.getByRole('status')).toHaveText(/^Disputed/);

  // ---- The seller (on a 390×844 phone) reads it and gives their side with a photo ----------
  const s = await openAs(browser, seller, 390, 844);
  await s.page.goto(`/products/${productId}`);
  const sCard = s.page.getByRole('region', { name: 'Settle up' });
  await expect(sCard.getByText('The fan does not turn on')).toBeVisible();
  await sCard.getByRole('button', { name: 'Give your side' }).click();
  const side = s.page.getByRole('dialog', { name: 'Give your side' });
  await side.getByLabel('Your side').fill('It worked when I handed it over');
  await side.locator('input[type="file"]').setInputFiles({
    name: 'working-fan.png',
    mimeType: 'image/png',
    buffer: PNG_PIXEL,
  });
  const save = side.getByRole('button', { name: 'Save your side' });
  await expect(save).toBeInViewport();
  await save.click();
  await expect(side).toHaveCount(0);
  await expect(sCard.getByText('It worked when I handed it over')).toBeVisible();
  // The buyer's open page has the seller's side by itself, photo and all.
  await expect(card.getByText('It worked when I handed it over')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Open photo 1 from Sita Seller' })).toBeVisible();

  // ---- The moderator reads both sides and decides for the buyer ----------------------------
  const email = process.env.E2E_MODERATOR_EMAIL!;
  const existing = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const moderator =
    existing.status() === 200
      ? { email, password: PASSWORD }
      : await seedUser(request, 'dayscholar', 'Meera Moderator', email);
  const m = await openAs(browser, moderator, 1280);
  await m.page.goto('/moderation');
  await m.page.getByRole('tab', { name: /Disputes/ }).click();
  const item = m.page.getByRole('listitem').filter({ hasText: name }).first();
  await expect(item.getByText('The fan does not turn on')).toBeVisible();
  await expectAccessible(m.page);
  await item.getByRole('radio', { name: /In favour of the payer/ }).check();
  await item.getByLabel('Note to both sides').fill('The seller agreed the fan was broken');
  await expect(item.getByText('It worked when I handed it over')).toBeVisible();
  await item.getByRole('button', { name: 'Decide' }).click();
  // What deciding does is said first, and nothing is sent until it is confirmed.
  const confirm = m.page.getByRole('dialog', { name: 'Decide for Bhanu Buyer: nothing more is owed?' });
  await expect(
    confirm.getByText('Sita Seller loses this dispute on their record.', { exact: false }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Decide' }).click();
  await expect(m.page.getByText('Dispute decided').first()).toBeVisible();

  // ---- Both open pages say how it ended; the buyer's bell has the decision ------------------
  await expect(card.getByText('Decided for you: nothing more is owed').first()).toBeVisible();
  await expect(sCard.getByText('Decided for Bhanu Buyer: nothing more is owed').first()).toBeVisible();
  await s.context.close();
  await b.page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(b.page.getByText(/The seller agreed the fan was broken/).first()).toBeVisible();
  await b.context.close();
  await m.context.close();
});
