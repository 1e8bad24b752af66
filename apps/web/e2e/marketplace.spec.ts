import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, seedUser, signIn, trackSocket } from './fixtures';

/** A photo made at runtime: a plain colour, or camera-like noise for a big, slow-to-process file. */
async function photo(name: string, options: { background?: string; noisy?: boolean } = {}) {
  const { background = '#88a', noisy = false } = options;
  const image = noisy
    ? sharp({
        create: {
          width: 2600,
          height: 1950,
          channels: 3,
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
    : sharp({ create: { width: 800, height: 600, channels: 3, background } });
  return { name, mimeType: 'image/jpeg', buffer: await image.jpeg({ quality: 90 }).toBuffer() };
}

/** Letters only: the search matches word prefixes. */
const uniqueWord = () =>
  'zq' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function slowUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

test('a hosteller lists a product, another finds and contacts them, the seller edits it and sells it', async ({
  browser,
  request,
}) => {
  // A long journey of two members; through the balancer on a busy machine it takes close to two minutes.
  test.setTimeout(180_000);
  const sellerUser = await seedUser(request, 'hosteller', 'Asha Seller');
  const buyerUser = await seedUser(request, 'hosteller', 'Bala Buyer');
  const word = uniqueWord();
  const name = `Graphing calculator ${word}`;

  // ---- Seller: list a product with a photo ---------------------------------------------------
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, sellerUser);
  await expect(seller).toHaveURL(/\/hosteller\/dashboard$/);
  await seller.getByRole('link', { name: 'Sell Product' }).first().click();
  await expect(seller).toHaveURL(/\/hosteller\/sell-product$/);
  await expect(seller.getByRole('heading', { level: 1, name: 'Sell Product' })).toBeVisible();
  await expectAccessible(seller);

  await seller.getByRole('button', { name: 'List Product' }).click();
  await expect(seller.getByText('Product name is required')).toBeVisible();
  await expect(seller.getByText('Please upload an image of your product')).toBeVisible();

  await seller.getByLabel('Product name').fill(name);
  await seller.getByLabel('Description').fill('Casio fx-9750GIII, with cover and manual.');
  await seller.getByLabel('Price (₹)').fill('1200');
  await seller.getByLabel('Category').selectOption('electronics');
  await seller.getByLabel('Condition').selectOption('like-new');
  await seller.getByLabel('Price is negotiable').check();
  const big = await photo('calculator.jpg', { noisy: true });
  expect(big.buffer.length).toBeGreaterThan(2 * 1024 * 1024);
  expect(big.buffer.length).toBeLessThan(5 * 1024 * 1024);
  await seller.getByLabel('Add photos').setInputFiles(big);
  await expect(seller.getByRole('img', { name: 'New photo: calculator.jpg' })).toBeVisible();
  await expectAccessible(seller);

  // A phone-like uplink, so the upload takes a moment and its progress shows.
  await slowUploads(seller, 1024 * 1024);
  await seller.getByRole('button', { name: 'List Product' }).click();
  const bar = seller.getByRole('progressbar', { name: /Uploading photo|Processing photo/ });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(seller.getByText('Product listed successfully!')).toBeVisible({ timeout: 30_000 });
  await slowUploads(seller, null);
  await expect(seller).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const productUrl = new URL(seller.url()).pathname;
  await expect(seller.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(seller.getByText('₹1,200')).toBeVisible();
  // The seller sees their controls, not Contact Seller.
  await expect(seller.getByRole('link', { name: 'Edit Product' })).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Contact Seller' })).toHaveCount(0);

  // ---- Buyer: find it with search + category, open it, contact the seller ------------------
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerSocket = trackSocket(buyer);
  await signIn(buyer, buyerUser);
  await expect(buyer).toHaveURL(/\/hosteller\/dashboard$/);
  await buyer.goto('/hosteller/marketplace');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(buyer.getByRole('list', { name: 'Products' })).toBeVisible();
  await expectAccessible(buyer);

  await buyer.getByRole('searchbox', { name: 'Search products' }).fill(word.slice(0, 6));
  await buyer.getByRole('combobox', { name: 'Category' }).selectOption('electronics');
  await expect(buyer).toHaveURL(new RegExp(`search=${word.slice(0, 6)}`));
  await expect(buyer).toHaveURL(/category=electronics/);
  const results = buyer.getByRole('list', { name: 'Products' });
  await expect(results.getByRole('link')).toHaveCount(1);
  const card = results.getByRole('link', { name });
  await expect(card).toBeVisible();
  await expect(results.getByText('₹1,200')).toBeVisible();

  // A reload keeps the filters.
  await buyer.reload();
  await expect(buyer.getByRole('searchbox', { name: 'Search products' })).toHaveValue(word.slice(0, 6));
  await expect(buyer.getByRole('combobox', { name: 'Category' })).toHaveValue('electronics');
  await buyer.getByRole('link', { name }).click();

  await expect(buyer).toHaveURL(new RegExp(`${productUrl}$`));
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(buyer.getByText('Member since', { exact: false })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Edit Product' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Mark Sold' })).toHaveCount(0);
  await expectAccessible(buyer);
  await buyer.getByRole('link', { name: 'Contact Seller' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/chat/${sellerUser.id}\\?product=[0-9a-f-]+$`));
  // The thread shows the product's card with its photo and a first question ready to send or edit;
  // nothing is sent until the buyer sends it.
  const about = buyer.getByRole('region', { name: 'The product you are asking about' });
  await expect(about.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect
    .poll(() => about.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const composer = buyer.getByRole('textbox', { name: 'Message' });
  await expect(composer).toHaveValue('Is this still available?');
  await expect(buyer.getByText('No messages yet')).toBeVisible();
  await expectAccessible(buyer);
  await composer.fill('Is this still available? I can pick it up today.');
  await composer.press('Enter');
  const log = buyer.getByRole('log');
  await expect(log.getByText('Is this still available? I can pick it up today.')).toBeVisible();
  await expect(log.getByText('Sent')).toBeVisible();
  // The card went with the message, into the thread, with the product's photo.
  const sentCard = log.getByRole('link', { name: new RegExp(name) });
  await expect(sentCard).toBeVisible();
  await expect
    .poll(() => sentCard.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(about).toHaveCount(0);
  // Back on the product page, the buyer keeps it open while the seller edits and sells it.
  await buyer.goBack();
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  await buyerSocket.sent('product:watch', 2);

  // ---- Seller: edit it (add 2 photos, remove 1) -------------------------------------------
  const firstPhoto = await seller.getByRole('img', { name }).getAttribute('src');
  await seller.getByRole('link', { name: 'Edit Product' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(seller.getByLabel('Product name')).toHaveValue(name);
  await expect(seller.getByText('1 of 5')).toBeVisible();
  await seller
    .getByLabel('Add photos')
    .setInputFiles([
      await photo('side.jpg', { background: '#a86' }),
      await photo('back.jpg', { background: '#6a8' }),
    ]);
  await expect(seller.getByText('3 of 5')).toBeVisible();
  await seller.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(seller.getByText('2 of 5')).toBeVisible();
  await seller.getByLabel('Price (₹)').fill('1100');
  await expectAccessible(seller);
  await seller.getByRole('button', { name: 'Save Changes' }).click();
  await expect(seller.getByText('Product updated successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(seller).toHaveURL(new RegExp(`${productUrl}$`));
  await expect(seller.getByText('₹1,100')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Show photo 2 of 2' })).toBeVisible();
  await expect(seller.getByRole('img', { name: `${name}, photo 1 of 2` })).not.toHaveAttribute(
    'src',
    firstPhoto ?? '',
  );
  // The photos are served by the server.
  const shown = await seller.getByRole('img', { name: `${name}, photo 1 of 2` }).getAttribute('src');
  const served = await seller.request.get(shown!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');

  // The buyer's open page shows the new price by itself (in the heading; the bar's copy of it is
  // hidden on this wide screen, where the bar sits in the page).
  await expect(buyer.getByText('₹1,100').filter({ visible: true })).toBeVisible();

  // ---- Seller: mark it sold; the buyer sees it Sold at once; it leaves the default list -----
  await seller.getByRole('button', { name: 'Mark Sold' }).click();
  const soldTo = seller.getByRole('dialog', { name: 'Who bought it?' });
  await soldTo.getByRole('radio', { name: 'Someone else' }).check();
  await soldTo.getByRole('button', { name: 'Mark Sold' }).click();
  await expect(seller.getByText('Product marked as sold')).toBeVisible();
  await expect(seller.getByText('Sold', { exact: true })).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Mark Available' })).toBeVisible();
  await expect(buyer.getByText('Sold', { exact: true })).toBeVisible();
  // Sold to someone else: nothing is left to buy, so nothing offers to.
  await expect(buyer.getByRole('link', { name: 'Contact Seller' })).toHaveCount(0);

  await buyer.goto('/hosteller/marketplace');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(
    buyer.getByRole('list', { name: 'Products' }).or(buyer.getByText('No products yet')),
  ).toBeVisible();
  await expect(buyer.getByRole('link', { name })).toHaveCount(0);
  await buyer.getByRole('searchbox', { name: 'Search products' }).fill(word);
  await expect(buyer.getByText('No products match your filters')).toBeVisible();

  await sellerContext.close();
  await buyerContext.close();
});
