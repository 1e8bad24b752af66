import { expect, test } from '@playwright/test';
import {
  actOnRequest,
  createRequestViaApi,
  expectAccessible,
  seedUser,
  signIn,
  trackSocket,
} from './fixtures';

test('Browse gains new requests at the top and loses taken or cancelled ones, live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  const watcher = await seedUser(request, 'dayscholar', 'Divya Dayscholar');
  const rival = await seedUser(request, 'dayscholar', 'Ravi Rival');
  const token = Date.now().toString(36);

  const context = await browser.newContext();
  const d = await context.newPage();
  const socket = trackSocket(d);
  await signIn(d, watcher);
  await expect(d).toHaveURL(/\/dayscholar\/dashboard$/);
  await d.getByRole('link', { name: 'Browse requests' }).first().click();
  await expect(d.getByRole('heading', { level: 1, name: 'Browse Requests' })).toBeVisible();
  await socket.connected();
  const list = d.getByRole('list', { name: 'Available requests' });
  const card = (name: string) => d.getByRole('link', { name: new RegExp(name) });

  // A hosteller posts two requests: both appear at the top, marked new, without a reload.
  const tea = await createRequestViaApi(request, hosteller, `Green tea ${token}`, 40);
  await expect(card(`Green tea ${token}`)).toBeVisible();
  const soap = await createRequestViaApi(request, hosteller, `Soap bar ${token}`, 30);
  await expect(list.getByRole('listitem').first()).toContainText(`Soap bar ${token}`);
  await expect(list.getByRole('listitem').nth(1)).toContainText(`Green tea ${token}`);
  await expect(card(`Soap bar ${token}`).getByText('New', { exact: true })).toBeVisible();
  await expectAccessible(d);

  // Another day scholar takes one; the hosteller cancels the other: both leave the list.
  await actOnRequest(request, rival, tea, 'accept');
  await expect(card(`Green tea ${token}`)).toHaveCount(0);
  await expect(card(`Soap bar ${token}`)).toBeVisible();
  await actOnRequest(request, hosteller, soap, 'cancel');
  await expect(card(`Soap bar ${token}`)).toHaveCount(0);

  // The rival gives the delivery up: it is back on the list.
  await actOnRequest(request, rival, tea, 'cancel-delivery');
  await expect(card(`Green tea ${token}`)).toBeVisible();

  // The dashboard's count follows as well.
  await d.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(
    d.getByRole('region', { name: 'Available requests' }).getByText(`Green tea ${token}`),
  ).toBeVisible();

  await context.close();
});
