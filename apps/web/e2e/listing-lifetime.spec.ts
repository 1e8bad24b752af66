import { expect, test } from '@playwright/test';
import pg from 'pg';
import { listProductViaApi, seedUser, signIn } from './fixtures';

/**
 * A listing's lifetime on a phone: its seller is told three days before it ends and renews it from
 * the notice; once expired, it is gone from the marketplace's search but opens by its link marked
 * "Expired", and a renewal brings it back. The end of a listing is moved in the database (thirty days
 * cannot pass in a test); the warning comes from the server's own sweep.
 */
test.use({ viewport: { width: 390, height: 844 } });

const database = process.env.E2E_DATABASE_URL;
test.skip(!database, 'needs the run’s own database (a single server)');

async function setEnd(productId: string, interval: string) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    await client.query(`update products set expires_at = now() + $2::interval where id = $1`, [
      productId,
      interval,
    ]);
  } finally {
    await client.end();
  }
}

const uniqueWord = () =>
  'zl' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('a seller is warned before a listing ends, renews it from the notice; an expired one leaves search until renewed', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await seedUser(request, 'hosteller', 'Lata Lister');
  const buyer = await seedUser(request, 'dayscholar', 'Bala Buyer');
  const word = uniqueWord();
  const productId = await listProductViaApi(request, seller, { name: `Desk lamp ${word}` });

  // Three days before its end, the seller hears of it (the server's sweep runs every 15 s).
  await setEnd(productId, '2 days');
  const s = await (await browser.newContext()).newPage();
  await signIn(s, seller);
  await expect(s).toHaveURL(/\/hosteller\/dashboard$/);
  const bell = s.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible({ timeout: 45_000 });
  await bell.click();
  await s.getByRole('button', { name: new RegExp(`Desk lamp ${word} expires in 3 days`) }).click();
  await expect(s).toHaveURL(new RegExp(`/products/${productId}$`));
  await s.getByRole('button', { name: 'Renew', exact: true }).click();
  await expect(s.getByText('Listing renewed for 30 days')).toBeVisible();
  await expect(s.getByText(/^Listed until /)).toBeVisible();
  await expect(s.getByRole('button', { name: 'Renew', exact: true })).toHaveCount(0);

  // Past its end: not in the marketplace's search; by its link, marked Expired with no way to buy.
  await setEnd(productId, '-1 hour');
  const b = await (await browser.newContext()).newPage();
  await signIn(b, buyer);
  await expect(b).toHaveURL(/\/dayscholar\/dashboard$/);
  await b.goto(`/marketplace?search=${word}`);
  await expect(b.getByText(/No products/i).first()).toBeVisible();
  await expect(b.getByRole('link', { name: new RegExp(word) })).toHaveCount(0);
  await b.goto(`/products/${productId}`);
  await expect(b.getByRole('heading', { level: 1, name: `Desk lamp ${word}` })).toBeVisible();
  await expect(b.getByText('Expired', { exact: true })).toBeVisible();
  await expect(b.getByRole('button', { name: /Make an offer/ })).toHaveCount(0);

  // The seller renews it from the product page; the buyer's search finds it again.
  await s.reload();
  await expect(s.getByText(/This listing has expired and is hidden from the marketplace/)).toBeVisible();
  await s.getByRole('button', { name: 'Renew', exact: true }).click();
  await expect(s.getByText('Listing renewed for 30 days')).toBeVisible();
  await b.goto(`/marketplace?search=${word}`);
  await expect(b.getByRole('link', { name: new RegExp(word) }).first()).toBeVisible();
});
