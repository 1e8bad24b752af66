/**
 * "On my way, about N minutes": after picking a request up, its deliverer tells the requester when
 * to expect them (and may move the estimate); the receipt amount may come with the pickup already.
 */
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_MESSAGES,
  REQUEST_REFUSAL_MESSAGES,
  type ClientToServerEvents,
  type DeliveryRequest,
  type ServerToClientEvents,
} from '@campusrun/shared';
import { notifications, requests, trips } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type User = Awaited<ReturnType<typeof createUser>>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let url: string;
const sockets: Client[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const put = async (user: User | null, path: string, payload?: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api${path}`,
    headers: user ? await authAs(t, user) : {},
    ...(payload ? { payload } : {}),
  });
const view = async (user: User, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: await authAs(t, user) })).json<{
    request: DeliveryRequest;
  }>().request;
const row = async (id: string) => (await t.db.select().from(requests).where(eq(requests.id, id)))[0]!;

const pickUp = (deliverer: User | null, id: string, payload?: object) =>
  put(deliverer, `/requests/${id}/picked-up`, payload);
const onTheWay = (deliverer: User | null, id: string, minutes: unknown) =>
  put(deliverer, `/requests/${id}/on-the-way`, { minutes });

async function people() {
  const hosteller = await createUser(t.db, { role: 'hosteller', name: 'Asha Rao' });
  const runner = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
  return { hosteller, runner };
}

/** A request of `hosteller` accepted by `runner` through the API (optionally with an item cost). */
async function accepted(hosteller: User, runner: User, opts: { itemCost?: number } = {}) {
  const request = await createRequest(t.db, { requester: hosteller, itemName: 'Calculator', ...opts });
  expect((await put(runner, `/requests/${request.id}/accept`)).statusCode).toBe(200);
  return request.id;
}

/** Milliseconds from now until `iso`. */
const fromNow = (iso: string | null) => Date.parse(iso!) - Date.now();

const deliveryNotices = async (userId: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'delivery')))
      .orderBy(notifications.createdAt)
  ).map((n) => [n.message, n.data]);

describe('on the way', () => {
  it('only the assigned deliverer, only once picked up', async () => {
    const { hosteller, runner } = await people();
    const stranger = await createUser(t.db, { role: 'dayscholar' });
    const id = await accepted(hosteller, runner);

    expect((await onTheWay(null, id, 6)).statusCode).toBe(401);
    // The requester cannot say their deliverer is coming: the route is the deliverer's.
    expect((await onTheWay(hosteller, id, 6)).statusCode).toBe(403);
    const notTheirs = await onTheWay(stranger, id, 6);
    expect([notTheirs.statusCode, notTheirs.json().reason, notTheirs.json().message]).toEqual([
      403,
      'notDeliverer',
      REQUEST_REFUSAL_MESSAGES.notDelivererOnTheWay,
    ]);
    expect((await onTheWay(runner, 'not-an-id', 6)).statusCode).toBe(404);
    expect((await onTheWay(runner, crypto.randomUUID(), 6)).statusCode).toBe(404);

    // In order: picked up first.
    expect((await view(runner, id)).can).toMatchObject({ pickUp: true, onTheWay: false });
    const early = await onTheWay(runner, id, 6);
    expect([early.statusCode, early.json().reason, early.json().message]).toEqual([
      409,
      'notPickedUp',
      REQUEST_REFUSAL_MESSAGES.notPickedUpOnTheWay,
    ]);
    expect(await row(id)).toMatchObject({ onTheWayAt: null, arrivalEta: null });

    expect((await pickUp(runner, id)).statusCode).toBe(200);
    expect((await view(runner, id)).can).toMatchObject({ pickUp: false, onTheWay: true });
    expect((await view(hosteller, id)).can.onTheWay).toBe(false);
    expect((await onTheWay(stranger, id, 6)).statusCode).toBe(403);
    const res = await onTheWay(runner, id, 6);
    expect(res.statusCode).toBe(200);
    expect(res.json().request.can.onTheWay).toBe(true);

    // A pending request has no deliverer to be on the way.
    const pending = await createRequest(t.db, { requester: hosteller });
    expect((await onTheWay(runner, pending.id, 6)).json().reason).toBe('notDeliverer');
    // A completed one is over.
    expect((await put(runner, `/requests/${id}/deliver`, {})).statusCode).toBe(200);
    const after = await onTheWay(runner, id, 6);
    expect([after.statusCode, after.json().reason]).toEqual([409, 'completed']);
  });

  it.each([
    [0, REQUEST_MESSAGES.etaMinutesMin],
    [121, REQUEST_MESSAGES.etaMinutesMax],
    [5.5, REQUEST_MESSAGES.etaMinutesInvalid],
    ['soon', REQUEST_MESSAGES.etaMinutesInvalid],
    [undefined, REQUEST_MESSAGES.etaMinutesRequired],
  ])('refuses %s minutes with 400 and the shared message', async (minutes, message) => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner);
    expect((await pickUp(runner, id)).statusCode).toBe(200);
    const res = await onTheWay(runner, id, minutes);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toEqual([expect.objectContaining({ param: 'minutes', msg: message })]);
    expect(await row(id)).toMatchObject({ onTheWayAt: null, arrivalEta: null });
  });

  it('takes the bounds 1 and 120', async () => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner);
    expect((await pickUp(runner, id)).statusCode).toBe(200);
    expect((await onTheWay(runner, id, 1)).statusCode).toBe(200);
    const longest = await onTheWay(runner, id, 120);
    expect(longest.statusCode).toBe(200);
    expect(fromNow(longest.json().request.arrivalEta)).toBeGreaterThan(119 * MINUTE);
    expect(fromNow(longest.json().request.arrivalEta)).toBeLessThanOrEqual(120 * MINUTE);
  });

  it('sets the estimate, the requester sees it and is told; sent again it moves', async () => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner);
    expect((await pickUp(runner, id)).statusCode).toBe(200);

    const first = await onTheWay(runner, id, 6);
    expect(first.statusCode).toBe(200);
    const mine = await view(hosteller, id);
    expect(mine.onTheWayAt).toMatch(/Z$/);
    expect(fromNow(mine.arrivalEta)).toBeGreaterThan(5 * MINUTE);
    expect(fromNow(mine.arrivalEta)).toBeLessThanOrEqual(6 * MINUTE);
    const stored = await row(id);
    expect(stored.arrivalEta!.getTime() - stored.onTheWayAt!.getTime()).toBe(6 * MINUTE);

    const second = await onTheWay(runner, id, 15);
    expect(second.statusCode).toBe(200);
    const moved = await view(hosteller, id);
    expect(fromNow(moved.arrivalEta)).toBeGreaterThan(14 * MINUTE);
    expect(Date.parse(moved.arrivalEta!)).toBeGreaterThan(Date.parse(mine.arrivalEta!));

    expect(await deliveryNotices(hosteller.id)).toEqual([
      ['Dev Kumar picked up your request for Calculator', { requestId: id }],
      ['Dev Kumar is on the way with your Calculator, about 6 min', { requestId: id }],
      ['Dev Kumar updated the arrival of your Calculator: about 15 min', { requestId: id }],
    ]);
    // The deliverer is not told of their own step.
    expect(await deliveryNotices(runner.id)).toEqual([]);
  });

  it('pushes the estimate to the requester’s open screens, and the notice', async () => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner);
    expect((await pickUp(runner, id)).statusCode).toBe(200);
    const token = (await authAs(t, hosteller)).authorization.replace('Bearer ', '');
    const socket: Client = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    const pushed = new Promise<DeliveryRequest>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no request:updated')), 3000);
      socket.on('request:updated', ({ request }) => {
        if (request.id !== id || !request.arrivalEta) return;
        clearTimeout(timer);
        resolve(request);
      });
    });
    const noticed = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no notification')), 3000);
      socket.on('notification', (n) => {
        clearTimeout(timer);
        resolve(n.message);
      });
    });
    expect((await onTheWay(runner, id, 6)).statusCode).toBe(200);
    const request = await pushed;
    expect(request).toMatchObject({ id, can: { confirmReceipt: true, onTheWay: false } });
    expect(fromNow(request.arrivalEta)).toBeGreaterThan(5 * MINUTE);
    expect(await noticed).toBe('Dev Kumar is on the way with your Calculator, about 6 min');
  });

  it('going back to pending clears the pickup and the estimate', async () => {
    const { hosteller, runner } = await people();
    const next = await createUser(t.db, { role: 'dayscholar' });
    const id = await accepted(hosteller, runner);
    expect((await pickUp(runner, id)).statusCode).toBe(200);
    expect((await onTheWay(runner, id, 10)).statusCode).toBe(200);

    expect((await put(runner, `/requests/${id}/cancel-delivery`)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      pickedUpAt: null,
      onTheWayAt: null,
      arrivalEta: null,
    });
    expect(await view(hosteller, id)).toMatchObject({ onTheWayAt: null, arrivalEta: null });

    // The next deliverer starts over: picked up first.
    expect((await put(next, `/requests/${id}/accept`)).statusCode).toBe(200);
    expect((await onTheWay(next, id, 5)).json().reason).toBe('notPickedUp');
  });

  it('a trip’s cancellation clears the estimate of its requests', async () => {
    const { hosteller, runner } = await people();
    const [trip] = await t.db
      .insert(trips)
      .values({
        runnerId: runner.id,
        from: 'Katpadi',
        cutoffAt: new Date(Date.now() + HOUR),
        arriveAt: new Date(Date.now() + 2 * HOUR),
        capacity: 3,
      })
      .returning();
    const request = await createRequest(t.db, { requester: hosteller });
    expect((await put(hosteller, `/trips/${trip!.id}/attach`, { requestId: request.id })).statusCode).toBe(
      200,
    );
    expect((await pickUp(runner, request.id)).statusCode).toBe(200);
    expect((await onTheWay(runner, request.id, 20)).statusCode).toBe(200);

    expect((await put(runner, `/trips/${trip!.id}/cancel`)).statusCode).toBe(200);
    expect(await row(request.id)).toMatchObject({ status: 'pending', onTheWayAt: null, arrivalEta: null });
  });
});

describe('the receipt amount on picking up', () => {
  it('is stored, shown to both sides, and kept when completing leaves it out', async () => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner, { itemCost: 300 });
    const res = await pickUp(runner, id, { actualItemCost: 284.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ actualItemCost: 284.5, can: { onTheWay: true } });
    expect((await row(id)).actualItemCost).toBe(28450);
    expect((await view(hosteller, id)).actualItemCost).toBe(284.5);

    expect((await put(runner, `/requests/${id}/deliver`, {})).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'completed', actualItemCost: 28450 });
  });

  it('may still be given (or corrected) on completing', async () => {
    const { hosteller, runner } = await people();
    const later = await accepted(hosteller, runner, { itemCost: 300 });
    expect((await pickUp(runner, later)).statusCode).toBe(200);
    expect((await put(runner, `/requests/${later}/deliver`, { actualItemCost: 310 })).statusCode).toBe(200);
    expect((await row(later)).actualItemCost).toBe(31000);

    const corrected = await accepted(hosteller, runner, { itemCost: 300 });
    expect((await pickUp(runner, corrected, { actualItemCost: 280 })).statusCode).toBe(200);
    expect((await put(runner, `/requests/${corrected}/deliver`, { actualItemCost: 290 })).statusCode).toBe(
      200,
    );
    expect((await row(corrected)).actualItemCost).toBe(29000);
  });

  it.each([
    [0, REQUEST_MESSAGES.receiptMin],
    [100_001, REQUEST_MESSAGES.receiptMax],
    [12.345, REQUEST_MESSAGES.receiptDecimals],
    ['lots', REQUEST_MESSAGES.receiptInvalid],
  ])('refuses %s as the receipt amount with the completion’s message', async (amount, message) => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner, { itemCost: 300 });
    const res = await pickUp(runner, id, { actualItemCost: amount });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ param: 'actualItemCost', msg: message })]);
    expect(await row(id)).toMatchObject({ pickedUpAt: null, actualItemCost: null });
  });

  it('is refused for a request without an item cost (400 noItemCost), and nothing is marked', async () => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner);
    const res = await pickUp(runner, id, { actualItemCost: 120 });
    expect([res.statusCode, res.json().reason, res.json().message]).toEqual([
      400,
      'noItemCost',
      REQUEST_REFUSAL_MESSAGES.receiptWithoutItemCost,
    ]);
    expect(await row(id)).toMatchObject({ pickedUpAt: null, actualItemCost: null });
    // Without it the pickup goes through.
    expect((await pickUp(runner, id)).statusCode).toBe(200);
  });

  it('belongs to that delivery: giving it up clears it', async () => {
    const { hosteller, runner } = await people();
    const id = await accepted(hosteller, runner, { itemCost: 300 });
    expect((await pickUp(runner, id, { actualItemCost: 280 })).statusCode).toBe(200);
    expect((await put(runner, `/requests/${id}/cancel-delivery`)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'pending', pickedUpAt: null, actualItemCost: null });
  });
});
