import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seedUser, signIn, type SeededUser } from './fixtures';

/**
 * A camera-like photo, made here: 4000×3000 stored sideways with EXIF Orientation 6 (shown turned a
 * quarter clockwise, so upright it is 3000×4000), soft shapes with sensor-like grain, and a red block
 * in the stored top-left corner, which shows at the top right once upright. About 7 MB: more than the
 * sell form's 5 MB, which holds for what is sent.
 */
async function cameraPhoto() {
  const width = 4000;
  const height = 3000;
  const shapes = await sharp({
    create: { width: 160, height: 120, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 70 } },
  })
    .resize(width, height, { kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const red = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e01010' } })
    .png()
    .toBuffer();
  const buffer = await sharp(shapes)
    .composite([
      { input: grain, blend: 'soft-light' },
      { input: red, left: 0, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer };
}

/** Lists a product through the sell screen with `photo`; answers the photo's bytes as the browser sent them. */
async function sell(page: Page, photo: { name: string; mimeType: string; buffer: Buffer }, name: string) {
  await page.goto('/hosteller/sell-product');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell Product' })).toBeVisible();
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Description').fill('Listed by the photo test.');
  await page.getByLabel('Price (₹)').fill('450');
  await page.getByLabel('Category').selectOption('electronics');
  await page.getByLabel('Add photos').setInputFiles(photo);
  await expect(page.getByRole('img', { name: `New photo: ${photo.name}` })).toBeVisible();
  // No refusal at the photos: the limit is for what is sent.
  await expect(page.getByText('Image size should be less than 5MB')).toHaveCount(0);

  const upload = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/products',
  );
  await page.getByRole('button', { name: 'List Product' }).click();
  const request = await upload;
  await expect(page.getByText('Product listed successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const { requestBodySize } = await request.sizes();
  return { sentBytes: requestBodySize, productId: new URL(page.url()).pathname.split('/').pop()! };
}

/** The stored full-size photo of a product, as the server serves it. */
async function storedPhoto(page: Page, user: SeededUser, productId: string) {
  const res = await page.request.get(`/api/products/${productId}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.status()).toBe(200);
  const { product } = (await res.json()) as { product: { images: string[] } };
  const served = await page.request.get(product.images[0]!);
  expect(served.status()).toBe(200);
  return served.body();
}

/** The mean colour of a region of an image: [r, g, b]. */
async function meanColour(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  const { channels } = await sharp(image).extract(region).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

test('a camera photo is resized on the phone: upright, 1600 px at most, a small share of its bytes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await seedUser(request, 'hosteller', 'Priya Photographer');
  const photo = await cameraPhoto();
  expect(photo.buffer.length).toBeGreaterThan(5 * 1024 * 1024);

  await signIn(page, seller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  const { sentBytes, productId } = await sell(page, photo, 'Camera test lamp');
  test.info().annotations.push({
    type: 'photo bytes',
    description: `original ${photo.buffer.length}, sent ${sentBytes} (the whole multipart body)`,
  });
  console.log(`photo: original ${photo.buffer.length} bytes, request body ${sentBytes} bytes`);
  // The whole form went up in a small share of the photo's bytes.
  expect(sentBytes).toBeGreaterThan(50_000);
  expect(sentBytes).toBeLessThan(photo.buffer.length / 8);

  const stored = await storedPhoto(page, seller, productId);
  const meta = await sharp(stored).metadata();
  // Upright (portrait, after Orientation 6), within 1600 px, and the camera's top-left corner at the top right.
  expect(meta.height).toBe(1600);
  expect(meta.width).toBe(1200);
  expect(meta.orientation ?? 1).toBe(1);
  const [r, g, b] = await meanColour(stored, { left: 1200 - 200, top: 0, width: 150, height: 150 });
  expect(r).toBeGreaterThan(180);
  expect(g).toBeLessThan(80);
  expect(b).toBeLessThan(80);
  const [, otherG] = await meanColour(stored, { left: 0, top: 0, width: 150, height: 150 });
  expect(otherG).toBeGreaterThan(60);
});

test('a small PNG goes up as it is, and is listed', async ({ page, request }) => {
  const seller = await seedUser(request, 'hosteller', 'Pavan Pixel');
  // A one-pixel checkerboard: a few hundred bytes as PNG, which lossy WebP or JPEG could only make larger.
  const side = 200;
  const pixels = Buffer.alloc(side * side, 0);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) pixels[y * side + x] = (x + y) % 2 ? 255 : 0;
  const buffer = await sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png({ palette: true, colours: 2 })
    .toBuffer();
  const photo = { name: 'pattern.png', mimeType: 'image/png', buffer };

  await signIn(page, seller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  const { sentBytes, productId } = await sell(page, photo, 'Checkerboard coaster');
  console.log(`png: original ${buffer.length} bytes, request body ${sentBytes} bytes`);
  // The file itself, plus the form's fields and the multipart boundaries.
  expect(sentBytes).toBeGreaterThanOrEqual(buffer.length);
  expect(sentBytes).toBeLessThan(buffer.length + 2_000);

  const meta = await sharp(await storedPhoto(page, seller, productId)).metadata();
  expect([meta.width, meta.height]).toEqual([side, side]);
});
