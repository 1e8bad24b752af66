import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createProductSchema,
  PRODUCT_IMAGE_FORMAT_NAMES,
  PRODUCT_IMAGE_FORMATS,
  PRODUCT_MESSAGES,
  type Product,
} from '@campusrun/shared';
import { productImages, products, users } from '../../db/schema';
import { createLocalStorage } from '../../lib/storage';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser } from '../../test/factories';
import {
  bombPng,
  jpegWithGps,
  multipartBody,
  noisyImage,
  pngImage,
  truncatedPng,
  type FormFile,
} from '../../test/images';
import { seedDemoProducts } from './products.seed';
import { createProductsService, type ProductsPorts } from './products.service';

let t: TestApp;
let uploads: string;
type Headers = Record<string, string>;
let seller: Awaited<ReturnType<typeof createUser>>;
let sellerH: Headers;
let otherH: Headers;
let scholarH: Headers;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  uploads = path.join(t.config.dataDir, 'uploads');
  seller = await createUser(t.db, { role: 'hosteller', name: 'Sita Seller' });
  sellerH = await authAs(t, seller);
  otherH = await authAs(t, await createUser(t.db, { role: 'hosteller', name: 'Omar Other' }));
  scholarH = await authAs(t, await createUser(t.db, { role: 'dayscholar' }));
  png = await pngImage();
});
afterAll(() => t.close());

/** Every file under DATA_DIR/uploads, relative paths. */
function filesOnDisk(): string[] {
  if (!existsSync(uploads)) return [];
  return (readdirSync(uploads, { recursive: true }) as string[])
    .filter((f) => statSync(path.join(uploads, f)).isFile())
    .sort();
}
const diskPath = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));

/**
 * The port of a products service a test builds itself: its products have no settlement, so settling
 * up has nothing to hold or void (the app's service is handed settling up's real write).
 */
const noSettlements: ProductsPorts = { settlementWrites: { releaseSale: async () => [] } };

const validFields = {
  name: 'Study table',
  description: 'Solid wood, two drawers',
  price: '1499.50',
  category: 'furniture',
  condition: 'like new',
  quantity: '1',
  isNegotiable: 'true',
};
const pngFile = (data: Buffer = png, filename = 'photo.png'): FormFile => ({
  filename,
  contentType: 'image/png',
  data,
});

const send = (
  method: 'POST' | 'PUT',
  url: string,
  headers: Headers,
  fields: Record<string, string | string[]>,
  files: FormFile[],
) => {
  const body = multipartBody(fields, files);
  return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const createProductApi = (
  headers: Headers,
  fields: Record<string, string | string[]> = validFields,
  files: FormFile[] = [pngFile()],
) => send('POST', '/api/products', headers, fields, files);
const editProductApi = (id: string, fields: Record<string, string | string[]>, files: FormFile[] = []) =>
  send('PUT', `/api/products/${id}`, sellerH, fields, files);

async function listed(headers: Headers = sellerH): Promise<Product> {
  const res = await createProductApi(headers);
  expect(res.statusCode).toBe(201);
  return res.json().product;
}

describe('POST /api/products', () => {
  it('lists a product with its photo and answers it in the canonical vocabulary', async () => {
    const res = await createProductApi(sellerH);
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    expect(product).toEqual({
      id: expect.any(String),
      name: 'Study table',
      description: 'Solid wood, two drawers',
      price: 1499.5,
      quantity: 1,
      category: 'furniture',
      condition: 'like-new',
      isNegotiable: true,
      status: 'available',
      images: [expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/)],
      thumbnails: [expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{32}_thumb\.webp$/)],
      sellerId: seller.id,
      seller: {
        id: seller.id,
        name: 'Sita Seller',
        avatar: null,
        createdAt: seller.createdAt.toISOString(),
        hostelBlock: 'Block A',
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // Listed now: never bumped, up for 30 days.
      bumpedAt: null,
      expiresAt: expect.any(String),
      expired: false,
      // The seller's own answer: their controls, no Contact Seller.
      can: {
        edit: true,
        contact: false,
        markSold: true,
        delete: true,
        report: false,
        offer: false,
        save: false,
      },
      isSaved: false,
    });
    // The seller's hostel block shows (how near the item is), never their room, e-mail or phone.
    expect(res.body).not.toMatch(/email|phone|roomNumber/);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.price).toBe(149950);
    for (const url of [...product.images, ...product.thumbnails])
      expect(existsSync(diskPath(url))).toBe(true);
  });

  it('lists up to five photos in the order sent, the first as the cover, in a campus category', async () => {
    const widths = [300, 200, 250];
    const res = await createProductApi(
      sellerH,
      { ...validFields, category: 'room-essentials' },
      await Promise.all(widths.map(async (w, i) => pngFile(await pngImage(w, 100), `p${i}.png`))),
    );
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    expect(product.category).toBe('room-essentials');
    expect(product.images).toHaveLength(3);
    const stored = await Promise.all(
      product.images.map(async (url: string) => (await sharp(diskPath(url)).metadata()).width),
    );
    expect(stored).toEqual(widths);
    for (const category of ['cycles', 'stationery'])
      expect((await createProductApi(sellerH, { ...validFields, category })).statusCode).toBe(201);
  });

  it('takes a photo in each format the forms name', async () => {
    const photo = (format: (typeof PRODUCT_IMAGE_FORMATS)[number]) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
        .toFormat(format.decoded)
        .toBuffer()
        .then((data) => ({ filename: `photo.${format.decoded}`, contentType: format.type, data }));
    const res = await createProductApi(
      sellerH,
      validFields,
      await Promise.all(PRODUCT_IMAGE_FORMATS.map(photo)),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().product.images).toHaveLength(PRODUCT_IMAGE_FORMATS.length);
    expect(PRODUCT_IMAGE_FORMAT_NAMES).toBe('PNG, JPG, GIF or WebP');
  });

  it('serves the stored files as immutable, nosniff WebP', async () => {
    const product = await listed();
    const res = await t.app.inject(product.images[0]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    for (const bad of ['/uploads/products/nope.webp', '/uploads/../jwt-secret', '/uploads/%2e%2e/jwt-secret'])
      expect((await t.app.inject(bad)).statusCode).toBe(404);
  });

  it('re-encodes to WebP of at most 1600 px plus a 400 px thumbnail, never enlarging', async () => {
    const big = await createProductApi(sellerH, validFields, [
      { filename: 'big.jpg', contentType: 'image/jpeg', data: await noisyImage(2400, 1800) },
    ]);
    expect(big.statusCode).toBe(201);
    const full = await sharp(diskPath(big.json().product.images[0])).metadata();
    const thumb = await sharp(diskPath(big.json().product.thumbnails[0])).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 1600, 1200]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 300]);

    const small = await createProductApi(sellerH, validFields, [pngFile(await pngImage(320, 200))]);
    const smallFull = await sharp(diskPath(small.json().product.images[0])).metadata();
    expect([smallFull.width, smallFull.height]).toEqual([320, 200]);
  });

  it('strips EXIF (GPS, camera) and applies the orientation', async () => {
    const photo = await jpegWithGps(1200, 900);
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(photo.includes(Buffer.from('TestPhone'))).toBe(true);

    const res = await createProductApi(sellerH, validFields, [
      { filename: 'IMG_0001.jpg', contentType: 'image/jpeg', data: photo },
    ]);
    expect(res.statusCode).toBe(201);
    for (const url of [res.json().product.images[0], res.json().product.thumbnails[0]]) {
      const stored = readFileSync(diskPath(url));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width!); // shown upright: portrait
      expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  it('maps the edit form condition "used" to good, and defaults condition, quantity and negotiable', async () => {
    const used = await createProductApi(sellerH, { ...validFields, condition: 'Used' });
    expect(used.json().product.condition).toBe('good');
    const { condition: _c, quantity: _q, isNegotiable: _n, ...required } = validFields;
    const defaults = await createProductApi(sellerH, required);
    expect(defaults.json().product).toMatchObject({ condition: 'good', quantity: 1, isNegotiable: false });
  });

  it('lists every missing field with its form message, in the order the form checks them', async () => {
    const before = filesOnDisk();
    const res = await send('POST', '/api/products', sellerH, { name: '  ', price: '' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Product name is required',
      code: 'VALIDATION_FAILED',
      reason: 'invalidInput',
      errors: [
        { param: 'name', msg: 'Product name is required' },
        { param: 'description', msg: 'Description is required' },
        { param: 'price', msg: 'Price is required' },
        { param: 'category', msg: 'Category is required' },
        { param: 'images', msg: 'Please upload an image of your product' },
      ],
    });
    expect(filesOnDisk()).toEqual(before);
  });

  it.each([
    ['-5', 'Please enter a valid price'],
    ['0', 'Please enter a valid price'],
    ['abc', 'Please enter a valid price'],
    ['10.999', PRODUCT_MESSAGES.priceDecimals],
  ])('refuses the price %s', async (price, msg) => {
    const res = await createProductApi(sellerH, { ...validFields, price });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ param: 'price', msg }]);
  });

  it('refuses a quantity below 1 and an unknown category or condition', async () => {
    const res = await createProductApi(sellerH, {
      ...validFields,
      quantity: '0',
      category: 'weapons',
      condition: 'broken',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { param: 'category', msg: PRODUCT_MESSAGES.categoryInvalid },
      { param: 'condition', msg: PRODUCT_MESSAGES.conditionInvalid },
      { param: 'quantity', msg: 'Quantity must be at least 1' },
    ]);
  });

  it('answers 415 to a JSON body and 400 to a malformed multipart body, never 500', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: sellerH,
      payload: validFields,
    });
    expect(json.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...sellerH, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a bo',
    });
    expect(broken.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...sellerH, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const wrongField = await send('POST', '/api/products', sellerH, validFields, [
      { ...pngFile(), field: 'photo' },
    ]);
    expect(wrongField.statusCode).toBe(400);
  });
});

describe('bad uploads: a clear 4xx, nothing on disk, nothing in the database', () => {
  let editable: Product;
  beforeAll(async () => {
    editable = await listed();
  });

  const elevenMb = () => ({
    filename: 'huge.jpg',
    contentType: 'image/jpeg',
    data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(11 * 1024 * 1024)]),
  });
  const cases: Array<{
    name: string;
    files: () => Promise<FormFile[]> | FormFile[];
    create: [number, string];
    edit: [number, string];
  }> = [
    {
      name: 'a text file renamed .jpg',
      files: () => [
        { filename: 'cat.jpg', contentType: 'image/jpeg', data: Buffer.from('just some text\n'.repeat(50)) },
      ],
      create: [415, 'Please upload a PNG, JPG, GIF or WebP image'],
      edit: [415, 'Please upload a PNG, JPG, GIF or WebP image'],
    },
    {
      name: 'an AVIF photo, a format the forms do not name',
      files: async () => [
        {
          filename: 'photo.avif',
          contentType: 'image/avif',
          data: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
            .avif()
            .toBuffer(),
        },
      ],
      create: [415, 'Please upload a PNG, JPG, GIF or WebP image'],
      edit: [415, 'Please upload a PNG, JPG, GIF or WebP image'],
    },
    {
      name: 'an 11 MB file',
      files: () => [elevenMb()],
      create: [413, 'Image size should be less than 5MB'],
      edit: [413, PRODUCT_MESSAGES.editImageTooLarge],
    },
    {
      name: 'six images',
      files: () => Array.from({ length: 6 }, (_, i) => pngFile(png, `p${i}.png`)),
      create: [400, PRODUCT_MESSAGES.maxImages],
      edit: [400, 'You can upload maximum 5 images'],
    },
    {
      name: 'no image',
      files: () => [],
      create: [400, 'Please upload an image of your product'],
      edit: [400, 'Please upload an image of your product'],
    },
    {
      name: 'a truncated PNG',
      files: async () => [pngFile(await truncatedPng(), 'cut.png')],
      create: [415, PRODUCT_MESSAGES.imageCorrupt],
      edit: [415, PRODUCT_MESSAGES.imageCorrupt],
    },
    {
      name: 'a 20000×20000 PNG',
      files: () => [pngFile(bombPng(20_000, 20_000), 'bomb.png')],
      create: [413, PRODUCT_MESSAGES.imagePixels],
      edit: [413, PRODUCT_MESSAGES.imagePixels],
    },
    {
      name: 'an SVG',
      files: () => [
        {
          filename: 'x.svg',
          contentType: 'image/svg+xml',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        },
      ],
      create: [415, 'Please upload a PNG, JPG, GIF or WebP image'],
      edit: [415, 'Please upload a PNG, JPG, GIF or WebP image'],
    },
  ];

  it.each(cases)('create with $name', async ({ files, create: [status, message] }) => {
    const before = filesOnDisk();
    const count = (await t.db.select().from(products)).length;
    const res = await createProductApi(sellerH, validFields, await files());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(filesOnDisk()).toEqual(before);
    expect(await t.db.select().from(products)).toHaveLength(count);
  });

  it.each(cases)('edit with $name', async ({ files, edit: [status, message] }) => {
    const before = filesOnDisk();
    // "no image" on edit means keeping none and adding none
    const res = await editProductApi(
      editable.id,
      { ...validFields, name: 'Changed', existingImages: '[]' },
      await files(),
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(filesOnDisk()).toEqual(before);
    const { product } = (
      await t.app.inject({ url: `/api/products/${editable.id}`, headers: sellerH })
    ).json();
    expect(product).toEqual(editable);
  });

  it('writes nothing when one of several new images is bad', async () => {
    const before = filesOnDisk();
    const res = await editProductApi(editable.id, validFields, [
      pngFile(),
      pngFile(await truncatedPng(), 'cut.png'),
    ]);
    expect(res.statusCode).toBe(415);
    expect(filesOnDisk()).toEqual(before);
  });

  it('removes the written files when the database write fails', async () => {
    const storage = createLocalStorage(uploads);
    const photo = path.join(t.config.dataDir, 'a.png');
    writeFileSync(photo, png);
    const before = filesOnDisk();
    const failingDb = {
      transaction: () => Promise.reject(new Error('database went away')),
    } as unknown as TestApp['db'];
    const service = createProductsService({ db: failingDb, log: t.app.log }, storage, noSettlements);
    await expect(
      service.create(
        { id: seller.id, name: seller.name, role: 'hosteller', isProfileComplete: true },
        {
          fields: createProductSchema.parse(validFields),
          files: [
            { fieldname: 'images', filename: 'a.png', mimetype: 'image/png', path: photo, size: png.length },
          ],
        },
      ),
    ).rejects.toThrow('database went away');
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('authorization', () => {
  it('follows the matrix: anonymous, seller, other hosteller, day scholar', async () => {
    const incompleteUser = await createUser(t.db, { role: 'hosteller' });
    await t.db.update(users).set({ isProfileComplete: false }).where(eq(users.id, incompleteUser.id));
    const incompleteH = await authAs(t, incompleteUser);
    const actors: Record<string, Headers> = {
      anonymous: {},
      incomplete: incompleteH,
      seller: sellerH,
      other: otherH,
      scholar: scholarH,
    };
    const expected: Record<string, Record<string, [number, string?]>> = {
      list: { anonymous: [401], incomplete: [403], seller: [200], other: [200], scholar: [200] },
      view: { anonymous: [401], incomplete: [403], seller: [200], other: [200], scholar: [200] },
      create: {
        anonymous: [401],
        incomplete: [403],
        seller: [201],
        other: [201],
        scholar: [403, 'Only hostellers can sell products'],
      },
      edit: {
        anonymous: [401],
        incomplete: [403],
        seller: [200],
        other: [403, 'You are not authorized to edit this product'],
        scholar: [403, 'Only hostellers can edit products'],
      },
      status: {
        anonymous: [401],
        incomplete: [403],
        seller: [200],
        other: [403, 'You are not authorized to edit this product'],
        scholar: [403, 'Only hostellers can edit products'],
      },
      delete: {
        anonymous: [401],
        incomplete: [403],
        seller: [204],
        other: [403, 'You are not authorized to edit this product'],
        scholar: [403, 'Only hostellers can edit products'],
      },
    };
    for (const [who, headers] of Object.entries(actors)) {
      const p = await createProduct(t.db, { seller });
      const before = filesOnDisk();
      const results: Record<string, { statusCode: number; json: () => { message?: string } }> = {
        list: await t.app.inject({ url: '/api/products', headers }),
        view: await t.app.inject({ url: `/api/products/${p.id}`, headers }),
        create: await createProductApi(headers),
        edit: await send('PUT', `/api/products/${p.id}`, headers, { ...validFields, name: 'Hijacked' }, []),
        status: await t.app.inject({
          method: 'PATCH',
          url: `/api/products/${p.id}/status`,
          headers,
          payload: { status: 'reserved' },
        }),
        delete: await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}`, headers }),
      };
      for (const [action, res] of Object.entries(results)) {
        const [status, message] = expected[action]![who]!;
        expect({ who, action, status: res.statusCode }).toEqual({ who, action, status });
        if (message) expect(res.json().message).toBe(message);
      }
      const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
      if (who === 'seller') expect(row).toBeUndefined();
      else {
        expect(row).toMatchObject({ name: 'Desk lamp', status: 'available' });
        if (who !== 'other') expect(filesOnDisk()).toEqual(before);
      }
    }
  });

  it('answers 404 Product not found for unknown and malformed ids, on every call', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1%27%20or%201%3D1']) {
      const calls = [
        await t.app.inject({ url: `/api/products/${id}`, headers: sellerH }),
        await editProductApi(id, validFields, [pngFile()]),
        await t.app.inject({
          method: 'PATCH',
          url: `/api/products/${id}/status`,
          headers: sellerH,
          payload: { status: 'sold' },
        }),
        await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: sellerH }),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Product not found');
      }
    }
  });
});

describe('GET /api/products', () => {
  let mart: Awaited<ReturnType<typeof createUser>>;
  const ids: Record<string, string> = {};
  const list = async (query: string, headers: Headers = scholarH) => {
    const res = await t.app.inject({ url: `/api/products?sellerId=${mart.id}&${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { products: Product[]; nextCursor: string | null };
  };
  const names = (r: { products: Product[] }) => r.products.map((p) => p.name);

  beforeAll(async () => {
    mart = await createUser(t.db, { role: 'hosteller', name: 'Mart' });
    const base = Date.UTC(2026, 0, 1);
    const rows: Array<Parameters<typeof createProduct>[1]> = [
      { seller: mart, name: 'Calculus textbook', category: 'books', condition: 'good', price: 300 },
      { seller: mart, name: 'Cricket bat', category: 'sports', condition: 'fair', price: 800 },
      {
        seller: mart,
        name: 'Guitar',
        category: 'musical',
        condition: 'like-new',
        price: 4500,
        status: 'reserved',
      },
      {
        seller: mart,
        name: 'Old kettle',
        category: 'electronics',
        condition: 'poor',
        price: 150,
        status: 'sold',
      },
      {
        seller: mart,
        name: 'Desk fan',
        category: 'electronics',
        condition: 'new',
        price: 800,
        description: 'Quiet, 100% working',
      },
      { seller: mart, name: 'Poster_set', category: 'decor', condition: 'new', price: 99.99 },
    ];
    for (const [i, r] of rows.entries()) {
      const p = await createProduct(t.db, { ...r, createdAt: new Date(base + i * 60_000) });
      ids[r.name!] = p.id;
    }
  });

  it('hides sold items by default and badges reserved ones; status and includeSold bring them back', async () => {
    expect(names(await list(''))).toEqual([
      'Poster_set',
      'Desk fan',
      'Guitar',
      'Cricket bat',
      'Calculus textbook',
    ]);
    expect((await list('')).products.find((p) => p.name === 'Guitar')!.status).toBe('reserved');
    expect(names(await list('includeSold=true'))).toHaveLength(6);
    expect(names(await list('status=all'))).toHaveLength(6);
    expect(names(await list('status=sold'))).toEqual(['Old kettle']);
    expect(names(await list('status=reserved'))).toEqual(['Guitar']);
  });

  it('searches words of the name and description by prefix, any case, every word', async () => {
    expect(names(await list('search=CRICKET'))).toEqual(['Cricket bat']);
    expect(names(await list('search=calc'))).toEqual(['Calculus textbook']);
    expect(names(await list('search=ulus'))).toEqual([]);
    expect(names(await list('search=quiet'))).toEqual(['Desk fan']);
    expect(names(await list('search=desk%20quiet'))).toEqual(['Desk fan']);
    expect(names(await list('search=fan%20guitar'))).toEqual([]);
    expect(names(await list('search=100%25'))).toEqual(['Desk fan']);
    expect(names(await list('search=poster_set'))).toEqual(['Poster_set']);
    // punctuation only: no words, no filter; operators are never passed through
    expect(names(await list('search=%25%20%26%20!'))).toHaveLength(5);
    expect(names(await list("search=fan%20%7C%20guitar'"))).toEqual([]);
  });

  it('filters by category, condition (either vocabulary) and price range in rupees', async () => {
    expect(names(await list('category=electronics'))).toEqual(['Desk fan']);
    expect(names(await list('category=electronics&includeSold=true'))).toEqual(['Desk fan', 'Old kettle']);
    expect(names(await list('condition=like-new'))).toEqual(['Guitar']);
    expect(names(await list('condition=like%20new'))).toEqual(['Guitar']);
    expect(names(await list('condition=used'))).toEqual(['Calculus textbook']);
    expect(names(await list('category=all&condition=all'))).toHaveLength(5);
    expect(names(await list('minPrice=99.99&maxPrice=300&sort=price-low'))).toEqual([
      'Poster_set',
      'Calculus textbook',
    ]);
    expect(names(await list('minPrice=800&maxPrice=800'))).toEqual(['Desk fan', 'Cricket bat']);
  });

  it('sorts by recent, price-low and price-high (ties by id, stable)', async () => {
    expect(names(await list('sort=price-low'))).toEqual([
      'Poster_set',
      'Calculus textbook',
      ...(ids['Cricket bat']! < ids['Desk fan']! ? ['Cricket bat', 'Desk fan'] : ['Desk fan', 'Cricket bat']),
      'Guitar',
    ]);
    const high = names(await list('sort=price-high'));
    expect(high[0]).toBe('Guitar');
    expect(high.at(-1)).toBe('Poster_set');
  });

  it('pages with cursors in every sort without repeating or skipping, even across equal keys', async () => {
    const twin = await createUser(t.db, { role: 'hosteller' });
    const same = new Date();
    for (let i = 0; i < 7; i++)
      await createProduct(t.db, {
        seller: twin,
        name: `Twin ${i}`,
        price: i < 4 ? 100 : 200,
        createdAt: same,
      });
    for (const sort of ['recent', 'price-low', 'price-high']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await t.app.inject({
          url: `/api/products?sellerId=${twin.id}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          headers: scholarH,
        });
        expect(res.statusCode).toBe(200);
        const page = res.json() as { products: Product[]; nextCursor: string | null };
        seen.push(...page.products.map((p) => p.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(7);
    }
  });

  it('refuses bad query values with 400, never 500', async () => {
    const first = await list('limit=1');
    for (const q of [
      'limit=101',
      'limit=0',
      'sort=cheapest',
      'category=weapons',
      'minPrice=-1',
      'cursor=garbage',
      `cursor=${first.nextCursor}&sort=price-low`,
      `cursor=${Buffer.from(JSON.stringify(['r', '2026-02-31T00:00:00.000000Z', randomUUID()])).toString('base64url')}`,
      `cursor=${Buffer.from(JSON.stringify(['l', 'x', randomUUID()])).toString('base64url')}`,
      'sellerId=nope',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ url: `/api/products?${q}`, headers: scholarH });
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });

  it('answers a page of 50 by default, each with its seller card', async () => {
    const res = await t.app.inject({ url: '/api/products', headers: otherH });
    const body = res.json();
    expect(body.products.length).toBeLessThanOrEqual(50);
    expect(body.products[0].seller).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      avatar: null,
      createdAt: expect.any(String),
      // Where the seller lives on campus, never their room, e-mail or phone.
      hostelBlock: expect.any(String),
    });
  });
});

describe('PUT /api/products/:id', () => {
  it('keeps, removes and adds images, deleting the removed files', async () => {
    const product = await listed();
    const [first] = product.images;

    const added = await editProductApi(product.id, { ...validFields, name: 'Study table (2 photos more)' }, [
      pngFile(await pngImage(640, 480, '#ff0000')),
      pngFile(await pngImage(640, 480, '#00ff00')),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const three: Product = added.json().product;
    expect(three.name).toBe('Study table (2 photos more)');
    expect(three.images).toHaveLength(3);
    expect(three.thumbnails).toHaveLength(3);
    expect(three.images[0]).toBe(first);

    // keep the 3rd and the 1st (in that order, one as an absolute URL), drop the 2nd, add one
    const removed = [three.images[1]!, three.thumbnails[1]!];
    const edited = await editProductApi(
      product.id,
      { ...validFields, existingImages: [three.images[2]!, `http://localhost:3000${first}`] },
      [pngFile(await pngImage(500, 500, '#0000ff'))],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after: Product = edited.json().product;
    expect(after.images).toHaveLength(3);
    expect(after.images.slice(0, 2)).toEqual([three.images[2], first]);
    for (const url of removed) expect(existsSync(diskPath(url))).toBe(false);
    for (const url of [...after.images, ...after.thumbnails]) expect(existsSync(diskPath(url))).toBe(true);
    const rows = await t.db.select().from(productImages).where(eq(productImages.productId, product.id));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2]);

    // a JSON array of kept images works too
    const json = await editProductApi(product.id, {
      ...validFields,
      existingImages: JSON.stringify([after.images[1]]),
    });
    expect(json.json().product.images).toEqual([after.images[1]]);
  });

  it('refuses more than 5 images in total, and kept images that are not the product’s', async () => {
    const product = await listed();
    const four = await editProductApi(
      product.id,
      validFields,
      Array.from({ length: 4 }, () => pngFile()),
    );
    expect(four.json().product.images).toHaveLength(5);
    const foreign = await listed();
    const before = filesOnDisk();
    const sixth = await editProductApi(product.id, validFields, [pngFile()]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({
      message: 'You can upload maximum 5 images',
      errors: [{ param: 'images', msg: 'You can upload maximum 5 images' }],
    });
    const stranger = await editProductApi(product.id, { ...validFields, existingImages: foreign.images });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual([
      { param: 'existingImages', msg: PRODUCT_MESSAGES.unknownExistingImage },
    ]);
    expect(filesOnDisk()).toEqual(before);
  });

  it('checks the edit form rules with their own messages and keeps fields that were not sent', async () => {
    const product = await listed();
    const blank = await editProductApi(product.id, { name: '', description: ' ', price: '' });
    expect(blank.json().errors).toEqual([
      { param: 'name', msg: 'Please fill in all required fields' },
      { param: 'description', msg: 'Please fill in all required fields' },
      { param: 'price', msg: 'Please fill in all required fields' },
    ]);
    const zeros = await editProductApi(product.id, { ...validFields, price: '0', quantity: '0' });
    expect(zeros.json().errors).toEqual([
      { param: 'price', msg: 'Price must be greater than 0' },
      { param: 'quantity', msg: 'Quantity must be greater than 0' },
    ]);
    const partial = await editProductApi(product.id, {
      name: 'Renamed',
      description: 'New text',
      price: '10',
      condition: 'used',
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().product).toMatchObject({
      name: 'Renamed',
      price: 10,
      condition: 'good',
      category: 'furniture',
      quantity: 1,
      isNegotiable: true,
      images: product.images,
    });
  });
});

describe('PATCH /api/products/:id/status and DELETE /api/products/:id', () => {
  it('lets the seller mark reserved, sold and available again; sold leaves the default list', async () => {
    const product = await listed();
    const inList = async () =>
      (await t.app.inject({ url: `/api/products?sellerId=${seller.id}&limit=100`, headers: otherH }))
        .json()
        .products.some((p: Product) => p.id === product.id);
    const mark = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}/status`,
        headers: sellerH,
        payload: { status },
      });
    expect((await mark('reserved')).json().product.status).toBe('reserved');
    expect(await inList()).toBe(true);
    expect((await mark('sold')).json().product.status).toBe('sold');
    expect(await inList()).toBe(false);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.soldAt).toBeInstanceOf(Date);
    expect((await mark('available')).json().product.status).toBe('available');
    expect(await inList()).toBe(true);
    const bad = await mark('gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].param).toBe('status');
  });

  it('a sold product says what it sold for at its listing price; a price agreed in an offer stays the two members’ own', async () => {
    const buyer = await createUser(t.db, { role: 'hosteller', name: 'Bala Buyer' });
    const buyerH = await authAs(t, buyer);
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH',
      url: string,
      headers: Headers,
      payload?: object,
    ) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    const soldFor = async (id: string, as: Headers = sellerH): Promise<unknown> =>
      (await call('GET', `/products/${id}`, as)).json().product.soldPrice;

    // An accepted offer below the price: reserved, then sold.
    const haggled = await createProduct(t.db, { seller, price: 400, isNegotiable: true });
    const offer = (await call('POST', `/products/${haggled.id}/offers`, buyerH, { amount: 350 })).json()
      .offer;
    expect((await call('PUT', `/offers/${offer.id}/accept`, sellerH)).statusCode).toBe(200);
    expect(await soldFor(haggled.id)).toBeUndefined();
    const sold = await call('PUT', `/products/${haggled.id}/sold`, sellerH, { buyerId: buyer.id });
    expect(sold.json().product).toMatchObject({ status: 'sold', price: 400 });
    expect(sold.json().product.soldPrice).toBeUndefined();
    // The price agreed in an offer is the two members' own: the page says only "sold".
    expect(await soldFor(haggled.id)).toBeUndefined();
    expect(await soldFor(haggled.id, scholarH)).toBeUndefined();
    const soldList = await call('GET', `/products?sellerId=${seller.id}&status=sold&limit=100`, scholarH);
    expect(soldList.json().products.find((p: Product) => p.id === haggled.id)).toMatchObject({ price: 400 });
    expect(soldList.json().products.find((p: Product) => p.id === haggled.id).soldPrice).toBeUndefined();

    // A buyer whose offer was never accepted pays the listing price: that is said to everyone.
    const asked = await createProduct(t.db, { seller, price: 500, isNegotiable: true });
    await call('POST', `/products/${asked.id}/offers`, buyerH, { amount: 420 });
    expect((await call('PUT', `/products/${asked.id}/sold`, sellerH, { buyerId: buyer.id })).statusCode).toBe(
      200,
    );
    expect(await soldFor(asked.id)).toBe(500);
    expect(await soldFor(asked.id, scholarH)).toBe(500);

    // Sold to "someone else", nobody knows for how much; available again, it is no longer sold.
    const elsewhere = await createProduct(t.db, { seller, price: 300 });
    expect((await call('PUT', `/products/${elsewhere.id}/sold`, sellerH, { buyerId: null })).statusCode).toBe(
      200,
    );
    expect(await soldFor(elsewhere.id)).toBeUndefined();
    await call('PATCH', `/products/${haggled.id}/status`, sellerH, { status: 'available' });
    expect(await soldFor(haggled.id)).toBeUndefined();
  });

  it('deletes the product, its image rows and its files', async () => {
    const product = await listed();
    await editProductApi(product.id, validFields, [pngFile()]);
    const { product: two } = (
      await t.app.inject({ url: `/api/products/${product.id}`, headers: sellerH })
    ).json();
    const files = [...two.images, ...two.thumbnails];
    expect(files).toHaveLength(4);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: sellerH,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const url of files) expect(existsSync(diskPath(url))).toBe(false);
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, product.id))).toEqual(
      [],
    );
    expect((await t.app.inject({ url: `/api/products/${product.id}`, headers: sellerH })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: sellerH }))
        .statusCode,
    ).toBe(404);
  });
});

describe('uploads are streamed to disk, never held in memory', () => {
  const tmpRoot = () => path.join(t.config.dataDir, 'tmp');
  /** Temporary upload files and their sizes (a file may vanish while we look). */
  function tmpFiles(): Array<{ file: string; size: number }> {
    if (!existsSync(tmpRoot())) return [];
    const found = [];
    for (const f of readdirSync(tmpRoot(), { recursive: true }) as string[]) {
      try {
        const info = statSync(path.join(tmpRoot(), f));
        if (info.isFile()) found.push({ file: f, size: info.size });
      } catch {
        // removed meanwhile
      }
    }
    return found;
  }
  async function until(what: string, check: () => boolean, ms = 10_000) {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  let h: Headers;
  beforeAll(async () => {
    // A seller of their own: the upload limit counts per user.
    h = await authAs(t, await createUser(t.db, { role: 'hosteller', name: 'Una Uploader' }));
  });

  it('product uploads buffered in memory: a half-sent photo is already on disk, and removed when the client hangs up', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = '----campusrunHalfSent';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nDesk\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    const sent = 3 * 1024 * 1024;
    const answered = vi.fn();
    const req = http.request(`${base}/api/products`, {
      method: 'POST',
      headers: {
        ...h,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // The client announces 4.5 MB and stops after 3.
        'content-length': String(head.length + 4.5 * 1024 * 1024 + 100),
      },
    });
    req.on('response', answered);
    req.on('error', () => undefined);
    req.write(head);
    req.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(sent - 4)]));
    try {
      // A busy machine (the whole suite on two cores) can take a while to flush 3 MB to disk.
      await until(
        'the bytes sent so far are in a temporary file',
        () => tmpFiles().some((f) => f.size === sent),
        40_000,
      );
    } finally {
      req.destroy();
    }
    await until('the temporary file is removed', () => tmpFiles().length === 0);
    expect(answered).not.toHaveBeenCalled();
  }, 90_000);

  it('leaves no temporary file after a listing, an edit, a photo over the limit or a damaged photo', async () => {
    const created = await createProductApi(h);
    expect(created.statusCode).toBe(201);
    const { product } = created.json() as { product: Product };
    const edited = await send('PUT', `/api/products/${product.id}`, h, validFields, [
      pngFile(),
      pngFile(png, 'b.png'),
    ]);
    expect(edited.statusCode).toBe(200);
    const big = {
      filename: 'big.jpg',
      contentType: 'image/jpeg',
      data: Buffer.concat([Buffer.from([0xff, 0xd8]), randomBytes(6 * 1024 * 1024)]),
    };
    const tooBig = await createProductApi(h, validFields, [big]);
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, 'Image size should be less than 5MB']);
    const damaged = await createProductApi(h, validFields, [pngFile(await truncatedPng(), 'cut.png')]);
    expect([damaged.statusCode, damaged.json().message]).toEqual([415, PRODUCT_MESSAGES.imageCorrupt]);
    expect(existsSync(tmpRoot())).toBe(true);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('API description', () => {
  it('documents the product endpoints, the multipart bodies included', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/products/{id}/status']),
    );
    expect(Object.keys(doc.paths['/api/products'].post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/products/{id}'].put.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
  });
});

describe('demo seed', () => {
  it('lists 12 products with generated photos for the demo hostellers, once', async () => {
    const a = await createUser(t.db, { role: 'hosteller', name: 'Demo A' });
    const b = await createUser(t.db, { role: 'hosteller', name: 'Demo B' });
    const service = createProductsService(
      { db: t.db, log: t.app.log },
      createLocalStorage(uploads),
      noSettlements,
    );
    const before = filesOnDisk().length;
    expect(await seedDemoProducts({ db: t.db, service, sellers: [a, b] })).toBe(12);
    expect(filesOnDisk().length - before).toBe(24);
    const mine = async (sellerId: string) =>
      (await t.app.inject({ url: `/api/products?sellerId=${sellerId}&status=all`, headers: otherH })).json()
        .products as Product[];
    const all = [...(await mine(a.id)), ...(await mine(b.id))];
    expect(all).toHaveLength(12);
    expect(all.filter((p) => p.status === 'sold')).toHaveLength(1);
    expect(all.filter((p) => p.status === 'reserved')).toHaveLength(1);
    expect(new Set(all.map((p) => p.category)).size).toBeGreaterThanOrEqual(8);
    const meta = await sharp(diskPath(all[0]!.images[0]!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 900]);
    expect(await seedDemoProducts({ db: t.db, service, sellers: [a, b] })).toBe(0);
  });
});
