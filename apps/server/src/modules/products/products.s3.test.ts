import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@campusrun/shared';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { createS3Storage } from '../../lib/storage-s3';
import { createTestDatabase, testConfig } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';
import { multipartBody, pngImage, type FormFile } from '../../test/images';
import { startS3TestServer } from '../../test/s3-server';
import { sweepOrphanUploads } from '../../lib/orphan-sweep';
import { productPhotos } from './products.sweep';

/** Two processes sharing one database and one bucket, as behind a load balancer. */
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let database: Database;
let one: App;
let two: App;
let headers: Record<string, string>;
let png: Buffer;
const dataDirs: string[] = [];

async function instance(overrides: Parameters<typeof testConfig>[0] = {}) {
  const config = testConfig({ s3: s3.config, ...overrides });
  dataDirs.push(config.dataDir);
  const app = await buildApp(config, database);
  await app.ready();
  return app;
}

beforeAll(async () => {
  s3 = await startS3TestServer();
  database = await createTestDatabase();
  one = await instance();
  two = await instance();
  const seller = await createUser(database.db, { role: 'hosteller', name: 'Bina Bucket' });
  headers = await authAs({ config: testConfig(), db: database.db }, seller);
  png = await pngImage();
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
  await s3?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const photo = (): FormFile => ({ filename: 'photo.png', contentType: 'image/png', data: png });
const fields = {
  name: 'Desk lamp',
  description: 'Warm light, works fine',
  price: '350',
  category: 'electronics',
};

async function send(app: App, method: 'POST' | 'PUT', url: string, form: Record<string, string | string[]>) {
  const body = multipartBody(form, [photo()]);
  return app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
const bucket = () => createS3Storage(s3.config);
const inBucket = async (url: string) => Boolean(await bucket().get(keyOf(url)));

describe('product photos in a bucket shared by two processes', () => {
  let product: Product;

  it('a photo uploaded through one process loads through the other, cached as immutable', async () => {
    const res = await send(one, 'POST', '/api/products', fields);
    expect(res.statusCode).toBe(201);
    product = res.json().product;
    expect(product.images[0]).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);

    for (const url of [product.images[0]!, product.thumbnails[0]!]) {
      const got = await two.inject({ method: 'GET', url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(got.headers['content-length'])).toBe(got.rawPayload.length);
      expect(got.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('answers HEAD with the headers and no body, without using up connections to the store', async () => {
    const url = product.thumbnails[0]!;
    const heads = await Promise.all(Array.from({ length: 60 }, () => two.inject({ method: 'HEAD', url })));
    for (const res of heads) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBe(0);
    }
    expect((await two.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('answers 404 (not 500) for a key the bucket does not hold, or a malformed one', async () => {
    for (const url of ['/uploads/products/00000000000000000000000000000000.webp', '/uploads/../x.webp']) {
      const res = await two.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND', reason: 'notFound' });
    }
  });

  it('removes a replaced photo from the bucket once the edit commits', async () => {
    const old = [product.images[0]!, product.thumbnails[0]!];
    const res = await send(two, 'PUT', `/api/products/${product.id}`, { ...fields, existingImages: '[]' });
    expect(res.statusCode).toBe(200);
    const edited: Product = res.json().product;
    expect(edited.images).toHaveLength(1);
    expect(edited.images[0]).not.toBe(old[0]);
    for (const url of old) expect(await inBucket(url)).toBe(false);
    expect((await one.inject({ method: 'GET', url: edited.images[0]! })).statusCode).toBe(200);
    product = edited;
  });

  it('removes every photo of a deleted product from the bucket', async () => {
    const urls = [...product.images, ...product.thumbnails];
    const res = await one.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers });
    expect(res.statusCode).toBe(204);
    for (const url of urls) {
      expect(await inBucket(url)).toBe(false);
      expect((await two.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('sweeps photos no product refers to, once old enough, and only on the process holding the lock', async () => {
    const kept: Product = (await send(one, 'POST', '/api/products', fields)).json().product;
    const orphan = 'products/0123456789abcdef0123456789abcdef.webp';
    await bucket().put(orphan, png, 'image/webp');

    // Younger than an hour: could be a photo whose product is still being saved.
    expect(await sweepOrphanUploads(database, bucket(), [productPhotos])).toBe(0);
    expect(await bucket().get(orphan)).toBeDefined();

    // Another process is sweeping: this one skips.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724243)`);
      expect(await sweepOrphanUploads(database, bucket(), [productPhotos], { minAgeMs: 0 })).toBeUndefined();
    });

    expect(await sweepOrphanUploads(database, bucket(), [productPhotos], { minAgeMs: 0 })).toBe(1);
    expect(await bucket().get(orphan)).toBeUndefined();
    for (const url of [...kept.images, ...kept.thumbnails]) expect(await inBucket(url)).toBe(true);
  });

  it('lists the bucket with no transaction open, on the connection holding its lock', async () => {
    /** The state of the connection that holds the sweep's advisory lock. */
    const lockHolder = async () => {
      const { rows } = await database.query(
        `select a.state from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.objid = 724243 and a.datname = current_database()`,
      );
      return (rows as { state: string }[]).map((r) => r.state);
    };
    const during: string[][] = [];
    const watched = {
      ...bucket(),
      async *list(prefix: string) {
        during.push(await lockHolder());
        yield* bucket().list(prefix);
      },
    };
    expect(await sweepOrphanUploads(database, watched, [productPhotos], { minAgeMs: 0 })).toBe(0);
    expect(during).toEqual([['idle']]);
  });

  it('points image URLs at S3_PUBLIC_URL when one is set', async () => {
    const cdn = await instance({ s3: { ...s3.config, publicUrl: 'https://cdn.example.edu/campusrun' } });
    try {
      const res = await send(cdn, 'POST', '/api/products', fields);
      expect(res.statusCode).toBe(201);
      const created: Product = res.json().product;
      expect(created.images[0]).toMatch(
        /^https:\/\/cdn\.example\.edu\/campusrun\/products\/[0-9a-f]{32}\.webp$/,
      );
      expect(
        await bucket().get(created.images[0]!.replace('https://cdn.example.edu/campusrun/', '')),
      ).toBeDefined();
    } finally {
      await cdn.close();
    }
  });

  it('is ready while the database and the bucket answer, and 503 when the bucket does not', async () => {
    const ready = await two.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });

    const broken = await instance({ s3: { ...s3.config, bucket: 'no-such-bucket' } });
    try {
      const res = await broken.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'failed' } });
      expect((await broken.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('two campuses sharing the bucket under their own S3_PREFIX', () => {
  const campuses: { app: App; database: Database; headers: Record<string, string>; prefix: string }[] = [];
  const raw = () => createS3Storage(s3.config);
  const north = () => campuses[0]!;
  const south = () => campuses[1]!;

  beforeAll(async () => {
    for (const prefix of ['north', 'south/campus']) {
      const config = testConfig({ s3: { ...s3.config, prefix } });
      dataDirs.push(config.dataDir);
      const campusDb = await createTestDatabase();
      const app = await buildApp(config, campusDb);
      await app.ready();
      const seller = await createUser(campusDb.db, { role: 'hosteller' });
      campuses.push({
        app,
        database: campusDb,
        headers: await authAs({ config, db: campusDb.db }, seller),
        prefix,
      });
    }
  });
  afterAll(async () => {
    for (const c of campuses) {
      await c.app.close();
      await c.database.close();
    }
  });

  const post = async (c: (typeof campuses)[number]) => {
    const body = multipartBody(fields, [photo()]);
    const res = await c.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...c.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().product as Product;
  };

  it("keeps each campus's photos under its prefix, out of the other's reach", async () => {
    const lamp = await post(north());
    const key = keyOf(lamp.images[0]!);
    expect(await raw().get(`${north().prefix}/${key}`)).toBeDefined();
    expect(await raw().get(key)).toBeUndefined();
    expect((await north().app.inject({ url: lamp.images[0]! })).statusCode).toBe(200);
    expect((await south().app.inject({ url: lamp.images[0]! })).statusCode).toBe(404);
  });

  it("the clean-up of one campus removes its own orphans and nothing of the other's", async () => {
    const northLamp = await post(north());
    const southLamp = await post(south());
    const orphan = 'products/fedcba9876543210fedcba9876543210.webp';
    for (const c of [north(), south()]) await raw().put(`${c.prefix}/${orphan}`, png, 'image/webp');

    expect(
      await sweepOrphanUploads(
        north().database,
        createS3Storage({ ...s3.config, prefix: north().prefix }),
        [productPhotos],
        {
          minAgeMs: 0,
        },
      ),
    ).toBe(1);

    expect(await raw().get(`${north().prefix}/${orphan}`)).toBeUndefined();
    expect(await raw().get(`${south().prefix}/${orphan}`)).toBeDefined();
    for (const [c, lamp] of [
      [north(), northLamp],
      [south(), southLamp],
    ] as const)
      for (const url of [...lamp.images, ...lamp.thumbnails])
        expect(await raw().get(`${c.prefix}/${keyOf(url)}`)).toBeDefined();
  });
});
