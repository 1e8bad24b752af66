import { expect, test, type Page } from '@playwright/test';
import {
  actOnRequest,
  createRequestViaApi,
  expectAccessible,
  listProductViaApi,
  seedUser,
  signIn,
  trackSocket,
} from './fixtures';

const PHONE = { width: 390, height: 844 };
const tag = () => Date.now().toString(36);

/** The top of the element is on screen without scrolling. */
async function expectAboveTheFold(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.y).toBeLessThan(page.viewportSize()!.height);
}

test('a new listing appears live in an open marketplace, with its seller’s block and age; phone filters fold', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await seedUser(request, 'hosteller', 'Lata Lister');
  const buyer = await seedUser(request, 'dayscholar', 'Meera Scholar');
  const blocked = await seedUser(request, 'hosteller', 'Bina Blocked');
  const t = tag();
  // The seller blocks one user: that user's open marketplace never hears of the new listing.
  const block = await request.post(`/api/users/${blocked.id}/block`, {
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  expect(block.status()).toBe(200);

  const buyerContext = await browser.newContext({ viewport: PHONE });
  const b = await buyerContext.newPage();
  const buyerSocket = trackSocket(b);
  await signIn(b, buyer);
  await expect(b).toHaveURL(/dashboard$/);
  await b.goto('/marketplace');
  await expect(b.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await buyerSocket.connected();

  const blockedContext = await browser.newContext();
  const x = await blockedContext.newPage();
  const blockedSocket = trackSocket(x);
  await signIn(x, blocked);
  await expect(x).toHaveURL(/dashboard$/);
  await x.goto('/marketplace');
  await expect(x.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await blockedSocket.connected();

  // On a phone the category, condition and sort fold behind "Filters".
  const filters = b.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toBeVisible();
  await expect(b.getByRole('combobox', { name: 'Category' })).toBeHidden();

  const name = `Lady Bird cycle ${t}`;
  await listProductViaApi(request, seller, { name, price: '3000', category: 'other' });

  // It arrives at the top of the open list, marked new, without a reload.
  const results = b.getByRole('list', { name: 'Products' });
  const first = results.getByRole('listitem').first();
  await expect(first.getByRole('link', { name })).toBeVisible();
  await expect(first.getByText('New', { exact: true })).toBeVisible();
  await expect(first).toContainText('Block B');
  await expect(first).toContainText(/just now|1 min ago/);
  await expectAboveTheFold(b, first);
  await expectAccessible(b);

  // Filters open; a category in use is counted on the button.
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await b.getByRole('combobox', { name: 'Category' }).selectOption('other');
  await expect(b).toHaveURL(/category=other/);
  await expect(b.getByRole('button', { name: 'Filters (1 in use)' })).toBeVisible();
  await expect(results.getByRole('link', { name })).toBeVisible();
  await expectAccessible(b);

  // The blocked user's open list never got it, and on a desktop their filters are simply there.
  await expect(x.getByRole('combobox', { name: 'Category' })).toBeVisible();
  await expect(x.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await expect(x.getByRole('link', { name })).toHaveCount(0);
  await x.reload();
  await expect(x.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(x.getByRole('link', { name })).toHaveCount(0);

  await buyerContext.close();
  await blockedContext.close();
});

test('Browse on a phone: filters folded, the first request above the fold with the time left and no Pending badge', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const scholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const item = `Green tea ${tag()}`;
  await createRequestViaApi(request, hosteller, item, 40);

  const context = await browser.newContext({ viewport: PHONE });
  const d = await context.newPage();
  await signIn(d, scholar);
  await expect(d).toHaveURL(/dashboard$/);
  await d.goto(`/dayscholar/browse-requests?search=${encodeURIComponent(item)}`);
  await expect(d.getByRole('heading', { level: 1, name: 'Browse Requests' })).toBeVisible();
  const card = d.getByRole('list', { name: 'Available requests' }).getByRole('listitem').first();
  await expect(card).toContainText(item);
  // Deadline in 5 hours (less the moment it took to get here).
  await expect(card).toContainText('in 4 hr');
  await expect(card.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(d.getByLabel('Location')).toBeHidden();
  await expectAboveTheFold(d, card);

  // Opening the filters shows them; a fee in use is counted.
  const filters = d.getByRole('button', { name: 'Filters', exact: true });
  await filters.click();
  await d.getByLabel('Min fee (₹)').fill('10');
  await expect(d).toHaveURL(/minFee=10/);
  await expect(d.getByRole('button', { name: 'Filters (1 in use)' })).toBeVisible();
  await expect(card).toContainText(item);
  await expectAccessible(d);
  await context.close();
});

test('My Deliveries follows a cancelled delivery live; Refresh stays', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const scholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const item = `Soap bar ${tag()}`;
  const id = await createRequestViaApi(request, hosteller, item, 30);
  await actOnRequest(request, scholar, id, 'accept');

  const context = await browser.newContext({ viewport: PHONE });
  const d = await context.newPage();
  const socket = trackSocket(d);
  await signIn(d, scholar);
  await expect(d).toHaveURL(/dashboard$/);
  await d.goto('/dayscholar/my-deliveries');
  await expect(d.getByRole('heading', { level: 1, name: 'My Deliveries' })).toBeVisible();
  await socket.connected();
  const deliveries = d.getByRole('list', { name: 'Deliveries' });
  await expect(deliveries.getByText(item)).toBeVisible();
  await expect(d.getByRole('button', { name: 'Refresh deliveries' })).toBeVisible();

  // The hosteller cancels: it leaves Active and is under Cancelled, without Refresh.
  await actOnRequest(request, hosteller, id, 'cancel');
  await expect(deliveries.getByText(item)).toHaveCount(0);
  await d.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(d.getByRole('list', { name: 'Deliveries' }).getByText(item)).toBeVisible();
  await context.close();
});
