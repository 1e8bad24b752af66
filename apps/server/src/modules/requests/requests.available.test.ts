import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { requests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

/** GET /dayscholar/requests/available: what a day scholar can accept, filtered, sorted and paged. */
let t: TestApp;
let owner: { id: string };
let other: { id: string };
let ds: { id: string };
let h: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, { role: 'hosteller', name: 'Owner' });
  other = await createUser(t.db, { role: 'hosteller', name: 'Other' });
  ds = await createUser(t.db, { role: 'dayscholar' });
  h = await authAs(t, ds as { id: string; tokenVersion: number });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(requests);
});

interface Item {
  id: string;
  itemName: string;
  expectedPrice: number;
}
async function list(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dayscholar/requests/available${query}`,
    headers: h,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { requests: Item[]; nextCursor: string | null };
}
const names = async (query = '') => (await list(query)).requests.map((r) => r.itemName);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('what is available', () => {
  it('lists pending requests with no deliverer and a future deadline, never my own', async () => {
    const helper = await createUser(t.db, { role: 'dayscholar' });
    await createRequest(t.db, { requester: owner, itemName: 'Open' });
    await createRequest(t.db, { requester: other, itemName: 'Also open' });
    await createRequest(t.db, { requester: owner, itemName: 'Taken', deliverer: helper, status: 'accepted' });
    await createRequest(t.db, { requester: owner, itemName: 'Done', deliverer: helper, status: 'completed' });
    await createRequest(t.db, { requester: owner, itemName: 'Called off', status: 'cancelled' });
    await createRequest(t.db, {
      requester: owner,
      itemName: 'Too late',
      deadline: new Date(Date.now() - 1000),
    });
    await createRequest(t.db, { requester: ds, itemName: 'Mine' });
    expect((await names()).sort()).toEqual(['Also open', 'Open']);
  });

  it('answers timestamps as ISO 8601 UTC with milliseconds, the same as the request itself', async () => {
    const { id } = await createRequest(t.db, { requester: owner, itemName: 'Timed' });
    // Microseconds and a far deadline: the list shows them cut to milliseconds, never rounded.
    await t.db.execute(
      sql`update requests set created_at = '2026-11-01 09:05:07.123999+00', deadline = '2099-01-02 03:04:05.9+00' where id = ${id}`,
    );
    const [item] = (await list()).requests as unknown as Array<Record<string, unknown>>;
    expect(item).toMatchObject({
      id,
      createdAt: '2026-11-01T09:05:07.123Z',
      deadline: '2099-01-02T03:04:05.900Z',
      acceptedAt: null,
    });
    // Accepting answers the row as the UPDATE returned it, written by the server itself.
    const accepted = await t.app.inject({ method: 'PUT', url: `/api/requests/${id}/accept`, headers: h });
    expect(accepted.json().request).toMatchObject({ createdAt: item!.createdAt, deadline: item!.deadline });
  });

  it('an empty list is an empty page', async () => {
    expect(await list()).toEqual({ requests: [], nextCursor: null });
  });
});

describe('search', () => {
  beforeEach(async () => {
    await createRequest(t.db, { requester: owner, itemName: 'Paracetamol', description: '500 mg strip' });
    await createRequest(t.db, { requester: owner, itemName: 'Milk', description: 'Amul toned, 1 litre' });
    await createRequest(t.db, { requester: owner, itemName: 'Blue pens', description: 'Pack of five' });
    await createRequest(t.db, { requester: owner, itemName: 'Café latte', description: 'From the canteen' });
  });

  it.each([
    ['para', ['Paracetamol']],
    ['PARACETAMOL', ['Paracetamol']],
    ['toned', ['Milk']],
    ['amul milk', ['Milk']],
    ['milk pens', []],
    ['pen', ['Blue pens']],
    ['café', ['Café latte']],
    ['500', ['Paracetamol']],
    ['bread', []],
  ])('%j matches word prefixes in the item name and description (all words)', async (search, expected) => {
    expect((await names(`?search=${encodeURIComponent(search)}`)).sort()).toEqual(expected);
  });

  it('ignores punctuation and operators instead of failing', async () => {
    for (const search of ["!!! & | :* ( ) ' \\", "milk' or 1=1 --", '%', '<->']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dayscholar/requests/available?search=${encodeURIComponent(search)}`,
        headers: h,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await names(`?search=${encodeURIComponent('(milk)!')}`)).toEqual(['Milk']);
    expect((await names(`?search=${encodeURIComponent('***')}`)).length).toBe(4);
  });

  it('an empty search means no search', async () => {
    expect((await names('?search=&location=&minFee=&maxFee=&sort=')).length).toBe(4);
  });
});

describe('location and fee filters', () => {
  beforeEach(async () => {
    await createRequest(t.db, {
      requester: owner,
      itemName: 'A',
      deliveryLocation: 'Block A gate',
      expectedPrice: 20,
    });
    await createRequest(t.db, {
      requester: owner,
      itemName: 'B',
      deliveryLocation: 'block b, 100% sure',
      expectedPrice: 49.5,
    });
    await createRequest(t.db, {
      requester: owner,
      itemName: 'C',
      deliveryLocation: 'Library',
      expectedPrice: 50,
    });
    await createRequest(t.db, {
      requester: owner,
      itemName: 'D',
      deliveryLocation: 'BLOCK C_2',
      expectedPrice: 300,
    });
  });

  it('filters the location by text, case-insensitively, with % and _ taken literally', async () => {
    expect((await names('?location=block')).sort()).toEqual(['A', 'B', 'D']);
    expect(await names('?location=LIBR')).toEqual(['C']);
    expect(await names(`?location=${encodeURIComponent('100%')}`)).toEqual(['B']);
    expect(await names(`?location=${encodeURIComponent('%')}`)).toEqual(['B']);
    expect(await names(`?location=${encodeURIComponent('C_2')}`)).toEqual(['D']);
    expect(await names(`?location=${encodeURIComponent('C_')}`)).toEqual(['D']);
    expect(await names(`?location=${encodeURIComponent('k_c')}`)).toEqual([]);
  });

  it('filters the fee in rupees, both bounds inclusive', async () => {
    expect((await names('?minFee=49.5')).sort()).toEqual(['B', 'C', 'D']);
    expect((await names('?maxFee=50')).sort()).toEqual(['A', 'B', 'C']);
    expect((await names('?minFee=49.5&maxFee=50')).sort()).toEqual(['B', 'C']);
    expect(await names('?minFee=301')).toEqual([]);
    expect(await names('?minFee=100&maxFee=10')).toEqual([]);
    expect((await list('?minFee=0')).requests.find((r) => r.itemName === 'B')!.expectedPrice).toBe(49.5);
  });

  it('refuses fees that are not numbers, and negative ones', async () => {
    for (const q of ['?minFee=abc', '?maxFee=-1', '?minFee=Infinity']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dayscholar/requests/available${q}`,
        headers: h,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('sort', () => {
  beforeEach(async () => {
    await createRequest(t.db, {
      requester: owner,
      itemName: 'old cheap',
      expectedPrice: 10,
      createdAt: minutesAgo(30),
    });
    await createRequest(t.db, {
      requester: owner,
      itemName: 'mid dear',
      expectedPrice: 90,
      createdAt: minutesAgo(20),
    });
    await createRequest(t.db, {
      requester: owner,
      itemName: 'new mid',
      expectedPrice: 40,
      createdAt: minutesAgo(10),
    });
    await createRequest(t.db, {
      requester: owner,
      itemName: 'newest dear',
      expectedPrice: 90,
      createdAt: minutesAgo(5),
    });
  });

  it.each([
    ['', ['newest dear', 'new mid', 'mid dear', 'old cheap']],
    ['newest', ['newest dear', 'new mid', 'mid dear', 'old cheap']],
    ['oldest', ['old cheap', 'mid dear', 'new mid', 'newest dear']],
    ['highestFee', ['newest dear', 'mid dear', 'new mid', 'old cheap']],
    ['lowestFee', ['old cheap', 'new mid', 'mid dear', 'newest dear']],
  ])('sort=%s', async (sort, expected) => {
    expect(await names(sort ? `?sort=${sort}` : '')).toEqual(expected);
  });

  it('refuses an unknown sort', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dayscholar/requests/available?sort=random',
      headers: h,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ param: 'sort', msg: 'Unknown sort' }]);
  });
});

describe('pagination', () => {
  /** Walks every page; answers the ids in order and the number of pages. */
  async function walk(query: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.requests.length).toBeLessThanOrEqual(limit);
      ids.push(...page.requests.map((r) => r.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    return { ids, pages };
  }

  it('visits every row exactly once in every sort, across equal dates and equal fees', async () => {
    const sameTime = minutesAgo(15);
    for (let i = 0; i < 11; i++)
      await createRequest(t.db, {
        requester: i % 2 ? owner : other,
        itemName: `Item ${i}`,
        expectedPrice: [20, 20, 35][i % 3],
        createdAt: i < 6 ? sameTime : minutesAgo(i),
      });
    for (const sort of ['newest', 'oldest', 'highestFee', 'lowestFee']) {
      const all = (await list(`?sort=${sort}&limit=100`)).requests.map((r) => r.id);
      const { ids, pages } = await walk(`sort=${sort}`, 3);
      expect(pages).toBe(4);
      expect(ids).toEqual(all);
      expect(new Set(ids).size).toBe(11);
    }
  });

  it('keeps the next page stable when an earlier row is accepted meanwhile', async () => {
    for (let i = 0; i < 6; i++)
      await createRequest(t.db, { requester: owner, itemName: `R${i}`, createdAt: minutesAgo(i) });
    const first = await list('?limit=3');
    expect(first.requests.map((r) => r.itemName)).toEqual(['R0', 'R1', 'R2']);
    const taker = await createUser(t.db, { role: 'dayscholar' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${first.requests[0]!.id}/accept`,
      headers: await authAs(t, taker),
    });
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    expect(second.requests.map((r) => r.itemName)).toEqual(['R3', 'R4', 'R5']);
    expect(second.nextCursor).toBeNull();
  });

  it('combines the cursor with the filters', async () => {
    for (let i = 0; i < 5; i++)
      await createRequest(t.db, {
        requester: owner,
        itemName: `Milk ${i}`,
        expectedPrice: 10 + i,
        createdAt: minutesAgo(i),
      });
    await createRequest(t.db, { requester: owner, itemName: 'Bread', expectedPrice: 99 });
    const { ids } = await walk('search=milk&minFee=11&sort=highestFee', 2);
    expect(ids).toHaveLength(4);
  });

  it("uses 50 by default and refuses a limit outside 1–100, a forged cursor and another sort's cursor", async () => {
    for (let i = 0; i < 55; i++) await createRequest(t.db, { requester: owner, createdAt: minutesAgo(i) });
    const page = await list();
    expect(page.requests).toHaveLength(50);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect((await list('?limit=100')).requests).toHaveLength(55);
    for (const q of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?cursor=abc',
      '?cursor=%27%3B--',
      `?cursor=${'A'.repeat(22)}x`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dayscholar/requests/available${q}`,
        headers: h,
      });
      expect([q, res.statusCode]).toEqual([q, 400]);
    }
    const otherSort = await t.app.inject({
      method: 'GET',
      url: `/api/dayscholar/requests/available?sort=highestFee&cursor=${page.nextCursor}`,
      headers: h,
    });
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json()).toMatchObject({ message: 'Invalid cursor' });

    // The row a cursor was taken from may go away; the next page still starts after it.
    await t.db.delete(requests).where(eq(requests.id, page.requests[49]!.id));
    const rest = await list(`?cursor=${page.nextCursor}`);
    expect(rest.requests.map((r) => r.id)).toHaveLength(5);
    expect(rest.requests.some((r) => page.requests.some((p) => p.id === r.id))).toBe(false);
    expect(rest.nextCursor).toBeNull();
  });
});
