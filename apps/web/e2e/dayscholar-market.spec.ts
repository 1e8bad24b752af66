import { expect, test } from '@playwright/test';
import { expectAccessible, listProductViaApi, seedUser } from './fixtures';

const word = () =>
  'zm' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('a day scholar opens a shared product link, offers, is sold to (Mark Sold defaults to them) and both review', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const sellerUser = await seedUser(request, 'hosteller', 'Hari Seller');
  const buyerUser = await seedUser(request, 'dayscholar', 'Meera Scholar');
  const otherUser = await seedUser(request, 'hosteller', 'Omar Asker');
  const name = `Lady Bird cycle ${word()}`;
  const productId = await listProductViaApi(request, sellerUser, {
    name,
    description: 'Rides well, new brakes',
    price: '3000',
    isNegotiable: true,
  });
  // Someone else asked about it too, so the seller has more than one buyer to choose from.
  const asked = await request.post('/api/chat', {
    headers: { Authorization: `Bearer ${otherUser.token}` },
    data: { receiverId: sellerUser.id, content: 'Still there?', productId },
  });
  expect(asked.status()).toBe(201);

  // ---- 1. The shared link, opened signed out on a phone: sign in, then back to the product ----
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/products/${productId}`);
  await expect(buyer).toHaveURL(/\/login$/);
  await buyer.getByLabel('Email').fill(buyerUser.email);
  await buyer.getByLabel('Password', { exact: true }).fill(buyerUser.password);
  await buyer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(buyer).toHaveURL(new RegExp(`/products/${productId}$`));
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  // A buyer's buttons, none of the seller's.
  await expect(buyer.getByRole('link', { name: 'Contact Seller' })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Mark Sold' })).toHaveCount(0);
  await expect(buyer.getByRole('link', { name: 'Edit Product' })).toHaveCount(0);

  // ---- 2. Saves it, offers, and finds the marketplace and Saved in the menu ----------------------
  await buyer.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(buyer.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await buyer.getByRole('button', { name: 'Make an offer' }).click();
  const offerDialog = buyer.getByRole('dialog', { name: 'Make an offer' });
  await offerDialog.getByLabel('Your offer (₹)').fill('2800');
  await offerDialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyer.getByText('Offer sent')).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Your offers' }).getByText('Pending')).toBeVisible();
  await expectAccessible(buyer);

  // Opened from a link (through sign-in), Back goes to the list the product belongs to.
  await buyer.getByRole('banner').getByRole('button', { name: 'Back' }).click();
  await expect(buyer).toHaveURL(/\/marketplace$/);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(buyer.getByRole('link', { name })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Sell Product' })).toHaveCount(0);
  await buyer.getByRole('button', { name: 'Open menu' }).click();
  const menu = buyer.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Saved' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Marketplace' })).toBeVisible();
  await buyer.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expectAccessible(buyer);

  // ---- 3. The seller accepts the offer and marks it sold: the dialog defaults to that buyer -----
  const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const seller = await sellerContext.newPage();
  await seller.goto('/login');
  await seller.getByLabel('Email').fill(sellerUser.email);
  await seller.getByLabel('Password', { exact: true }).fill(sellerUser.password);
  await seller.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(seller).toHaveURL(/dashboard$/);
  await seller.goto(`/products/${productId}`);
  const offers = seller.getByRole('region', { name: 'Offers' });
  await expect(offers.getByText('Meera Scholar')).toBeVisible();
  await offers.getByRole('button', { name: 'Accept' }).click();
  await expect(offers.getByText('Accepted')).toBeVisible();

  await seller.getByRole('button', { name: 'Mark Sold' }).click();
  const soldDialog = seller.getByRole('dialog', { name: 'Who bought it?' });
  await expect(soldDialog.getByRole('radio', { name: 'Meera Scholar' })).toBeChecked();
  await expect(soldDialog.getByRole('radio', { name: 'Omar Asker' })).not.toBeChecked();
  await expectAccessible(seller);
  await soldDialog.getByRole('button', { name: 'Mark Sold' }).click();
  await expect(seller.getByText('Product marked as sold')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Review Meera Scholar' })).toHaveCount(0);

  // ---- 4. The buyer confirms buying it; both review the sale ------------------------------------
  await buyer.goto(`/products/${productId}`);
  const buyerCard = buyer.getByRole('region', { name: 'Settle up' });
  await buyerCard.getByRole('button', { name: `I bought ${name} for ₹2,800` }).click();
  await expect(buyerCard.getByText('You owe Hari Seller ₹2,800')).toBeVisible();

  await seller.getByRole('button', { name: 'Review Meera Scholar' }).click();
  const sellerReview = seller.getByRole('dialog', { name: 'Rate Meera Scholar' });
  await sellerReview.locator('label').filter({ hasText: '5 stars, Excellent' }).click();
  await sellerReview.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(seller.getByText('Rating submitted successfully')).toBeVisible();

  await buyer.getByRole('button', { name: 'Review Hari Seller' }).click();
  const buyerReview = buyer.getByRole('dialog', { name: 'Rate Hari Seller' });
  await buyerReview.locator('label').filter({ hasText: '5 stars, Excellent' }).click();
  await buyerReview.getByLabel('Comment (optional)').fill('Cycle as described');
  await buyerReview.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(buyer.getByText('Rating submitted successfully')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Review Hari Seller' })).toBeHidden();
  await expectAccessible(buyer);

  await buyerContext.close();
  await sellerContext.close();
});
