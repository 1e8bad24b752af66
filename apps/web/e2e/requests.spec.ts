import { type Page, expect, test } from '@playwright/test';
import { createRequestViaApi, expectAccessible, seedUser, signIn, trackSocket, localInput } from './fixtures';

const stat = (page: Page, label: string) => page.locator('dl > div').filter({ hasText: label }).locator('dd');

test('a request goes from creation to delivery (fee, item cost, pickup place, receipt) and both parties rate each other', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const token = Date.now().toString(36);
  const item = `Masala chai ${token}`;

  const hostellerContext = await browser.newContext();
  const dayscholarContext = await browser.newContext();
  const h = await hostellerContext.newPage();
  const d = await dayscholarContext.newPage();
  const hSocket = trackSocket(h);

  // The hosteller creates the request.
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await expect(stat(h, 'Pending requests')).toHaveText('0');
  await expectAccessible(h);
  await h.getByRole('link', { name: 'New request' }).click();
  await expect(h.getByRole('heading', { level: 1, name: 'New Request' })).toBeVisible();
  await h.getByRole('button', { name: 'Create Request' }).click();
  await expect(h.getByText('Please enter an item name').first()).toBeVisible();
  await h.getByLabel('Item name').fill(item);
  await h.getByLabel('Description (optional)').fill('Two cups, less sugar');
  await h.getByLabel('Quantity').fill('2');
  await h.getByLabel('Delivery fee — what you pay the deliverer').fill('75');
  await h.getByLabel('Deadline').fill(localInput(5));
  await h.getByLabel('Category').selectOption('food');
  // What the goods cost (paid back, not the fee) and where they are bought.
  await h.getByLabel('Item cost (₹, optional)').fill('250');
  await h.getByLabel('Pick up from (optional)').fill('  Katpadi market ');
  // The delivery location starts from the hosteller's block and room.
  await expect(h.getByLabel('Delivery location')).toHaveValue('Block B, room 12');
  // Asking for a handover code is the default.
  await expect(h.getByLabel('Ask the deliverer for a handover code')).toBeChecked();
  await h.getByRole('button', { name: 'Create Request' }).click();
  await expect(h.getByText('Request created successfully!')).toBeVisible();
  await expect(h).toHaveURL(/\/requests\/[0-9a-f-]+$/);
  await expect(h.getByRole('heading', { level: 1, name: 'Request Details' })).toBeVisible();
  await expect(h.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(h.getByText('Waiting for a day scholar to accept')).toBeVisible();
  await expect(h.getByRole('link', { name: /^Chat with/ })).toHaveCount(0);
  await expect(h.getByText('≈ ₹250')).toBeVisible();
  await expect(h.getByText('Katpadi market', { exact: true })).toBeVisible();
  // From here on the hosteller's page stays open: it follows the request live, never reloaded.
  await hSocket.connected();

  // The day scholar finds it with search + fee filter (kept in the URL) and accepts it.
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await expect(stat(d, 'Completed deliveries')).toHaveText('0');
  await expectAccessible(d);
  await d.getByRole('link', { name: 'Browse requests' }).first().click();
  await expect(d.getByRole('heading', { level: 1, name: 'Browse Requests' })).toBeVisible();
  await d.getByRole('searchbox', { name: 'Search' }).fill(token);
  await d.getByLabel('Min fee (₹)').fill('70');
  await d.getByLabel('Max fee (₹)').fill('80');
  await expect(d).toHaveURL(/search=.*minFee=70.*maxFee=80|maxFee=80/);
  await expect(d).toHaveURL(new RegExp(`search=${token}`));
  await expect(d.getByRole('link', { name: new RegExp(item) })).toBeVisible();
  // The pickup place narrows the list too (any case), and the card shows the fee, the goods and the place.
  await d.getByLabel('Pickup place').fill('KATPADI');
  await expect(d).toHaveURL(/pickupFrom=KATPADI/);
  const card = d.getByRole('link', { name: new RegExp(item) });
  await expect(card.getByText('Fee ₹75')).toBeVisible();
  await expect(card.getByText('Items ≈ ₹250')).toBeVisible();
  await expect(card.getByText('From Katpadi market')).toBeVisible();
  await d.getByLabel('Pickup place').fill('stationery');
  await expect(d.getByText('No requests match your filters')).toBeVisible();
  await d.getByLabel('Pickup place').fill('katpadi');
  await expect(card).toBeVisible();
  await expectAccessible(d);
  // A fee range that excludes it hides it (filtered on the server).
  await d.getByLabel('Min fee (₹)').fill('76');
  await expect(d.getByText('No requests match your filters')).toBeVisible();
  await expect(d).toHaveURL(/minFee=76/);
  await d.getByLabel('Min fee (₹)').fill('70');
  await d.getByRole('link', { name: new RegExp(item) }).click();

  await expect(d.getByRole('heading', { name: item })).toBeVisible();
  await expectAccessible(d);
  await d.getByRole('button', { name: 'Accept Request' }).click();
  const accept = d.getByRole('dialog');
  await expect(accept.getByText(/responsibility for the delivery/)).toBeVisible();
  await accept.getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByText('Request accepted successfully')).toBeVisible();
  await expect(accept).toBeHidden();
  await expect(d.getByText('Accepted', { exact: true }).first()).toBeVisible();
  // The deliverer sees where to deliver.
  const contact = d.getByRole('region', { name: 'Requester contact' });
  await expect(contact.getByText('9876543210')).toBeVisible();
  await expect(contact.getByText('Block B', { exact: true })).toBeVisible();
  await expect(contact.getByText('Block B, room 12')).toBeVisible();
  await expect(d.getByRole('region', { name: 'Deliverer' }).getByText('(You)')).toBeVisible();

  // The hosteller's open page turns Accepted by itself, with the deliverer and a Chat button.
  await expect(h.getByText('Accepted', { exact: true }).first()).toBeVisible();
  const delivererCard = h.getByRole('region', { name: 'Deliverer' });
  await expect(delivererCard.locator('p', { hasText: 'Divya Dayscholar' })).toBeVisible();
  await expect(delivererCard.getByText('Deliverer (Day Scholar)')).toBeVisible();
  await expect(h.getByRole('link', { name: /^Chat with/ })).toHaveAttribute('href', `/chat/${dayscholar.id}`);
  await expect(h.getByRole('region', { name: 'Requester contact' })).toHaveCount(0);
  // The hosteller's page shows the handover code (it arrived with the live update); the day
  // scholar's never does.
  const codeBox = h.getByRole('region', { name: 'Handover code' });
  await expect(codeBox.getByTestId('handover-code')).toHaveText(/^\d{4}$/);
  const code = (await codeBox.getByTestId('handover-code').textContent())!;
  await expectAccessible(h);
  await expect(d.getByRole('region', { name: 'Handover code' })).toHaveCount(0);
  await expect(d.getByText(/asked for a handover code/)).toBeVisible();

  // Until the day scholar picks it up, the hosteller waits: no Confirm receipt yet.
  await expect(h.getByText('Waiting for your deliverer to pick it up')).toBeVisible();
  await expect(h.getByRole('button', { name: 'Confirm receipt' })).toHaveCount(0);
  await d.getByRole('button', { name: 'Mark picked up' }).click();
  await d
    .getByRole('dialog', { name: 'Mark this request picked up?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(d.getByText('Marked picked up: the requester has been told')).toBeVisible();
  // The hosteller's page changes by itself: they may confirm receipt now.
  await expect(h.getByText('Waiting for your deliverer to pick it up')).toBeHidden();
  await expect(h.getByRole('button', { name: 'Confirm receipt' })).toBeVisible();

  // The day scholar completes it with notes and the code: a wrong code is refused at the field.
  await d.getByRole('button', { name: 'Mark as Completed' }).click();
  const complete = d.getByRole('dialog');
  await complete.getByLabel('Delivery notes (optional)').fill('Handed over at the gate');
  await complete.getByLabel('Receipt amount (₹)').fill('260');
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  await complete.getByLabel('Handover code').fill(wrong);
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(complete.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await expectAccessible(d);
  await complete.getByLabel('Handover code').fill(code);
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByText('Request completed successfully')).toBeVisible();
  await expect(d.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(d.getByText('Handed over at the gate')).toBeVisible();

  // Both rate each other.
  await d.getByRole('button', { name: 'Rate Hosteller' }).click();
  const rateH = d.getByRole('dialog', { name: 'Rate Hari Hosteller' });
  await rateH.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(rateH.getByText('Please select a rating')).toBeVisible();
  await rateH.locator('label').filter({ hasText: '5 stars, Excellent' }).click();
  await expect(rateH.getByText('Excellent', { exact: true })).toBeVisible();
  await rateH.getByLabel('Comment (optional)').fill('Clear instructions');
  await rateH.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(d.getByText('Rating submitted successfully')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Rate Hosteller' })).toHaveCount(0);
  // In its place, what was given.
  await expect(d.getByText('You rated Hari Hosteller')).toBeVisible();
  await expect(
    d.getByText('You rated Hari Hosteller').getByRole('img', { name: 'Rated 5 out of 5' }),
  ).toBeVisible();

  // The hosteller's page turned Completed by itself, with the notes and the Rate button.
  await expect(h.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(h.getByText('Handed over at the gate')).toBeVisible();
  await expect(h.getByText('Receipt: ₹260')).toBeVisible();
  await expect(h.getByRole('button', { name: 'Cancel Request' })).toHaveCount(0);
  await h.getByRole('button', { name: 'Rate Day Scholar' }).click();
  const rateD = h.getByRole('dialog', { name: 'Rate Divya Dayscholar' });
  await rateD.locator('label').filter({ hasText: '4 stars, Very Good' }).click();
  await rateD.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(h.getByText('Rating submitted successfully')).toBeVisible();
  await expect(h.getByRole('button', { name: 'Rate Day Scholar' })).toHaveCount(0);
  await expect(
    h.getByRole('region', { name: 'Deliverer' }).getByRole('img', { name: 'Rated 4 out of 5' }),
  ).toBeVisible();
  await expectAccessible(h);

  // Both dashboards show the new counts and the earnings.
  await h.goto('/hosteller/dashboard');
  await expect(stat(h, 'Completed requests')).toHaveText('1');
  await expect(stat(h, 'Pending requests')).toHaveText('0');
  await expect(h.getByRole('region', { name: 'Recent requests' }).getByText(item)).toBeVisible();
  await d.goto('/dayscholar/dashboard');
  await expect(stat(d, 'Completed deliveries')).toHaveText('1');
  // The fee only: the goods' ₹260 are paid back, not earned.
  await expect(stat(d, 'Total earnings')).toHaveText('₹75');
  await expectAccessible(d);

  await hostellerContext.close();
  await dayscholarContext.close();
});

test('the requester cancels; the deliverer cancels a delivery and the request is open again', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hema Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Dev Dayscholar');
  const token = Date.now().toString(36);
  const toCancel = await createRequestViaApi(request, hosteller, `Notebook ${token}`);
  const toDrop = await createRequestViaApi(request, hosteller, `Biscuits ${token}`);

  const hostellerContext = await browser.newContext();
  const h = await hostellerContext.newPage();
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await h.goto(`/requests/${toCancel}`);
  await h.getByRole('button', { name: 'Cancel Request' }).click();
  const cancel = h.getByRole('dialog');
  await expect(cancel.getByText(/cannot be undone/)).toBeVisible();
  await cancel.getByRole('button', { name: 'Confirm' }).click();
  await expect(h.getByText('Request cancelled successfully')).toBeVisible();
  await expect(h.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(h.getByRole('button', { name: 'Cancel Request' })).toHaveCount(0);
  await h.goto('/hosteller/my-requests?status=cancelled');
  await expect(h.getByRole('link', { name: new RegExp(`Notebook ${token}`) })).toBeVisible();
  await expect(h.getByRole('link', { name: new RegExp(`Biscuits ${token}`) })).toHaveCount(0);

  const dayscholarContext = await browser.newContext();
  const d = await dayscholarContext.newPage();
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await d.goto(`/requests/${toDrop}`);
  await d.getByRole('button', { name: 'Accept Request' }).click();
  await d.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByText('Request accepted successfully')).toBeVisible();
  await d.goto('/dayscholar/my-deliveries');
  await expect(d.getByRole('tab', { name: 'Active', selected: true })).toBeVisible();
  await d.getByRole('link', { name: new RegExp(`Biscuits ${token}`) }).click();
  await d.getByRole('button', { name: 'Cancel Delivery' }).click();
  await d.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByText('Delivery cancelled successfully')).toBeVisible();
  await expect(d.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(d.getByText('Waiting for a day scholar to accept')).toBeVisible();

  await d.goto(`/dayscholar/browse-requests?search=${token}`);
  await expect(d.getByRole('link', { name: new RegExp(`Biscuits ${token}`) })).toBeVisible();
  await expect(d.getByRole('link', { name: new RegExp(`Notebook ${token}`) })).toHaveCount(0);

  await hostellerContext.close();
  await dayscholarContext.close();
});
