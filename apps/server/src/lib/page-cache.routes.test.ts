/**
 * The shared pages (available requests, marketplace list and detail) through the API, with the page
 * cache on: a repeated page is the same answer, any write through the API shows at once on this
 * process, ETag/304, and what differs per viewer never reaches another viewer. Rows written straight
 * into the database (behind the services' back) show when a page is served from the cache.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryRequest, Product } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { authAs, createProduct, createRequest, createUser } from '../test/factories';
import { multipartBody, pngImage } from '../test/images';

let t: TestApp;
type Headers = Record<string, string>;
let hosteller: Awaited<ReturnType<typeof createUser>>;
let hostellerH: Headers;
let seller: Awaited<ReturnType<typeof createUser>>;
let sellerH: Headers;
let buyerH: Headers;
let ds1: Awaited<ReturnType<typeof createUser>>;
let ds1H: Headers;
let ds2H: Headers;

beforeAll(async () => {
  t = await buildTestApp({ pageCacheEntries: 100, requestSweepSeconds: 0 });
  hosteller = await createUser(t.db, { role: 'hosteller', name: 'Hema' });
  seller = await createUser(t.db, { role: 'hosteller', name: 'Sita Seller' });
  const buyer = await createUser(t.db, { role: 'hosteller', name: 'Bala Buyer' });
  ds1 = await createUser(t.db, { role: 'dayscholar', name: 'Dev' });
  const ds2 = await createUser(t.db, { role: 'dayscholar', name: 'Divya' });
  [hostellerH, sellerH, buyerH, ds1H, ds2H] = await Promise.all(
    [hosteller, seller, buyer, ds1, ds2].map((u) => authAs(t, u)),
  );
}, 60_000);
afterAll(() => t?.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const available = async (headers: Headers, query = '') => {
  const res = await get(`/dayscholar/requests/available${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res;
};
const itemNames = (res: { json(): { requests: DeliveryRequest[] } }) =>
  res.json().requests.map((r) => r.itemName);
const productNames = (res: { json(): { products: Product[] } }) => res.json().products.map((p) => p.name);

const inHours = (h: number) => new Date(Date.now() + h * 3600_000);
const postRequest = (itemName: string, deadline = inHours(3)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: hostellerH,
    payload: {
      itemName,
      description: 'Two of them',
      quantity: 1,
      expectedPrice: 40,
      deadline: deadline.toISOString(),
      deliveryLocation: 'Block A gate',
      isUrgent: false,
      category: 'other',
    },
  });

describe('available requests', () => {
  beforeEach(async () => {
    // Nothing of the previous case stays on the list (a write through the API drops the pages).
    const open = (await available(ds1H, '?limit=100')).json().requests as DeliveryRequest[];
    for (const r of open)
      await t.app.inject({ method: 'PUT', url: `/api/requests/${r.id}/cancel`, headers: hostellerH });
  });

  it('serves a repeated page from the cache, whatever the order of its parameters, with an ETag', async () => {
    expect((await postRequest('Milk')).statusCode).toBe(201);
    const first = await available(ds1H, '?limit=20&sort=newest');
    expect(itemNames(first)).toEqual(['Milk']);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    // A row written behind the services' back is not seen: the page comes from the cache.
    await createRequest(t.db, { requester: hosteller, itemName: 'Behind the back' });
    const again = await available(ds2H, '?sort=newest&limit=20');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('shows a new, accepted or cancelled request at once on this process', async () => {
    expect((await postRequest('Bread')).statusCode).toBe(201);
    expect(itemNames(await available(ds1H))).toContain('Bread');
    const eggs = (await postRequest('Eggs')).json().request as DeliveryRequest;
    expect(itemNames(await available(ds2H))).toEqual(['Eggs', 'Bread']);

    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${eggs.id}/accept`,
      headers: ds1H,
    });
    expect(accepted.statusCode).toBe(200);
    expect(itemNames(await available(ds2H))).toEqual(['Bread']);

    const cancelDelivery = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${eggs.id}/cancel-delivery`,
      headers: ds1H,
    });
    expect(cancelDelivery.statusCode).toBe(200);
    expect(itemNames(await available(ds2H))).toEqual(['Eggs', 'Bread']);
  });

  it('answers 304 without a body while the page is unchanged, and 200 once a write changed it', async () => {
    expect((await postRequest('Tea')).statusCode).toBe(201);
    const first = await available(ds1H);
    const etag = first.headers.etag as string;
    const same = await get('/dayscholar/requests/available', { ...ds2H, 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);

    expect((await postRequest('Coffee')).statusCode).toBe(201);
    const changed = await get('/dayscholar/requests/available', { ...ds1H, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(itemNames(changed)).toEqual(['Coffee', 'Tea']);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is the same page for every day scholar, with nothing of any one of them on it', async () => {
    expect((await postRequest('Pens')).statusCode).toBe(201);
    const one = await available(ds1H);
    const two = await available(ds2H);
    expect(two.body).toBe(one.body);
    const [pens] = one.json().requests as DeliveryRequest[];
    expect(pens).toMatchObject({
      contact: null,
      viewerHasRated: false,
      viewerRating: null,
      can: { accept: true, complete: false, cancel: false, cancelDelivery: false, chat: true },
    });
  });

  it('never lists a viewer’s own request, even on a page cached for everyone', async () => {
    // Only possible behind the API (day scholars do not ask), but the rule holds all the same.
    await createRequest(t.db, { requester: ds1, itemName: 'Own' });
    expect((await postRequest('Shared')).statusCode).toBe(201);
    expect(itemNames(await available(ds2H))).toEqual(['Shared', 'Own']);
    expect(itemNames(await available(ds1H))).toEqual(['Shared']);
    expect(itemNames(await available(ds2H))).toEqual(['Shared', 'Own']);
  });

  it('drops a request from the cached page when its deadline passes, before any sweep', async () => {
    expect((await postRequest('Soon', new Date(Date.now() + 1500))).statusCode).toBe(201);
    expect(itemNames(await available(ds1H))).toEqual(['Soon']);
    await new Promise((r) => setTimeout(r, 1600));
    expect(itemNames(await available(ds1H))).toEqual([]);
  });

  it('keeps no-store on answers that are not shared pages', async () => {
    expect((await get('/auth/me', ds1H)).headers['cache-control']).toBe('no-store');
    expect((await get('/dayscholar/deliveries/active', ds1H)).headers['cache-control']).toBe('no-store');
  });
});

describe('marketplace', () => {
  const listed = async (headers: Headers, name: string) => {
    const body = multipartBody(
      { name, description: 'In good shape', price: '100', category: 'other', condition: 'good' },
      [{ filename: 'photo.png', contentType: 'image/png', data: await pngImage(200, 150) }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().product as Product;
  };
  const list = async (headers: Headers, query = '?search=Desk') => {
    const res = await get(`/products${query}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    return res;
  };
  const canOf = (res: { json(): { products: Product[] } }, id: string) =>
    res.json().products.find((p) => p.id === id)!.can;
  const sellerCan = {
    edit: true,
    contact: false,
    markSold: true,
    delete: true,
    report: false,
    offer: false,
    save: false,
  };
  const buyerCan = {
    edit: false,
    contact: true,
    markSold: false,
    delete: false,
    report: true,
    offer: true,
    save: true,
  };

  it('shows a new, edited, sold or deleted product at once on this process', async () => {
    const lamp = await listed(sellerH, 'Desk lamp');
    expect(productNames(await list(buyerH))).toEqual(['Desk lamp']);
    const detail = await get(`/products/${lamp.id}`, buyerH);
    expect(detail.json().product.name).toBe('Desk lamp');

    const edit = multipartBody({ name: 'Desk lamp, LED', description: 'Brighter', price: '120' }, []);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${lamp.id}`,
      headers: { ...sellerH, ...edit.headers },
      payload: edit.payload,
    });
    expect(edited.statusCode).toBe(200);
    expect(productNames(await list(buyerH))).toEqual(['Desk lamp, LED']);
    expect((await get(`/products/${lamp.id}`, buyerH)).json().product).toMatchObject({
      name: 'Desk lamp, LED',
      price: 120,
    });

    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${lamp.id}/status`,
      headers: sellerH,
      payload: { status: 'sold' },
    });
    expect(sold.statusCode).toBe(200);
    expect(productNames(await list(buyerH))).toEqual([]);
    expect((await get(`/products/${lamp.id}`, buyerH)).json().product.status).toBe('sold');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${lamp.id}`,
      headers: sellerH,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/products/${lamp.id}`, buyerH)).statusCode).toBe(404);
  });

  it('gives the seller their own actions on a cached page and never to anyone else', async () => {
    const chair = await listed(sellerH, 'Desk chair');
    const other = await createProduct(t.db, { seller: hosteller, name: 'Desk fan' });
    // The fan was written behind the services' back; listing the mat drops the pages, so all three show.
    await listed(buyerH, 'Desk mat');
    const asBuyer = await list(buyerH);
    const asSeller = await list(sellerH);
    const asBuyerAgain = await list(buyerH);
    expect(asBuyerAgain.body).toBe(asBuyer.body);
    expect(canOf(asSeller, chair.id)).toEqual(sellerCan);
    expect(canOf(asSeller, other.id)).toEqual(buyerCan);
    expect(canOf(asBuyer, chair.id)).toEqual(buyerCan);
    // The seller's variant has an ETag of its own, and only matches the seller's copy.
    expect(asSeller.headers.etag).not.toBe(asBuyer.headers.etag);
    const sellerEtag = asSeller.headers.etag as string;
    expect((await get('/products?search=Desk', { ...sellerH, 'if-none-match': sellerEtag })).statusCode).toBe(
      304,
    );
    const buyerWithSellerEtag = await get('/products?search=Desk', {
      ...buyerH,
      'if-none-match': sellerEtag,
    });
    expect(buyerWithSellerEtag.statusCode).toBe(200);
    expect(canOf(buyerWithSellerEtag, chair.id)).toEqual(buyerCan);

    // The same on the detail, in both orders.
    const d1 = await get(`/products/${chair.id}`, sellerH);
    const d2 = await get(`/products/${chair.id}`, buyerH);
    const d3 = await get(`/products/${chair.id}`, sellerH);
    expect(d1.json().product.can).toEqual(sellerCan);
    expect(d2.json().product.can).toEqual(buyerCan);
    expect(d3.body).toBe(d1.body);
    expect(d2.headers.etag).not.toBe(d1.headers.etag);
    const d4 = await get(`/products/${chair.id}`, ds1H);
    expect(d4.body).toBe(d2.body);
  });

  it('answers 304 on the detail while unchanged, 200 after the seller changed it', async () => {
    const mug = await listed(sellerH, 'Desk mug');
    const first = await get(`/products/${mug.id}`, buyerH);
    const etag = first.headers.etag as string;
    expect((await get(`/products/${mug.id}`, { ...buyerH, 'if-none-match': etag })).statusCode).toBe(304);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${mug.id}/status`,
      headers: sellerH,
      payload: { status: 'reserved' },
    });
    const after = await get(`/products/${mug.id}`, { ...buyerH, 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().product.status).toBe('reserved');
  });

  it('answers 404 for unknown and malformed ids, never a cached page', async () => {
    expect((await get('/products/00000000-0000-4000-8000-000000000000', buyerH)).statusCode).toBe(404);
    expect((await get('/products/not-an-id', buyerH)).statusCode).toBe(404);
  });

  it('shows a renamed seller at once', async () => {
    const lamp = await listed(sellerH, 'Desk torch');
    expect((await get(`/products/${lamp.id}`, buyerH)).json().product.seller.name).toBe('Sita Seller');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: sellerH,
      payload: { name: 'Sita Rao', phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(`/products/${lamp.id}`, buyerH)).json().product.seller.name).toBe('Sita Rao');
  });
});
