/**
 * Entity events over the socket (docs/decisions/0006-entity-events.md): who hears of a request or
 * a product changing, and who never does.
 */
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, DeliveryRequest, ServerToClientEvents } from '@campusrun/shared';
import { requests } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createProduct, createRequest, createUser, tokenFor } from '../test/factories';
import { multipartBody, pngImage } from '../test/images';
import { REALTIME_LIMITS } from './gateway';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Person = Awaited<ReturnType<typeof createUser>> & { token: string };

let t: TestApp;
let url: string;
const open: Client[] = [];

beforeAll(async () => {
  // The expiry sweep runs only when a test asks for it (below, in its own app).
  t = await buildTestApp({ requestSweepSeconds: 0 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

function client(token: string, at: string): Client {
  const s: Client = connect(at, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  open.push(s);
  return s;
}

const next = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 3000) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    s.once(
      event as 'request:updated',
      ((value: never) => {
        clearTimeout(timer);
        resolve(value);
      }) as never,
    );
  });

/** Everything `event` brings within `ms`, to prove something did not arrive. */
const collect = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 400) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0][]>((resolve) => {
    const got: Parameters<ServerToClientEvents[E]>[0][] = [];
    const handler = (v: never) => got.push(v);
    s.on(event as 'request:updated', handler as never);
    setTimeout(() => {
      s.off(event as 'request:updated', handler as never);
      resolve(got);
    }, ms);
  });

/** Every entity event a socket gets within `ms`. */
async function everything(s: Client, ms = 400) {
  const [updated, available, unavailable, listed, product, removed] = await Promise.all([
    collect(s, 'request:updated', ms),
    collect(s, 'request:available', ms),
    collect(s, 'request:unavailable', ms),
    collect(s, 'product:available', ms),
    collect(s, 'product:updated', ms),
    collect(s, 'product:removed', ms),
  ]);
  return [...updated, ...available, ...unavailable, ...listed, ...product, ...removed];
}

async function person(role: 'hosteller' | 'dayscholar', name?: string): Promise<Person> {
  const user = await createUser(t.db, { role, name });
  return { ...user, token: await tokenFor(t, user) };
}

async function online(user: { token: string }, at = url) {
  const s = client(user.token, at);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  // The server has run its connection handler (rooms joined) once it answers an event.
  await roundTrip(s);
  return s;
}

/** Resolves once the server has handled everything the socket sent before. */
async function roundTrip(s: Client) {
  const status = next(s, 'user:status');
  s.emit('user:check', []);
  await status;
}

const api = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  who: { token: string },
  payload?: object,
) =>
  t.app.inject({ method, url: `/api${path}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });

const newRequestBody = (itemName = 'Paracetamol') => ({
  itemName,
  expectedPrice: 40,
  deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
  deliveryLocation: 'Block A gate',
});

describe('request events', () => {
  it('a new request reaches every day scholar and its requester, never another hosteller', async () => {
    const h = await person('hosteller');
    const otherH = await person('hosteller');
    const d1 = await person('dayscholar');
    const d2 = await person('dayscholar');
    const [hs, otherHs, d1s, d2s] = await Promise.all([online(h), online(otherH), online(d1), online(d2)]);
    const toD1 = next(d1s, 'request:available');
    const toD2 = next(d2s, 'request:available');
    const toH = next(hs, 'request:updated');
    const hostellerHears = everything(otherHs);
    const requesterAvailable = collect(hs, 'request:available');

    const res = await api('POST', '/requests', h, newRequestBody());
    expect(res.statusCode).toBe(201);
    const id = res.json().request.id;

    const { request } = await toD1;
    expect(request).toMatchObject({
      id,
      status: 'pending',
      contact: null,
      can: { accept: true, cancel: false },
    });
    expect((await toD2).request.id).toBe(id);
    expect((await toH).request).toMatchObject({ id, can: { cancel: true, accept: false } });
    expect(await hostellerHears).toEqual([]);
    expect(await requesterAvailable).toEqual([]);
  });

  it('accepting: each party gets the request as they may see it; other day scholars hear it left; nobody else hears anything', async () => {
    const h = await person('hosteller', 'Hema');
    const d1 = await person('dayscholar', 'Dev');
    const d2 = await person('dayscholar');
    const third = await person('hosteller');
    const r = await createRequest(t.db, { requester: h });
    const [hs, d1s, d2s, thirds] = await Promise.all([online(h), online(d1), online(d2), online(third)]);
    const toH = next(hs, 'request:updated');
    const toD1 = next(d1s, 'request:updated');
    const gone = next(d2s, 'request:unavailable');
    const d1Unavailable = collect(d1s, 'request:unavailable');
    const d2Updated = collect(d2s, 'request:updated');
    const hUnavailable = collect(hs, 'request:unavailable');
    const thirdHears = everything(thirds);

    expect((await api('PUT', `/requests/${r.id}/accept`, d1)).statusCode).toBe(200);

    const forH = (await toH).request;
    expect(forH).toMatchObject({
      id: r.id,
      status: 'accepted',
      deliverer: { id: d1.id, name: 'Dev' },
      contact: null,
      counterpart: { id: d1.id },
      can: { cancel: true, chat: true, complete: false },
    });
    const forD1 = (await toD1).request;
    expect(forD1).toMatchObject({
      status: 'accepted',
      contact: { phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
      counterpart: { id: h.id, name: 'Hema' },
      can: { complete: true, cancelDelivery: true, accept: false, cancel: false },
    });
    expect(await gone).toEqual({ id: r.id });
    expect(await d1Unavailable).toEqual([]);
    expect(await d2Updated).toEqual([]);
    expect(await hUnavailable).toEqual([]);
    expect(await thirdHears).toEqual([]);
  });

  it('completion reaches the two parties only; a closed request is never pushed to anyone else', async () => {
    const h = await person('hosteller');
    const d1 = await person('dayscholar');
    const d2 = await person('dayscholar');
    const r = await createRequest(t.db, { requester: h, deliverer: d1, status: 'accepted' });
    const [hs, d1s, d2s] = await Promise.all([online(h), online(d1), online(d2)]);
    const toH = next(hs, 'request:updated');
    const toD1 = next(d1s, 'request:updated');
    const d2Hears = everything(d2s);

    const res = await api('PUT', `/requests/${r.id}/deliver`, d1, { deliveryNotes: 'At the gate' });
    expect(res.statusCode).toBe(200);

    expect((await toH).request).toMatchObject({ status: 'completed', can: { rate: true, cancel: false } });
    expect((await toD1).request).toMatchObject({
      status: 'completed',
      contact: null,
      ratingType: 'dayscholar_to_hosteller',
      can: { rate: true, complete: false },
    });
    expect(await d2Hears).toEqual([]);
  });

  it('a delivery given up: the request is back for every day scholar; the former deliverer sees it without contact', async () => {
    const h = await person('hosteller');
    const d1 = await person('dayscholar');
    const d2 = await person('dayscholar');
    const r = await createRequest(t.db, { requester: h, deliverer: d1, status: 'accepted' });
    const [hs, d1s, d2s] = await Promise.all([online(h), online(d1), online(d2)]);
    const toH = next(hs, 'request:updated');
    const toD1 = next(d1s, 'request:updated');
    const back = next(d2s, 'request:available');

    expect((await api('PUT', `/requests/${r.id}/cancel-delivery`, d1)).statusCode).toBe(200);

    expect((await toH).request).toMatchObject({ status: 'pending', deliverer: null, counterpart: null });
    expect((await toD1).request).toMatchObject({ status: 'pending', contact: null, can: { accept: true } });
    expect((await back).request).toMatchObject({ id: r.id, contact: null, can: { accept: true } });
  });

  it('cancelling a pending request withdraws it from every day scholar; a hosteller never hears of the list', async () => {
    const h = await person('hosteller');
    const otherH = await person('hosteller');
    const d1 = await person('dayscholar');
    const r = await createRequest(t.db, { requester: h });
    const [hs, otherHs, d1s] = await Promise.all([online(h), online(otherH), online(d1)]);
    const toH = next(hs, 'request:updated');
    const gone = next(d1s, 'request:unavailable');
    const hostellers = Promise.all([everything(otherHs), collect(hs, 'request:unavailable')]);

    expect((await api('PUT', `/requests/${r.id}/cancel`, h)).statusCode).toBe(200);

    expect((await toH).request).toMatchObject({ status: 'cancelled', can: { cancel: false } });
    expect(await gone).toEqual({ id: r.id });
    expect(await hostellers).toEqual([[], []]);
  });

  it('a profile that is not complete yet is not on the day scholars list', async () => {
    const h = await person('hosteller');
    const pending = await createUser(t.db, { role: 'dayscholar' });
    const { users } = await import('../db/schema');
    await t.db.update(users).set({ isProfileComplete: false }).where(eq(users.id, pending.id));
    const s = await online({ token: await tokenFor(t, pending) });
    const hears = collect(s, 'request:available');
    expect((await api('POST', '/requests', h, newRequestBody())).statusCode).toBe(201);
    expect(await hears).toEqual([]);
  });
});

describe('product events', () => {
  const status = (id: string, who: Person, value: 'available' | 'reserved' | 'sold') =>
    api('PATCH', `/products/${id}/status`, who, { status: value });

  it('goes to everyone watching the product, as a buyer sees it, and to every session of the seller, as theirs', async () => {
    const seller = await person('hosteller');
    const buyer = await person('dayscholar');
    const bystander = await person('hosteller');
    const product = await createProduct(t.db, { seller });
    const [sellerTab1, sellerTab2, buyerS, bystanderS] = await Promise.all([
      online(seller),
      online(seller),
      online(buyer),
      online(bystander),
    ]);
    buyerS.emit('product:watch', { id: product.id });
    await roundTrip(buyerS);
    const toBuyer = next(buyerS, 'product:updated');
    const toSeller1 = next(sellerTab1, 'product:updated');
    const toSeller2 = next(sellerTab2, 'product:updated');
    const sellerTwice = collect(sellerTab1, 'product:updated', 500);
    const bystanderHears = everything(bystanderS);

    expect((await status(product.id, seller, 'sold')).statusCode).toBe(200);

    expect((await toBuyer).product).toMatchObject({
      id: product.id,
      status: 'sold',
      can: { contact: true, edit: false, markSold: false, delete: false },
    });
    for (const got of [await toSeller1, await toSeller2])
      expect(got.product).toMatchObject({
        status: 'sold',
        can: { edit: true, contact: false, markSold: false },
      });
    expect(await sellerTwice).toHaveLength(1);
    expect(await bystanderHears).toEqual([]);
  });

  it('a new listing reaches every member live, but not its seller nor anyone blocked with them', async () => {
    const seller = await person('hosteller', 'Lata Lister');
    const hosteller = await person('hosteller');
    const day = await person('dayscholar');
    const blocker = await person('dayscholar');
    const blockedBySeller = await person('hosteller');
    expect((await api('POST', `/users/${seller.id}/block`, blocker)).statusCode).toBe(200);
    expect((await api('POST', `/users/${blockedBySeller.id}/block`, seller)).statusCode).toBe(200);
    const [sellerS, hS, dS, blockerS, blockedS] = await Promise.all(
      [seller, hosteller, day, blocker, blockedBySeller].map((u) => online(u)),
    );
    const toHosteller = next(hS, 'product:available');
    const toDay = next(dS, 'product:available');
    const silent = [sellerS, blockerS, blockedS].map((s) => collect(s, 'product:available', 800));

    const form = multipartBody(
      { name: 'Lady Bird cycle', description: 'Rides well, new brakes', price: '3000', category: 'other' },
      [{ filename: 'cycle.png', contentType: 'image/png', data: await pngImage() }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...bearer(seller.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().product.id as string;

    for (const got of [await toHosteller, await toDay])
      expect(got.product).toMatchObject({
        id,
        name: 'Lady Bird cycle',
        price: 3000,
        seller: { id: seller.id, name: 'Lata Lister', hostelBlock: 'Block A' },
        can: { contact: true, offer: true, edit: false },
        isSaved: false,
      });
    expect((await toDay).product.thumbnails).toHaveLength(1);
    for (const heard of await Promise.all(silent)) expect(heard).toEqual([]);
  });

  it('a deleted product is removed from watching screens and the seller’s; unwatching stops the updates', async () => {
    const seller = await person('hosteller');
    const buyer = await person('dayscholar');
    const leaver = await person('dayscholar');
    const product = await createProduct(t.db, { seller });
    const [sellerS, buyerS, leaverS] = await Promise.all([online(seller), online(buyer), online(leaver)]);
    for (const s of [buyerS, leaverS]) s.emit('product:watch', { id: product.id });
    leaverS.emit('product:unwatch', { id: product.id });
    await Promise.all([roundTrip(buyerS), roundTrip(leaverS)]);
    const toBuyer = next(buyerS, 'product:removed');
    const toSeller = next(sellerS, 'product:removed');
    const leaverHears = everything(leaverS);

    expect((await api('DELETE', `/products/${product.id}`, seller)).statusCode).toBe(204);

    expect(await toBuyer).toEqual({ id: product.id });
    expect(await toSeller).toEqual({ id: product.id });
    expect(await leaverHears).toEqual([]);
  });

  it('ignores malformed watches and watches past the per-socket bound', async () => {
    const seller = await person('hosteller');
    const buyer = await person('dayscholar');
    const product = await createProduct(t.db, { seller });
    const s = await online(buyer);
    for (const bad of [null, 'x', { id: 'not-a-uuid' }, { id: 42 }]) s.emit('product:watch', bad as never);
    for (let i = 0; i < REALTIME_LIMITS.watchMax; i++) s.emit('product:watch', { id: crypto.randomUUID() });
    s.emit('product:watch', { id: product.id });
    await roundTrip(s);
    const hears = collect(s, 'product:updated');
    expect((await status(product.id, seller, 'reserved')).statusCode).toBe(200);
    expect(await hears).toEqual([]);
  });
});

describe('expiry sweep', () => {
  let swept: TestApp;
  let sweptUrl: string;
  beforeAll(async () => {
    swept = await buildTestApp({ requestSweepSeconds: 1 });
    sweptUrl = await swept.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => swept.close());

  /** A pending request whose deadline has just passed while it was on the list. */
  async function expired(requester: { id: string }) {
    const r = await createRequest(swept.db, { requester });
    await swept.db
      .update(requests)
      .set({ deadline: new Date(Date.now() - 1000), updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(requests.id, r.id));
    return r;
  }

  it('takes an expired request off every day scholar’s list once, and shows it expired, repostable, to its requester', async () => {
    const mk = async (role: 'hosteller' | 'dayscholar') => {
      const user = await createUser(swept.db, { role });
      return { ...user, token: await tokenFor(swept, user) };
    };
    const h = await mk('hosteller');
    const d = await mk('dayscholar');
    const [hs, ds] = await Promise.all([online(h, sweptUrl), online(d, sweptUrl)]);
    const r = await expired(h);
    const gone = next(ds, 'request:unavailable', 5000);
    const toH = next(hs, 'request:updated', 5000);

    expect(await gone).toEqual({ id: r.id });
    expect((await toH).request).toMatchObject({
      id: r.id,
      status: 'pending',
      isExpired: true,
      can: { repost: true, cancel: true, accept: false },
    });
    // Claimed once: later sweeps say nothing more about it.
    expect(await collect(ds, 'request:unavailable', 2500)).toEqual([]);
  });

  it('a reposted request is on every day scholar’s list again with its new deadline', async () => {
    const user = await createUser(swept.db, { role: 'hosteller' });
    const h = { ...user, token: await tokenFor(swept, user) };
    const dUser = await createUser(swept.db, { role: 'dayscholar' });
    const ds = await online({ token: await tokenFor(swept, dUser) }, sweptUrl);
    const r = await expired(h);
    await next(ds, 'request:unavailable', 5000);
    const back = next(ds, 'request:available');
    const deadline = new Date(Date.now() + 2 * 3600_000).toISOString();

    const res = await swept.app.inject({
      method: 'PUT',
      url: `/api/requests/${r.id}/repost`,
      headers: bearer(h.token),
      payload: { deadline },
    });
    expect(res.statusCode).toBe(200);
    const request: DeliveryRequest = (await back).request;
    expect(request).toMatchObject({ id: r.id, deadline, isExpired: false, can: { accept: true } });
  });
});

describe('rating events', () => {
  it('a new rating makes every member’s open screens read the rated member’s stars again', async () => {
    const h = await person('hosteller');
    const d = await person('dayscholar');
    const bystander = await person('hosteller');
    const watching = await online(bystander);
    const request = await createRequest(t.db, { requester: h, deliverer: d, status: 'completed' });

    const heard = next(watching, 'rating:changed');
    const res = await api('POST', '/ratings', h, {
      requestId: request.id,
      userId: d.id,
      rating: 5,
      ratingType: 'hosteller_to_dayscholar',
    });
    expect(res.statusCode).toBe(201);
    expect(await heard).toEqual({ userId: d.id });

    // A refused rating changes nothing, and nothing is said.
    const quiet = collect(watching, 'rating:changed');
    const again = await api('POST', '/ratings', h, {
      requestId: request.id,
      userId: d.id,
      rating: 1,
      ratingType: 'hosteller_to_dayscholar',
    });
    expect(again.statusCode).toBe(409);
    expect(await quiet).toEqual([]);
  });
});
