import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, seedUser, signIn, listProductViaApi } from './fixtures';

const word = () =>
  'zm' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('a buyer saves an item, hears of a price drop, makes an offer the seller accepts live, and both review the sale', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const sellerUser = await seedUser(request, 'hosteller', 'Asha Seller');
  const buyerUser = await seedUser(request, 'hosteller', 'Bala Buyer');
  const name = `Study lamp ${word()}`;
  const productId = await listProductViaApi(request, sellerUser, {
    name,
    description: 'A sturdy study lamp',
    price: '1000',
    isNegotiable: true,
  });

  // ---- 1. The buyer (on a phone) saves it ---------------------------------------------------
  const buyerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const buyer = await buyerContext.newPage();
  await signIn(buyer, buyerUser);
  await expect(buyer).toHaveURL(/dashboard$/);
  await buyer.goto(`/products/${productId}`);
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  const save = buyer.getByRole('button', { name: 'Save', exact: true });
  // The button shows Saved at once; the Saved page is drawn from the server's list, so it is opened
  // once the server has kept the save (a person is never that quick).
  const kept = buyer.waitForResponse((r) => r.url().endsWith(`/api/products/${productId}/save`));
  await save.click();
  await expect(buyer.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await kept).ok()).toBe(true);
  await buyer.goto('/saved');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  await expect(buyer.getByRole('link', { name })).toBeVisible();
  await expectAccessible(buyer);

  // ---- 2. The seller lowers the price; the buyer is told ------------------------------------
  const edit = await request.put(`/api/products/${productId}`, {
    headers: { Authorization: `Bearer ${sellerUser.token}` },
    multipart: { name, description: 'A sturdy study lamp', price: '800' },
  });
  expect(edit.status()).toBe(200);
  await buyer.getByRole('button', { name: /^Notifications/ }).click();
  // In the list (the same words may also be in a toast that is still open).
  await expect(buyer.getByRole('button', { name: `Price drop: ${name} is now ₹800` })).toBeVisible();
  await buyer.keyboard.press('Escape');

  // ---- 3. The buyer offers; the seller accepts in chat; the buyer sees Reserved live --------
  await buyer.goto(`/products/${productId}`);
  await buyer.getByRole('button', { name: 'Make an offer' }).click();
  const offerDialog = buyer.getByRole('dialog', { name: 'Make an offer' });
  await offerDialog.getByLabel('Your offer (₹)').fill('9000');
  await offerDialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(offerDialog.getByText('The offer can be at most 10 times the price')).toBeVisible();
  await offerDialog.getByLabel('Your offer (₹)').fill('700');
  await offerDialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyer.getByText('Offer sent')).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Your offers' }).getByText('Pending')).toBeVisible();
  await expectAccessible(buyer);

  const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const seller = await sellerContext.newPage();
  await signIn(seller, sellerUser);
  await expect(seller).toHaveURL(/dashboard$/);
  // The seller hears of it as an offer, with its amount and the product.
  await seller.getByRole('button', { name: /^Notifications/ }).click();
  await expect(seller.getByRole('button', { name: `Bala Buyer offered ₹700 for ${name}` })).toBeVisible();
  await seller.keyboard.press('Escape');
  await seller.goto(`/chat/${buyerUser.id}`);
  const card = seller.getByRole('group', { name: 'Offer of ₹700' });
  await expect(card).toBeVisible();
  await expect(seller.getByRole('log').getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expectAccessible(seller);
  // A photo message, through the same image pipeline as product photos.
  const snap = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
  await seller
    .locator('input[type=file]')
    .setInputFiles({ name: 'lamp-box.jpg', mimeType: 'image/jpeg', buffer: snap });
  await expect(seller.getByRole('log').getByRole('img', { name: 'Photo you sent' })).toBeVisible();
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByText('Accepted')).toBeVisible();
  // The buyer's open product page turns Reserved without a reload.
  await expect(buyer.getByText('Reserved').first()).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Your offers' }).getByText('Accepted')).toBeVisible();
  // The buyer is told the agreed price and what to do next, and the page leads to the chat.
  await expect(
    buyer.getByText(`Asha Seller accepted your offer of ₹700 for ${name}. Arrange the pickup in chat`),
  ).toBeVisible();
  const yourOffers = buyer.getByRole('region', { name: 'Your offers' });
  await expect(yourOffers.getByText('Agreed price')).toBeVisible();
  await expect(card.getByText('Agreed price: ₹700')).toBeVisible();
  await yourOffers.getByRole('link', { name: 'Arrange the pickup in chat' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/chat/${sellerUser.id}`));
  await expect(
    buyer.getByRole('group', { name: 'Offer of ₹700' }).getByText('Arrange the pickup in chat.'),
  ).toBeVisible();
  await buyer.goto(`/products/${productId}`);

  // ---- 4. The seller marks it sold to the buyer ---------------------------------------------
  await seller.goto(`/products/${productId}`);
  await seller.getByRole('button', { name: 'Mark Sold' }).click();
  const soldDialog = seller.getByRole('dialog', { name: 'Who bought it?' });
  await soldDialog.getByRole('radio', { name: 'Bala Buyer' }).check();
  await expectAccessible(seller);
  await soldDialog.getByRole('button', { name: 'Mark Sold' }).click();
  await expect(seller.getByText('Product marked as sold')).toBeVisible();
  // The sale is the buyer's to confirm before anything is owed.
  await expect(
    seller.getByRole('region', { name: 'Settle up' }).getByText('Waiting for Bala Buyer to confirm'),
  ).toBeVisible();
  // Nor is there a sale to review until the buyer says they bought it.
  await expect(seller.getByRole('region', { name: 'Sale reviews' }).getByText('Sold to')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Review Bala Buyer' })).toHaveCount(0);
  await buyer.reload();
  await expect(buyer.getByRole('button', { name: 'Review Asha Seller' })).toHaveCount(0);
  const buyerCard = buyer.getByRole('region', { name: 'Settle up' });
  await buyerCard.getByRole('button', { name: `I bought ${name} for ₹700` }).click();
  await expect(buyerCard.getByText('You owe Asha Seller ₹700')).toBeVisible();

  // ---- 5. Both review each other; the reviews show on the public profiles --------------------
  // The seller's open page offers Review as soon as the buyer confirmed, without a reload.
  await seller.getByRole('button', { name: 'Review Bala Buyer' }).click();
  const sellerReview = seller.getByRole('dialog', { name: 'Rate Bala Buyer' });
  await sellerReview.locator('label').filter({ hasText: '4 stars, Very Good' }).click();
  await sellerReview.getByLabel('Comment (optional)').fill('Paid on time, friendly');
  await sellerReview.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(seller.getByText('Rating submitted successfully')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Review Bala Buyer' })).toBeHidden();

  await buyer.getByRole('button', { name: 'Review Asha Seller' }).click();
  const buyerReview = buyer.getByRole('dialog', { name: 'Rate Asha Seller' });
  await buyerReview.locator('label').filter({ hasText: '5 stars, Excellent' }).click();
  await buyerReview.getByLabel('Comment (optional)').fill('Lamp exactly as described');
  await buyerReview.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(buyer.getByText('Rating submitted successfully')).toBeVisible();

  await buyer.getByRole('region', { name: 'Seller' }).getByRole('link', { name: 'Asha Seller' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/users/${sellerUser.id}$`));
  await expect(buyer.getByRole('heading', { level: 1, name: 'Asha Seller' })).toBeVisible();
  await expect(buyer.getByText('Lamp exactly as described')).toBeVisible();
  await expect(buyer.getByText(sellerUser.email)).toHaveCount(0);
  await expectAccessible(buyer);

  await seller.goto(`/users/${buyerUser.id}`);
  await expect(seller.getByRole('heading', { level: 1, name: 'Bala Buyer' })).toBeVisible();
  await expect(seller.getByText('Paid on time, friendly')).toBeVisible();
  await expectAccessible(seller);

  await buyerContext.close();
  await sellerContext.close();
});
