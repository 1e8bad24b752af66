import { expect, test } from '@playwright/test';
import { expectAccessible, listProductViaApi, seedUser, signIn } from './fixtures';

/**
 * Following a seller on a phone: a student follows a seller from a product's seller card, sees the
 * follow on the seller's profile and on their Following screen; the seller's next listing reaches
 * them live, and the notice opens the product. Then they unfollow from the list.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const uniqueWord = () =>
  'zf' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('follow a seller from a product, and their next listing notifies the follower, who opens it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await seedUser(request, 'hosteller', 'Asha Seller');
  const follower = await seedUser(request, 'dayscholar', 'Farah Follower');
  const word = uniqueWord();
  const first = await listProductViaApi(request, seller, { name: `Desk lamp ${word}` });

  await signIn(page, follower);
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);

  // ---- Follow from the product's seller card --------------------------------------------------
  await page.goto(`/products/${first}`);
  await expect(page.getByRole('heading', { level: 1, name: `Desk lamp ${word}` })).toBeVisible();
  const card = page.getByRole('region', { name: 'Seller' });
  const follow = card.getByRole('button', { name: 'Follow Asha Seller' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.tap();
  const following = card.getByRole('button', { name: 'Following Asha Seller' });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  // The button fits the phone's screen and is a finger's size.
  const box = (await following.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);

  // ---- The seller's profile says so -----------------------------------------------------------
  await card.getByRole('link', { name: 'Asha Seller' }).tap();
  await expect(page).toHaveURL(new RegExp(`/users/${seller.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Asha Seller' })).toBeVisible();
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Following Asha Seller' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);

  // ---- The Following screen, from the user menu -----------------------------------------------
  // Headless UI's menus and popovers open on a click (as in the other specs).
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Following' }).click();
  await expect(page).toHaveURL(/\/following$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Sellers you follow' });
  await expect(list.getByRole('link', { name: 'Asha Seller' })).toBeVisible();
  await expect(page.getByText('You follow 1 seller.')).toBeVisible();
  await expectAccessible(page);

  // ---- The seller lists something new: the follower hears of it at once -----------------------
  const second = await listProductViaApi(request, seller, { name: `Study chair ${word}` });
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await page.getByRole('button', { name: new RegExp(`Asha Seller listed Study chair ${word}`) }).tap();
  await expect(page).toHaveURL(new RegExp(`/products/${second}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Study chair ${word}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // ---- Unfollow from the list: the row leaves, the empty state says what to do ----------------
  await page.goto('/following');
  await page.getByRole('button', { name: 'Unfollow Asha Seller' }).tap();
  await expect(page.getByText('You do not follow anyone yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the marketplace' })).toBeVisible();
  // The seller's followers tab (their own) is empty again too.
  const followers = await request.get('/api/users/followers', {
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  expect((await followers.json()).total).toBe(0);
});
