import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createRequest, createUser } from '../../test/factories';
import { completedRequest, memberCalls } from '../../test/member-calls';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /hosteller/stats', () => {
  it('counts my requests by status and my products on sale and sold', async () => {
    const me = await createUser(t.db, { role: 'hosteller' });
    const someoneElse = await createUser(t.db, { role: 'hosteller' });
    const ds = await createUser(t.db, { role: 'dayscholar' });
    await createRequest(t.db, { requester: me });
    await createRequest(t.db, { requester: me });
    await createRequest(t.db, { requester: me, deliverer: ds, status: 'accepted' });
    await createRequest(t.db, { requester: me, deliverer: ds, status: 'completed' });
    await createRequest(t.db, { requester: me, status: 'cancelled' });
    await createRequest(t.db, { requester: someoneElse });
    await createProduct(t.db, { seller: me, status: 'available' });
    await createProduct(t.db, { seller: me, status: 'available' });
    await createProduct(t.db, { seller: me, status: 'reserved' });
    await createProduct(t.db, { seller: me, status: 'sold' });
    await createProduct(t.db, { seller: someoneElse, status: 'sold' });

    expect(await get('/api/hosteller/stats', await authAs(t, me))).toEqual({
      stats: {
        pendingRequests: 2,
        acceptedRequests: 1,
        completedRequests: 1,
        cancelledRequests: 1,
        activeProducts: 2,
        soldProducts: 1,
      },
    });
  });

  it('is all zeros for a new hosteller', async () => {
    const me = await createUser(t.db, { role: 'hosteller' });
    const { stats } = await get('/api/hosteller/stats', await authAs(t, me));
    expect(Object.values(stats)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('GET /dayscholar/stats', () => {
  it('counts my deliveries, what I could accept, and earnings from completed deliveries only', async () => {
    const me = await createUser(t.db, { role: 'dayscholar' });
    const rival = await createUser(t.db, { role: 'dayscholar' });
    const owner = await createUser(t.db, { role: 'hosteller' });
    const h = await authAs(t, me);
    const before = (await get('/api/dayscholar/stats', h)).stats.availableRequests as number;

    await createRequest(t.db, { requester: owner, deliverer: me, status: 'accepted', expectedPrice: 500 });
    await createRequest(t.db, { requester: owner, deliverer: me, status: 'completed', expectedPrice: 49.5 });
    await createRequest(t.db, {
      requester: owner,
      deliverer: me,
      status: 'completed',
      expectedPrice: 100.25,
    });
    await createRequest(t.db, { requester: owner, deliverer: me, status: 'cancelled', expectedPrice: 700 });
    await createRequest(t.db, { requester: owner, deliverer: rival, status: 'completed', expectedPrice: 80 });
    await createRequest(t.db, { requester: owner });
    await createRequest(t.db, { requester: owner });
    await createRequest(t.db, { requester: owner, deadline: new Date(Date.now() - 1000) });
    await createRequest(t.db, { requester: me });

    expect(await get('/api/dayscholar/stats', h)).toEqual({
      stats: {
        pendingDeliveries: 1,
        completedDeliveries: 2,
        cancelledDeliveries: 1,
        availableRequests: before + 2,
        totalEarnings: 149.75,
        totalTips: 0,
      },
    });
  });

  it('earnings follow a delivery completed through the API', async () => {
    const me = await createUser(t.db, { role: 'dayscholar' });
    const owner = await createUser(t.db, { role: 'hosteller' });
    const h = await authAs(t, me);
    const request = await createRequest(t.db, { requester: owner, expectedPrice: 35 });
    await t.app.inject({ method: 'PUT', url: `/api/requests/${request.id}/accept`, headers: h });
    expect((await get('/api/dayscholar/stats', h)).stats).toMatchObject({
      pendingDeliveries: 1,
      totalEarnings: 0,
    });
    await t.app.inject({ method: 'PUT', url: `/api/requests/${request.id}/deliver`, headers: h });
    expect((await get('/api/dayscholar/stats', h)).stats).toMatchObject({
      pendingDeliveries: 0,
      completedDeliveries: 1,
      totalEarnings: 35,
    });
  });
});

describe('tips on the day scholar dashboard', () => {
  const { put } = memberCalls(() => t);

  it('are counted apart from the fees, of completed deliveries only', async () => {
    const me = await createUser(t.db, { role: 'dayscholar' });
    const owner = await createUser(t.db, { role: 'hosteller' });
    const other = await createUser(t.db, { role: 'dayscholar' });
    const settlementOf = async (requestId: string) =>
      (await get(`/api/settlements/for?kind=request&targetId=${requestId}`, await authAs(t, owner)))
        .settlement.id as string;
    const tip = async (requestId: string, amount: number) =>
      expect(
        (await put(owner, `/settlements/${await settlementOf(requestId)}/tip`, { tip: amount })).statusCode,
      ).toBe(200);

    const first = await completedRequest(t, owner, me, { expectedPrice: 40, itemCost: 80 });
    const second = await completedRequest(t, owner, me, { expectedPrice: 30, itemCost: null });
    await completedRequest(t, owner, me, { expectedPrice: 25, itemCost: null });
    const theirs = await completedRequest(t, owner, other, { expectedPrice: 50, itemCost: null });
    await tip(first.id, 20);
    await tip(second.id, 50);
    await tip(theirs.id, 500);

    expect((await get('/api/dayscholar/stats', await authAs(t, me))).stats).toMatchObject({
      completedDeliveries: 3,
      totalEarnings: 95,
      totalTips: 70,
    });
  });
});

describe('GET /hosteller/products/recent', () => {
  it('lists my newest products with rupee prices and image URLs, 5 by default', async () => {
    const me = await createUser(t.db, { role: 'hosteller' });
    const other = await createUser(t.db, { role: 'hosteller' });
    for (let i = 0; i < 6; i++)
      await createProduct(t.db, {
        seller: me,
        name: `Thing ${i}`,
        price: 99.99,
        status: i === 5 ? 'sold' : 'available',
        createdAt: new Date(Date.now() - (6 - i) * 1000),
        images: i === 5 ? 2 : 0,
      });
    await createProduct(t.db, { seller: other, name: 'Not mine' });
    const h = await authAs(t, me);
    const { products } = await get('/api/hosteller/products/recent', h);
    expect(products.map((p: { name: string }) => p.name)).toEqual([
      'Thing 5',
      'Thing 4',
      'Thing 3',
      'Thing 2',
      'Thing 1',
    ]);
    expect(products[0]).toEqual({
      id: expect.any(String),
      name: 'Thing 5',
      price: 99.99,
      status: 'sold',
      createdAt: expect.any(String),
      images: [expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/), expect.any(String)],
    });
    expect(products[1].images).toEqual([]);
    expect((await get('/api/hosteller/products/recent?limit=2', h)).products).toHaveLength(2);
  });
});
