/**
 * Campus price guidance (GET /products/price-guide): which sales count, the figures, what never
 * leaves the server, bad input, and the per-account limit.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICE_GUIDE_LIMITS,
  PRICE_GUIDE_MESSAGES,
  charactersNotAllowed,
  type ProductCategory,
} from '@campusrun/shared';
import { products } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser } from '../../test/factories';

type Headers = Record<string, string>;
type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let seller: User;
let buyer: User;
let sellerH: Headers;
let buyerH: Headers;
let scholarH: Headers;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createUser(t.db, { role: 'hosteller', name: 'Sita Seller' });
  buyer = await createUser(t.db, { role: 'hosteller', name: 'Bala Buyer' });
  sellerH = await authAs(t, seller);
  buyerH = await authAs(t, buyer);
  scholarH = await authAs(t, await createUser(t.db, { role: 'dayscholar', name: 'Divya Day' }));
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A word no other test uses (letters only), so each test reads only its own sales. */
const uniqueWord = (stem: string) =>
  `${stem}${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/**
 * A product sold (to `to`, a named member, unless null: "someone else") `daysAgo` days ago, at its
 * listing price `price` (rupees), written as the sale leaves it.
 */
async function sale(opts: {
  name: string;
  price: number;
  category?: ProductCategory;
  by?: User;
  to?: User | null;
  daysAgo?: number;
}) {
  const product = await createProduct(t.db, {
    seller: opts.by ?? seller,
    name: opts.name,
    price: opts.price,
    category: opts.category ?? 'cycles',
    status: 'sold',
  });
  await t.db
    .update(products)
    .set({
      buyerId: opts.to === null ? null : (opts.to ?? buyer).id,
      soldAt: new Date(Date.now() - (opts.daysAgo ?? 10) * DAY),
    })
    .where(eq(products.id, product.id));
  return product;
}

const guide = (query: Record<string, string>, headers: Headers = sellerH) =>
  t.app.inject({
    method: 'GET',
    url: `/api/products/price-guide?${new URLSearchParams(query).toString()}`,
    headers,
  });

/** The guide for a name in a category (200 expected). */
async function guideFor(name: string, category = 'cycles', extra: Record<string, string> = {}) {
  const res = await guide({ category, name, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().guide as { low: number; high: number; median: number; count: number } | null;
}

describe('GET /api/products/price-guide', () => {
  it('says nothing below three sales; from three, lowest to highest, the median and the count', async () => {
    const word = uniqueWord('ladybird');
    await sale({ name: `${word} cycle`, price: 2000 });
    await sale({ name: `Old ${word}`, price: 1500 });
    expect(await guideFor(word)).toBeNull();

    await sale({ name: `${word} with basket`, price: 2600 });
    expect(await guideFor(word)).toEqual({ low: 1500, high: 2600, median: 2000, count: 3 });
    // Day scholars read it too (every member).
    expect((await guide({ category: 'cycles', name: word }, scholarH)).json().guide).toMatchObject({
      count: 3,
    });
  });

  it('from five sales the range is the middle half (25th to 75th percentile)', async () => {
    const word = uniqueWord('hero');
    for (const price of [1000, 1800, 2200, 2600, 5000]) await sale({ name: `${word} cycle`, price });
    expect(await guideFor(word)).toEqual({ low: 1800, high: 2600, median: 2200, count: 5 });

    // Two more: the quartiles fall between sales, rounded to whole rupees.
    await sale({ name: `${word} cycle`, price: 2000 });
    await sale({ name: `${word} cycle`, price: 2400.5 });
    // 1000, 1800, 2000, 2200, 2400.50, 2600, 5000: quartiles at 1900 and 2500.25.
    expect(await guideFor(word)).toEqual({ low: 1900, high: 2500, median: 2200, count: 7 });
  });

  it('counts only products sold to a named member in the last year, of the category, with a word of the name', async () => {
    const word = uniqueWord('casio');
    for (const price of [450, 500, 550])
      await sale({ name: `${word} calculator`, price, category: 'electronics' });
    const expected = { low: 450, high: 550, median: 500, count: 3 };
    expect(await guideFor(`${word} fx-991EX`, 'electronics')).toEqual(expected);

    // None of these count, whatever their price.
    await sale({ name: `${word} calculator`, price: 9000, category: 'stationery' }); // another category
    await sale({ name: 'Scientific calculator', price: 9000, category: 'electronics' }); // no word in common
    const described = await sale({ name: 'Graphing calculator', price: 9000, category: 'electronics' });
    await t.db // the word in its description only: not a similar name
      .update(products)
      .set({ description: `Better than a ${word}` })
      .where(eq(products.id, described.id));
    await sale({ name: `${word} calculator`, price: 9000, category: 'electronics', to: null }); // someone else
    await sale({ name: `${word} calculator`, price: 9000, category: 'electronics', daysAgo: 366 }); // too old
    for (const status of ['available', 'reserved'] as const)
      await createProduct(t.db, {
        seller,
        name: `${word} calculator`,
        price: 9000,
        category: 'electronics',
        status,
      });
    const removed = await sale({ name: `${word} calculator`, price: 9000, category: 'electronics' });
    await t.db.update(products).set({ moderation: 'removed' }).where(eq(products.id, removed.id));

    expect(await guideFor(`${word} fx-991EX`, 'electronics')).toEqual(expected);
    // Still inside the year: it counts.
    await sale({ name: `${word} calculator`, price: 600, category: 'electronics', daysAgo: 360 });
    expect(await guideFor(`${word} fx-991EX`, 'electronics')).toMatchObject({ count: 4, high: 600 });
  });

  it('matches words as prefixes in any case, ignores one-letter words, and a name with no word says nothing', async () => {
    const word = uniqueWord('kettle');
    for (const price of [300, 350, 400])
      await sale({ name: `Electric ${word}`, price, category: 'room-essentials' });
    expect(await guideFor(`A ${word.slice(0, -2).toUpperCase()}`, 'room-essentials')).toMatchObject({
      count: 3,
    });
    // "a" and "b" are too short to match anything; "!!" is no word at all.
    expect(await guideFor('a b', 'room-essentials')).toBeNull();
    expect(await guideFor('!!', 'room-essentials')).toBeNull();
  });

  it("counts the seller's own sales, and leaves out the product being edited", async () => {
    const word = uniqueWord('guitar');
    const own = await sale({ name: `${word} acoustic`, price: 4000, category: 'musical', by: seller });
    const other = await createUser(t.db, { role: 'hosteller', name: 'Omar Other' });
    for (const price of [3000, 3500, 4500])
      await sale({ name: `${word} guitar`, price, category: 'musical', by: other });
    expect(await guideFor(word, 'musical')).toEqual({ low: 3000, high: 4500, median: 3750, count: 4 });
    expect(await guideFor(word, 'musical', { excludeId: own.id })).toEqual({
      low: 3000,
      high: 4500,
      median: 3500,
      count: 3,
    });
  });

  it('says the listing price, never a price agreed in an offer (that stays the two members’ own)', async () => {
    const word = uniqueWord('mattress');
    const call = (method: 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    for (const amount of [3100, 3200, 3300]) {
      const product = await createProduct(t.db, {
        seller,
        name: `${word} single`,
        price: 4000,
        category: 'furniture',
        isNegotiable: true,
      });
      const made = await call('POST', `/products/${product.id}/offers`, buyerH, { amount });
      expect(made.statusCode).toBe(201);
      expect((await call('PUT', `/offers/${made.json().offer.id}/accept`, sellerH)).statusCode).toBe(200);
      const sold = await call('PUT', `/products/${product.id}/sold`, sellerH, { buyerId: buyer.id });
      expect(sold.statusCode).toBe(200);
    }
    expect(await guideFor(word, 'furniture')).toEqual({ low: 4000, high: 4000, median: 4000, count: 3 });
  });

  it('answers the figures only: no product, seller or buyer', async () => {
    const word = uniqueWord('cooler');
    const sold = [];
    for (const price of [2500, 2700, 2900])
      sold.push(await sale({ name: `${word} air cooler`, price, category: 'room-essentials' }));
    const res = await guide({ category: 'room-essentials', name: word }, buyerH);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['guide']);
    expect(Object.keys(res.json().guide).sort()).toEqual(['count', 'high', 'low', 'median']);
    for (const secret of [seller.id, buyer.id, 'Sita', 'Bala', word, ...sold.map((p) => p.id)])
      expect(res.body).not.toContain(secret);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: 'Hero cycle' }, 'category', 'Category is required'],
      [{ category: 'spaceships', name: 'Hero cycle' }, 'category', PRICE_GUIDE_MESSAGES.categoryInvalid],
      [{ category: 'cycles' }, 'name', PRICE_GUIDE_MESSAGES.nameRequired],
      [{ category: 'cycles', name: '' }, 'name', PRICE_GUIDE_MESSAGES.nameRequired],
      [
        { category: 'cycles', name: 'x'.repeat(PRICE_GUIDE_LIMITS.nameMax + 1) },
        'name',
        PRICE_GUIDE_MESSAGES.nameTooLong,
      ],
      [{ category: 'cycles', name: 'Hero\u0000cycle' }, 'name', charactersNotAllowed('Product name')],
      [
        { category: 'cycles', name: 'Hero', excludeId: 'not-an-id' },
        'excludeId',
        PRICE_GUIDE_MESSAGES.excludeIdInvalid,
      ],
    ];
    for (const [query, param, msg] of cases) {
      const res = await guide(query, buyerH);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().errors, JSON.stringify(query)).toEqual([{ param, msg }]);
    }
    // A well-formed id of nothing is simply left out.
    expect(
      (await guide({ category: 'cycles', name: 'Hero', excludeId: randomUUID() }, buyerH)).statusCode,
    ).toBe(200);
  });

  it('is for members only: signed out is 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/price-guide?category=cycles&name=Hero',
    });
    expect(res.statusCode).toBe(401);
  });

  it(`allows ${PRICE_GUIDE_LIMITS.perMinute} look-ups a minute per account, then 429; other members are not held back`, async () => {
    const eager = await authAs(t, await createUser(t.db, { role: 'hosteller', name: 'Eager Typist' }));
    const neighbour = await authAs(t, await createUser(t.db, { role: 'hosteller', name: 'Same Wi-Fi' }));
    for (let i = 0; i < PRICE_GUIDE_LIMITS.perMinute; i++)
      expect((await guide({ category: 'cycles', name: `Hero ${i}` }, eager)).statusCode).toBe(200);
    const refused = await guide({ category: 'cycles', name: 'Hero' }, eager);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'rateLimited' });
    // Bad input counts too (the limit is spent before the query is read).
    expect((await guide({ category: 'nope', name: '' }, eager)).statusCode).toBe(429);
    expect((await guide({ category: 'cycles', name: 'Hero' }, neighbour)).statusCode).toBe(200);
  });
});
