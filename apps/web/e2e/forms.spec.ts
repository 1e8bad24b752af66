import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, listProductViaApi, seedUser, signIn } from './fixtures';

/** A plain-colour JPEG made at runtime. */
async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The dominant channel of an image's centre pixel: 'r', 'g' or 'b'. */
async function mainChannel(buffer: Buffer) {
  const { data } = await sharp(buffer).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
  const [r = 0, g = 0, b = 0] = data;
  return r > g && r > b ? 'r' : g > b ? 'g' : 'b';
}

test('new request: the room from the profile, the last places and a deadline shortcut are one tap away', async ({
  page,
  request,
}) => {
  const hosteller = await seedUser(request, 'hosteller', 'Hari Hosteller');
  for (const deliveryLocation of ['Main gate', 'Library steps', 'Main gate']) {
    const res = await request.post('/api/requests', {
      headers: { Authorization: `Bearer ${hosteller.token}` },
      data: {
        itemName: `Notebook for ${deliveryLocation}`,
        quantity: 1,
        expectedPrice: 40,
        deadline: new Date(Date.now() + 5 * 3_600_000).toISOString(),
        deliveryLocation,
        category: 'stationery',
      },
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, hosteller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  // Something is on this dashboard already: no first-run card.
  await expect(page.getByRole('region', { name: 'Recent requests' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'How CampusRun works' })).toHaveCount(0);

  await page.goto('/hosteller/my-requests/new');
  const location = page.getByLabel('Delivery location');
  await expect(location).toHaveValue('Block B, room 12');
  const places = page.getByRole('list', { name: 'Recent places' });
  await expect(places.getByRole('button')).toHaveText(['Main gate', 'Library steps']);
  await places.getByRole('button', { name: 'Library steps' }).click();
  await expect(location).toHaveValue('Library steps');

  const shortcuts = page.getByRole('list', { name: 'Time shortcuts' });
  await shortcuts.getByRole('button', { name: 'Tomorrow 10 am' }).click();
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T10:00`;
  });
  await expect(page.getByLabel('Deadline')).toHaveValue(tomorrow);
  await expect(page.getByText(/^Due tomorrow 10:00 am$/)).toBeVisible();
  for (const box of await shortcuts.getByRole('button').all())
    expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);

  await page.getByLabel('Item name').fill('Blue pens');
  await page.getByLabel('Delivery fee — what you pay the deliverer').fill('30');
  await page.getByRole('button', { name: 'Create Request' }).click();
  await expect(page.getByText('Request created successfully!')).toBeVisible();
  await expect(page.getByText('Library steps')).toBeVisible();
});

test('a new student gets a first-run card on the empty dashboard; once dismissed it stays away', async ({
  page,
  request,
}) => {
  const dayscholar = await seedUser(request, 'dayscholar', 'Dev Dayscholar');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, dayscholar);
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  const card = page.getByRole('region', { name: 'How CampusRun works' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText([
    'The fee',
    'The handover code',
    'Ratings',
  ]);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Got it' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText('No active deliveries')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a hosteller sells with three photos, puts the last one first, and the product keeps that order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await seedUser(request, 'hosteller', 'Sana Seller');
  await signIn(page, seller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  await page.goto('/hosteller/sell-product');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell Product' })).toBeVisible();

  await page.getByLabel('Product name').fill('Lady Bird cycle');
  await page.getByLabel('Description').fill('Blue, with a basket and a lock.');
  await page.getByLabel('Price (₹)').fill('2800');
  await page.getByLabel('Category').selectOption('cycles');
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      await photo('red.jpg', '#c33'),
      await photo('green.jpg', '#3c3'),
      await photo('blue.jpg', '#33c'),
    ]);
  await expect(page.getByText('3 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  const photos = page.getByRole('group', { name: /Photos/ }).getByRole('img');
  await expect(photos.first()).toHaveAttribute('alt', 'New photo: blue.jpg');
  expect(await photos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual([
    'New photo: blue.jpg',
    'New photo: red.jpg',
    'New photo: green.jpg',
  ]);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'List Product' }).click();
  await expect(page.getByText('Product listed successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lady Bird cycle' })).toBeVisible();
  await expect(page.getByText('Cycles')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show photo 3 of 3' })).toBeVisible();
  // The cover is the photo moved first; the others follow in the order left.
  const id = page.url().split('/').pop()!;
  const res = await request.get(`/api/products/${id}`, {
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  const { product } = (await res.json()) as { product: { images: string[] } };
  const channels = [];
  for (const url of product.images) channels.push(await mainChannel(await (await request.get(url)).body()));
  expect(channels).toEqual(['b', 'r', 'g']);
});

test('Share on a product copies its link with a toast where the browser has no share sheet', async ({
  browser,
  request,
}) => {
  const seller = await seedUser(request, 'hosteller', 'Sita Seller');
  const buyer = await seedUser(request, 'dayscholar', 'Bina Buyer');
  const id = await listProductViaApi(request, seller, { name: 'Study lamp' });

  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  // A desktop browser without the Web Share API.
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
    delete (Navigator.prototype as { canShare?: unknown }).canShare;
  });
  const page = await context.newPage();
  await signIn(page, buyer);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/products/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Study lamp' })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/products/${id}`, page.url()).href,
  );
  await context.close();
});
