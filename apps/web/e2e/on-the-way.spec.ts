import { expect, test } from '@playwright/test';
import {
  actOnRequest,
  createRequestViaApi,
  expectAccessible,
  seedUser,
  signIn,
  trackSocket,
} from './fixtures';

const PHONE = { viewport: { width: 390, height: 844 } };
/** A small phone: the requester's. */
const SMALL_PHONE = { viewport: { width: 375, height: 667 } };

test('on phones, the deliverer picks up (with the receipt) and is on the way; the requester watches the countdown live, then confirms receipt', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const dayscholar = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const item = `Calculator ${Date.now().toString(36)}`;
  const id = await createRequestViaApi(request, hosteller, item, 40, { itemCost: 650 });
  await actOnRequest(request, dayscholar, id, 'accept');

  const h = await (await browser.newContext(SMALL_PHONE)).newPage();
  const d = await (await browser.newContext(PHONE)).newPage();
  // The requester's clock is ours to move on: the countdown must move by itself.
  await h.clock.install();
  const hSocket = trackSocket(h);

  // The requester's page stays open from here on, never reloaded.
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await h.goto(`/requests/${id}`);
  await expect(h.getByRole('heading', { level: 2, name: item })).toBeVisible();
  await expect(h.getByText('Waiting for your deliverer to pick it up')).toBeVisible();
  await hSocket.connected();

  // The deliverer's page: the drop point with one-tap Call and Chat, and no "On my way" before the pickup.
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await d.goto(`/requests/${id}`);
  const drop = d.getByRole('region', { name: 'Requester contact' });
  await expect(drop.getByText('Drop point')).toBeVisible();
  await expect(drop.getByText('Block B gate')).toBeVisible();
  await expect(drop.getByRole('link', { name: 'Call Hari Hosteller' })).toHaveAttribute(
    'href',
    'tel:9876543210',
  );
  await expect(drop.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', `/chat/${hosteller.id}`);
  await expect(d.getByRole('button', { name: 'On my way' })).toHaveCount(0);

  // Picked up, with the receipt amount.
  await d.getByRole('button', { name: 'Mark picked up' }).click();
  const pickUp = d.getByRole('dialog', { name: 'Mark this request picked up?' });
  await pickUp.getByLabel('Receipt amount (₹)').fill('640');
  await pickUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByText('Marked picked up: the requester has been told')).toBeVisible();
  await expect(d.getByText('Receipt: ₹640')).toBeVisible();
  await expect(h.getByTestId('arrival')).toHaveText('Picked up');
  await expect(h.getByText('Receipt: ₹640')).toBeVisible();

  // On the way: the minutes are checked by the shared rule before anything is sent.
  await d.getByRole('button', { name: 'On my way' }).click();
  const eta = d.getByRole('dialog', { name: 'How long until you arrive?' });
  await eta.getByLabel('Minutes').fill('121');
  await eta.getByRole('button', { name: 'Send' }).click();
  await expect(eta.getByText('Minutes must be at most 120')).toBeVisible();
  await eta.getByLabel('Minutes').fill('6');
  await eta.getByRole('button', { name: 'Send' }).click();
  await expect(d.getByText('The requester has been told when you arrive')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Update estimate' })).toBeVisible();
  await expectAccessible(d);

  // The requester's page shows the countdown as it arrives, then moves it on by itself.
  const countdown = h.getByTestId('arrival');
  await expect(countdown).toHaveText('Arriving in about 6 min');
  await expect(h.getByRole('status').filter({ hasText: 'Divya Dayscholar is on the way' })).toHaveText(
    'Divya Dayscholar is on the way, arriving in about 6 min',
  );
  await expectAccessible(h);
  await h.clock.fastForward('02:00');
  await expect(countdown).toHaveText('Arriving in about 4 min');

  // A new estimate reaches the open page too.
  await d.getByRole('button', { name: 'Update estimate' }).click();
  await d
    .getByRole('dialog', { name: 'How long until you arrive?' })
    .getByRole('button', { name: '15 min' })
    .click();
  await d
    .getByRole('dialog', { name: 'How long until you arrive?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(d.getByText('The requester has been told when you arrive')).toBeVisible();
  // The requester's clock is two minutes ahead of the server's: 15 minutes from then is about 13 from here.
  await expect(countdown).toHaveText(/^Arriving in about 1[345] min$/);
  await h.clock.fastForward('16:00');
  await expect(countdown).toHaveText('Any moment now');

  // The requester has the items.
  await h.getByRole('button', { name: 'Confirm receipt' }).click();
  await h
    .getByRole('dialog', { name: 'Confirm you received the items?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(h.getByText('Receipt confirmed: the request is completed')).toBeVisible();
  await expect(h.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(countdown).toHaveCount(0);
  // The deliverer's page follows: completed, the countdown gone.
  await expect(d.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(d.getByTestId('arrival')).toHaveCount(0);
});
