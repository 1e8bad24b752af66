/**
 * A listing's lifetime: thirty days after it was listed, edited, renewed or bumped it leaves every
 * list and search (its seller keeps it, and its link says "Expired"); the seller renews it, or bumps
 * it to the top of "Newest" once every 72 hours; three days before the end the seller is told once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_LIFETIME, PRODUCT_MESSAGES, type Product } from '@campusrun/shared';
import { products } from '../../db/schema';
import { createEvents, type AppEvent } from '../../lib/events';
import { createLocalStorage } from '../../lib/storage';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser } from '../../test/factories';
import { createProductsService } from './products.service';

let t: TestApp;
type Headers = Record<string, string>;
let seller: Awaited<ReturnType<typeof createUser>>;
let sellerH: Headers;
let otherH: Headers;
let buyerH: Headers;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
  seller = await createUser(t.db, { role: 'hosteller', name: 'Lena Lifetime' });
  sellerH = await authAs(t, seller);
  otherH = await authAs(t, await createUser(t.db, { role: 'hosteller', name: 'Oscar Other' }));
  buyerH = await authAs(t, await createUser(t.db, { role: 'dayscholar', name: 'Bea Buyer' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });
const expire = (id: string, at = new Date(Date.now() - HOUR)) =>
  t.db.update(products).set({ expiresAt: at }).where(eq(products.id, id));
const listIds = async (query: string, headers: Headers = buyerH) => {
  const res = await call('GET', `/products?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { products: Product[] }).products.map((p) => p.id);
};
const productOf = async (id: string, headers: Headers = buyerH) =>
  (await call('GET', `/products/${id}`, headers)).json().product as Product;

describe('an expired listing', () => {
  it('leaves the marketplace, its search and other members’ view of the profile, but stays open by its link', async () => {
    const live = await createProduct(t.db, { seller, name: 'Lifetime lamp live' });
    const old = await createProduct(t.db, { seller, name: 'Lifetime lamp expired' });
    await expire(old.id);

    for (const query of ['', 'search=Lifetime', `sellerId=${seller.id}`, 'category=other&sort=price-low']) {
      const ids = await listIds(`${query}&limit=100`);
      expect(ids, query).toContain(live.id);
      expect(ids, query).not.toContain(old.id);
    }
    const profile = (await call('GET', `/users/${seller.id}/profile`, buyerH)).json().profile;
    expect(profile.listings.map((p: Product) => p.id)).not.toContain(old.id);

    const byLink = await productOf(old.id);
    expect(byLink).toMatchObject({ id: old.id, expired: true });
    expect((await productOf(live.id)).expired).toBe(false);
  });

  it('stays on its seller’s own list and profile, marked expired', async () => {
    const old = await createProduct(t.db, { seller, name: 'Seller keeps this' });
    await expire(old.id);
    const own = (await call('GET', `/products?sellerId=${seller.id}&limit=100`, sellerH)).json().products;
    expect(own.find((p: Product) => p.id === old.id)).toMatchObject({ expired: true });
    const profile = (await call('GET', `/users/${seller.id}/profile`, sellerH)).json().profile;
    expect(profile.listings.map((p: Product) => p.id)).toContain(old.id);
  });

  it('takes no offer until it is renewed', async () => {
    const old = await createProduct(t.db, {
      seller,
      name: 'Negotiable chair',
      isNegotiable: true,
      price: 500,
    });
    await expire(old.id);
    const refused = await call('POST', `/products/${old.id}/offers`, buyerH, { amount: 400 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PRODUCT_MESSAGES.expired);
    expect((await call('POST', `/products/${old.id}/renew`, sellerH)).statusCode).toBe(200);
    expect((await call('POST', `/products/${old.id}/offers`, buyerH, { amount: 400 })).statusCode).toBe(201);
  });
});

describe('POST /api/products/:id/renew', () => {
  it('gives the seller’s listing thirty more days and puts an expired one back in the lists', async () => {
    const old = await createProduct(t.db, { seller, name: 'Renewed kettle' });
    await expire(old.id);
    const res = await call('POST', `/products/${old.id}/renew`, sellerH);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json().product as Product;
    expect(renewed.expired).toBe(false);
    expect(Math.abs(Date.parse(renewed.expiresAt) - (Date.now() + PRODUCT_LIFETIME.days * DAY))).toBeLessThan(
      5 * 60_000,
    );
    expect(await listIds('search=Renewed')).toContain(old.id);
  });

  it('is the seller’s alone, and not for a sold product', async () => {
    const mine = await createProduct(t.db, { seller });
    expect((await call('POST', `/products/${mine.id}/renew`, otherH)).statusCode).toBe(403);
    expect((await call('POST', `/products/${mine.id}/renew`, buyerH)).statusCode).toBe(403);
    expect((await call('POST', `/products/${crypto.randomUUID()}/renew`, sellerH)).statusCode).toBe(404);
    expect((await call('POST', `/products/not-an-id/renew`, sellerH)).statusCode).toBe(404);
    const sold = await createProduct(t.db, { seller, status: 'sold' });
    const refused = await call('POST', `/products/${sold.id}/renew`, sellerH);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PRODUCT_MESSAGES.renewSold);
  });

  it('an edit renews too', async () => {
    const old = await createProduct(t.db, { seller, name: 'Edited shelf', price: 300 });
    await expire(old.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${old.id}`,
      headers: { ...sellerH, 'content-type': 'multipart/form-data; boundary=x' },
      payload: [
        ['name', 'Edited shelf'],
        ['description', 'Still sturdy'],
        ['price', '250'],
      ]
        .map(([k, v]) => `--x\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('')
        .concat('--x--\r\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().product as Product).expired).toBe(false);
  });
});

describe('POST /api/products/:id/bump', () => {
  it('moves an available listing to the top of Newest once every 72 hours', async () => {
    const bumper = await createUser(t.db, { role: 'hosteller', name: 'Bumper' });
    const h = await authAs(t, bumper);
    const base = Date.now() - 10 * DAY;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createProduct(t.db, { seller: bumper, createdAt: new Date(base + i * HOUR) }));
    const oldest = made[0]!;
    expect((await listIds(`sellerId=${bumper.id}`))[0]).toBe(made[2]!.id);

    const res = await call('POST', `/products/${oldest.id}/bump`, h);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().product as Product).bumpedAt).toEqual(expect.any(String));
    expect(await listIds(`sellerId=${bumper.id}`)).toEqual([oldest.id, made[2]!.id, made[1]!.id]);
    // Listed order, not creation: the product's own "listed" date does not change.
    expect((await productOf(oldest.id)).createdAt).toBe(new Date(base).toISOString());

    const again = await call('POST', `/products/${oldest.id}/bump`, h);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'bumpTooSoon' });
    expect(again.json().message).toBe(PRODUCT_MESSAGES.bumpTooSoon(72));
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(71 * 3600);

    // 72 hours on, it may be bumped again.
    await t.db
      .update(products)
      .set({ bumpedAt: new Date(Date.now() - 73 * HOUR) })
      .where(eq(products.id, oldest.id));
    expect((await call('POST', `/products/${oldest.id}/bump`, h)).statusCode).toBe(200);
  });

  it('two bumps at once make one', async () => {
    const p = await createProduct(t.db, { seller });
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/products/${p.id}/bump`, sellerH)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('is the seller’s alone, and only while available', async () => {
    const p = await createProduct(t.db, { seller });
    expect((await call('POST', `/products/${p.id}/bump`, otherH)).statusCode).toBe(403);
    expect((await call('POST', `/products/${p.id}/bump`, buyerH)).statusCode).toBe(403);
    const reserved = await createProduct(t.db, { seller, status: 'reserved' });
    const refused = await call('POST', `/products/${reserved.id}/bump`, sellerH);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: 'notAvailable',
      message: PRODUCT_MESSAGES.bumpNotAvailable,
    });
  });

  it('keeps paging stable: a product bumped while someone pages through Newest shows once', async () => {
    const shop = await createUser(t.db, { role: 'hosteller', name: 'Pager' });
    const h = await authAs(t, shop);
    const base = Date.now() - 5 * DAY;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await createProduct(t.db, { seller: shop, createdAt: new Date(base + i * HOUR) })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const res = await call(
        'GET',
        `/products?sellerId=${shop.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        buyerH,
      );
      const body = res.json() as { products: Product[]; nextCursor: string | null };
      seen.push(...body.products.map((p) => p.id));
      cursor = body.nextCursor;
      // After the first page: one product already seen and one not yet reached are bumped.
      if (page++ === 0) {
        expect((await call('POST', `/products/${seen[0]}/bump`, h)).statusCode).toBe(200);
        expect((await call('POST', `/products/${ids[0]}/bump`, h)).statusCode).toBe(200);
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // The two bumped ones are now first, in the order they were bumped.
    expect(await listIds(`sellerId=${shop.id}&limit=2`)).toEqual([ids[0], seen[0]]);
  });
});

describe('the warning three days before', () => {
  const sweep = async () => {
    const events = createEvents({ error: () => {} });
    const told: Extract<AppEvent, { type: 'users.noticed' }>[] = [];
    events.on((e) => {
      if (e.type === 'users.noticed') told.push(e);
    });
    const service = createProductsService(
      { db: t.db, log: t.app.log, events },
      createLocalStorage(t.config.dataDir),
      {
        settlementWrites: { releaseSale: async () => [] },
      },
    );
    await service.warnExpiring();
    return told;
  };

  it('tells the seller once per end, and again after a renewal brings a new end', async () => {
    const warnee = await createUser(t.db, { role: 'hosteller', name: 'Warned Seller' });
    const soon = await createProduct(t.db, { seller: warnee, name: 'Ending soon' });
    const later = await createProduct(t.db, { seller: warnee, name: 'Ending later' });
    const sold = await createProduct(t.db, { seller: warnee, name: 'Sold one', status: 'sold' });
    const held = await createProduct(t.db, { seller: warnee, name: 'Held one' });
    await t.db.update(products).set({ moderation: 'held' }).where(eq(products.id, held.id));
    for (const p of [soon, sold, held]) await expire(p.id, new Date(Date.now() + 2 * DAY));
    await expire(later.id, new Date(Date.now() + 5 * DAY));

    const first = (await sweep()).filter((e) => e.userIds.includes(warnee.id));
    expect(first).toHaveLength(1);
    expect(first[0]!.notice).toMatchObject({
      type: 'product',
      message: `Ending soon expires in ${PRODUCT_LIFETIME.warnDays} days. Renew it to keep it listed`,
      data: { productId: soon.id },
    });
    expect((await sweep()).filter((e) => e.userIds.includes(warnee.id))).toHaveLength(0);

    // Renewed, then near its new end: told again.
    const h = await authAs(t, warnee);
    expect((await call('POST', `/products/${soon.id}/renew`, h)).statusCode).toBe(200);
    await t.db
      .update(products)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(products.id, soon.id));
    expect((await sweep()).filter((e) => e.userIds.includes(warnee.id))).toHaveLength(1);
  });
});
