import { expect, test } from '@playwright/test';
import { createRequestViaApi, expectAccessible, seedUser, signIn, trackSocket, localInput } from './fixtures';

test('a day scholar posts a trip, a hosteller adds a request to it (accepted live) and the runner follows the stop list to complete it with the code', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const dayscholar = await seedUser(request, 'dayscholar', 'Tara Tripper');
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const token = Date.now().toString(36);
  const from = `Katpadi ${token}`;
  const item = `Bread ${token}`;
  // Due in 5 hours: after the trip arrives (in 3), so it may ride on it.
  const requestId = await createRequestViaApi(request, hosteller, item, 40, {
    handoverCode: true,
    pickupFrom: 'Katpadi market',
  });

  const dContext = await browser.newContext();
  const hContext = await browser.newContext();
  const d = await dContext.newPage();
  const h = await hContext.newPage();
  const hRequest = await hContext.newPage();
  const dSocket = trackSocket(d);
  const hSocket = trackSocket(hRequest);

  // The day scholar posts a trip; the form checks it first.
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await d.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trips' }).click();
  await expect(d.getByRole('heading', { level: 1, name: 'Trips' })).toBeVisible();
  await d.getByRole('link', { name: 'Post a trip' }).first().click();
  await expect(d.getByRole('heading', { level: 1, name: 'Post a trip' })).toBeVisible();
  await d.getByRole('button', { name: 'Post a trip' }).click();
  await expect(d.getByText('Please enter where you are coming from')).toBeVisible();
  await expectAccessible(d);
  await d.getByLabel('Coming from').fill(from);
  await d.getByLabel('Arriving at').fill(localInput(3));
  await d.getByLabel('Add requests by').fill(localInput(4));
  await d.getByRole('button', { name: 'Post a trip' }).click();
  await expect(d.getByText('The time to add requests by must be before you arrive')).toBeVisible();
  await d.getByLabel('Add requests by').fill(localInput(2));
  await d.getByLabel('Requests I can take').fill('3');
  await d.getByLabel('Note (optional)').fill('Market and pharmacy');
  await d.getByRole('button', { name: 'Post a trip' }).click();
  await expect(d.getByText('Trip posted')).toBeVisible();
  await expect(d).toHaveURL(/\/trips\/[0-9a-f-]+$/);
  const tripUrl = d.url();
  await expect(d.getByRole('heading', { level: 1, name: `Trip from ${from}` })).toBeVisible();
  await expect(d.getByText('0 of 3 taken')).toBeVisible();
  await expect(d.getByText('No requests on this trip yet, so no stops.')).toBeVisible();
  await expectAccessible(d);
  await dSocket.connected();

  // The hosteller keeps their request's page open, and finds the trip in the list.
  await signIn(hRequest, hosteller);
  await expect(hRequest).toHaveURL(/\/hosteller\/dashboard$/);
  await hRequest.goto(`/requests/${requestId}`);
  await expect(hRequest.getByRole('heading', { name: item })).toBeVisible();
  await expect(hRequest.getByText('Pending', { exact: true }).first()).toBeVisible();
  await hSocket.connected();

  await h.goto('/trips');
  const card = h.getByRole('link', { name: new RegExp(`From ${from}`) });
  await expect(card.getByText('0 of 3 taken')).toBeVisible();
  await expect(card.getByText('Market and pharmacy')).toBeVisible();
  await expectAccessible(h);
  await card.click();
  await expect(h.getByRole('heading', { level: 1, name: `Trip from ${from}` })).toBeVisible();
  const add = h.getByRole('region', { name: 'Add a request' });
  await expect(add.getByLabel('Your pending request')).toContainText(item);
  // The only request that fits is chosen already.
  await add.getByRole('button', { name: 'Add to trip' }).click();
  await expect(h.getByText('Added to the trip: the day scholar will bring it')).toBeVisible();
  const mine = h.getByRole('list', { name: 'Your requests on this trip' });
  await expect(mine.getByRole('link', { name: item })).toBeVisible();
  await expect(mine.getByText('Accepted')).toBeVisible();
  await expect(h.getByText('1 of 3 taken')).toBeVisible();
  await expectAccessible(h);

  // The request's open page turned Accepted by itself, with the trip badge and the handover code.
  await expect(hRequest.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await expect(hRequest.getByRole('link', { name: 'On a trip' })).toHaveAttribute(
    'href',
    new URL(tripUrl).pathname,
  );
  const codeBox = hRequest.getByRole('region', { name: 'Handover code' });
  await expect(codeBox.getByTestId('handover-code')).toHaveText(/^\d{4}$/);
  const code = (await codeBox.getByTestId('handover-code').textContent())!;

  // The runner's trip page shows the request and the stop list, live.
  await expect(d.getByText('1 of 3 taken')).toBeVisible();
  await expect(
    d.getByRole('list', { name: 'Requests on this trip' }).getByRole('link', { name: item }),
  ).toBeVisible();
  const stops = d.getByRole('region', { name: 'Stop list' });
  await expect(stops.getByRole('heading', { name: /^Pick up at Katpadi market/i })).toBeVisible();
  await expect(stops.getByRole('heading', { name: 'Drop at Block B gate' })).toBeVisible();
  const pickup = stops.getByRole('checkbox', { name: new RegExp(item) }).first();
  await pickup.check();
  await expect(pickup).toBeChecked();
  await expectAccessible(d);
  // The tick stays on this device.
  await d.reload();
  await expect(
    d
      .getByRole('region', { name: 'Stop list' })
      .getByRole('checkbox', { name: new RegExp(item) })
      .first(),
  ).toBeChecked();

  // At the drop, Complete asks for the code right there on the trip.
  await d
    .getByRole('region', { name: 'Stop list' })
    .getByRole('button', { name: new RegExp(`^Complete #\\d+ ${item}$`) })
    .click();
  const complete = d.getByRole('dialog');
  await complete.getByLabel('Handover code').fill(code);
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(d.getByText('Request completed successfully')).toBeVisible();
  await expect(hRequest.getByText('Completed', { exact: true }).first()).toBeVisible();

  // The drop reads as delivered, without leaving the trip.
  await expect(d).toHaveURL(tripUrl);
  await expect(d.getByRole('region', { name: 'Stop list' }).getByText('Delivered')).toBeVisible();

  await dContext.close();
  await hContext.close();
});

test('a hosteller cannot add a request due before the trip arrives, and the runner cancels the trip', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const dayscholar = await seedUser(request, 'dayscholar', 'Chandra Canceller');
  const hosteller = await seedUser(request, 'hosteller', 'Hema Hosteller');
  const token = Date.now().toString(36);
  await createRequestViaApi(request, hosteller, `Early ${token}`, 40, {
    deadline: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const res = await request.post('/api/trips', {
    headers: { Authorization: `Bearer ${dayscholar.token}` },
    data: {
      from: `Vellore ${token}`,
      arriveAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      cutoffAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      capacity: 2,
    },
  });
  expect(res.status()).toBe(201);
  const tripId = ((await res.json()) as { trip: { id: string } }).trip.id;

  const hContext = await browser.newContext();
  const h = await hContext.newPage();
  await signIn(h, hosteller);
  await expect(h).toHaveURL(/\/hosteller\/dashboard$/);
  await h.goto(`/trips/${tripId}`);
  await expect(h.getByText(/None of your pending requests can ride on this trip/)).toBeVisible();

  const dContext = await browser.newContext();
  const d = await dContext.newPage();
  await signIn(d, dayscholar);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await d.goto(`/trips/${tripId}`);
  await d.getByRole('button', { name: 'Cancel trip' }).click();
  const dialog = d.getByRole('dialog', { name: 'Cancel this trip?' });
  await expectAccessible(d);
  await dialog.getByRole('button', { name: 'Cancel trip' }).click();
  await expect(d.getByText('Trip cancelled')).toBeVisible();
  await expect(d.getByText('Cancelled', { exact: true })).toBeVisible();
  await h.goto('/trips');
  await expect(h.getByRole('link', { name: new RegExp(`From Vellore ${token}`) })).toHaveCount(0);

  await dContext.close();
  await hContext.close();
});
