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

/**
 * Keeps every file the page hands to an upload (XMLHttpRequest.send of a FormData): what the browser
 * sends, read back with `sentFiles`.
 */
async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const sent: File[] = [];
    (window as unknown as { sentFiles: File[] }).sentFiles = sent;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) for (const [, value] of body) if (value instanceof File) sent.push(value);
      return send.call(this, body);
    };
  });
}

/** The files the page has uploaded so far: name, type and bytes. */
async function sentFiles(page: Page) {
  const files = await page.evaluate(async () => {
    const sent = (window as unknown as { sentFiles: File[] }).sentFiles;
    const base64 = async (file: File) => {
      const url = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsDataURL(file);
      });
      return url.slice(url.indexOf(',') + 1);
    };
    return Promise.all(sent.map(async (f) => ({ name: f.name, type: f.type, data: await base64(f) })));
  });
  return files.map((f) => ({ ...f, buffer: Buffer.from(f.data, 'base64') }));
}

/** Lists a product through the sell screen with `photo`; answers its id. */
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
  await page.getByRole('button', { name: 'List Product' }).click();
  await expect(page.getByText('Product listed successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
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
  const { channels } = await sharp(await sharp(image).extract(region).toBuffer()).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

/** The camera's top-left corner (red) is at the top right of a 1200×1600 image, and only there. */
async function expectRedTopRight(image: Buffer) {
  const [r, g, b] = await meanColour(image, { left: 1000, top: 0, width: 150, height: 150 });
  expect(r).toBeGreaterThan(180);
  expect(g).toBeLessThan(80);
  expect(b).toBeLessThan(80);
  for (const [left, top] of [
    [0, 0],
    [0, 1400],
    [1000, 1400],
  ] as const) {
    const [, green = 0] = await meanColour(image, { left, top, width: 150, height: 150 });
    expect(green).toBeGreaterThan(60);
  }
}

test('a camera photo is resized on the phone: upright, 1600 px at most, a small share of its bytes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await seedUser(request, 'hosteller', 'Priya Photographer');
  const photo = await cameraPhoto();
  expect(photo.buffer.length).toBeGreaterThan(5 * 1024 * 1024);

  await recordUploads(page);
  await signIn(page, seller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  const productId = await sell(page, photo, 'Camera test lamp');

  // What the browser sent: a WebP of the same name, upright and 1600 px at most, a small share of the bytes.
  const [sent] = await sentFiles(page);
  console.log(`camera photo: ${photo.buffer.length} bytes picked, ${sent!.buffer.length} bytes sent`);
  expect(sent).toMatchObject({ name: 'IMG_2041.webp', type: 'image/webp' });
  expect(sent!.buffer.length).toBeGreaterThan(50_000);
  expect(sent!.buffer.length).toBeLessThan(photo.buffer.length / 8);
  const sentMeta = await sharp(sent!.buffer).metadata();
  expect(sentMeta).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
  expect(sentMeta.orientation).toBeUndefined();
  await expectRedTopRight(sent!.buffer);

  // As stored and served: upright (portrait, after Orientation 6), and the camera's top-left corner at the top right.
  const stored = await storedPhoto(page, seller, productId);
  const meta = await sharp(stored).metadata();
  expect(meta.height).toBe(1600);
  expect(meta.width).toBe(1200);
  expect(meta.orientation ?? 1).toBe(1);
  await expectRedTopRight(stored);
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

  await recordUploads(page);
  await signIn(page, seller);
  await expect(page).toHaveURL(/\/hosteller\/dashboard$/);
  const productId = await sell(page, photo, 'Checkerboard coaster');
  const [sent] = await sentFiles(page);
  console.log(`small png: ${buffer.length} bytes picked, ${sent!.buffer.length} bytes sent`);
  expect(sent).toMatchObject({ name: 'pattern.png', type: 'image/png' });
  expect(sent!.buffer.equals(buffer)).toBe(true);

  const meta = await sharp(await storedPhoto(page, seller, productId)).metadata();
  expect([meta.width, meta.height]).toEqual([side, side]);
});
