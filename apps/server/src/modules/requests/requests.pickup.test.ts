/**
 * Nothing a requester does alone makes someone their deliverer of record: a request carried by
 * someone else completes (and so opens a settlement, a rating and a dispute window) only after its
 * deliverer acted on it, by marking it picked up, typing the handover code or completing it.
 */
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_REFUSAL_MESSAGES,
  type ClientToServerEvents,
  type DeliveryRequest,
  type ServerToClientEvents,
} from '@campusrun/shared';
import { notifications, requests, settlements, trips } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type User = Awaited<ReturnType<typeof createUser>>;

const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms);

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
const rate = async (rater: User, requestId: string, userId: string, ratingType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ratings',
    headers: await authAs(t, rater),
    payload: { requestId, userId, rating: 1, ratingType, comment: 'Never showed up' },
  });
const row = async (id: string) => (await t.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const settlementsOf = (requestId: string) =>
  t.db.select().from(settlements).where(eq(settlements.requestId, requestId));

const pickUp = (deliverer: User | null, id: string) => put(deliverer, `/requests/${id}/picked-up`);
const confirm = (requester: User, id: string) => put(requester, `/requests/${id}/confirm-receipt`);

async function people() {
  const hosteller = await createUser(t.db, { role: 'hosteller', name: 'Asha Rao' });
  const runner = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
  return { hosteller, runner };
}

/** An open trip of `runner` (cutoff in 1 h, arrival in 2 h). */
async function tripOf(runner: User) {
  const [trip] = await t.db
    .insert(trips)
    .values({ runnerId: runner.id, from: 'Katpadi', cutoffAt: at(HOUR), arriveAt: at(2 * HOUR), capacity: 3 })
    .returning();
  return trip!;
}

/** The attack's first step: the hosteller's new request put on the runner's trip, accepted at once. */
async function attached(hosteller: User, runner: User, opts: { itemCost?: number } = {}) {
  const trip = await tripOf(runner);
  const request = await createRequest(t.db, { requester: hosteller, itemName: 'Charger', ...opts });
  const res = await put(hosteller, `/trips/${trip.id}/attach`, { requestId: request.id });
  expect(res.statusCode).toBe(200);
  return { trip, id: request.id };
}

describe('finding 1: a requester cannot make someone their deliverer alone', () => {
  it('finding 1: a hosteller who attaches a request to a runner’s trip and confirms receipt at once gets 409 notPickedUp: nothing completes, no settlement opens, no rating', async () => {
    const { hosteller, runner } = await people();
    const { id } = await attached(hosteller, runner, { itemCost: 500 });

    const mine = await view(hosteller, id);
    expect(mine).toMatchObject({ status: 'accepted', pickedUpAt: null, can: { confirmReceipt: false } });
    const res = await confirm(hosteller, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'notPickedUp',
      message: REQUEST_REFUSAL_MESSAGES.notPickedUp,
    });
    expect((await row(id)).status).toBe('accepted');
    expect(await settlementsOf(id)).toHaveLength(0);

    const rating = await rate(hosteller, id, runner.id, 'hosteller_to_dayscholar');
    expect(rating.statusCode).toBe(409);
    expect(rating.json().reason).toBe('notCompleted');
  });

  it('finding 1: after the runner marks it picked up, the requester is told and may confirm receipt, then rate', async () => {
    const { hosteller, runner } = await people();
    const { id } = await attached(hosteller, runner);

    const res = await pickUp(runner, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'accepted', can: { pickUp: false, complete: true } });
    expect(res.json().request.pickedUpAt).toMatch(/Z$/);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, hosteller.id), eq(notifications.type, 'delivery')));
    expect(told.map((n) => [n.message, n.data])).toEqual([
      ['Dev Kumar picked up your request for Charger', { requestId: id }],
    ]);
    expect((await view(hosteller, id)).can.confirmReceipt).toBe(true);

    const done = await confirm(hosteller, id);
    expect(done.statusCode).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'completed', can: { rate: true } });
    expect((await rate(hosteller, id, runner.id, 'hosteller_to_dayscholar')).statusCode).toBe(201);
  });

  it('finding 1: only the deliverer marks it picked up, only while accepted, once', async () => {
    const { hosteller, runner } = await people();
    const stranger = await createUser(t.db, { role: 'dayscholar' });
    const { id } = await attached(hosteller, runner);

    expect((await pickUp(null, id)).statusCode).toBe(401);
    // The requester cannot mark their own request picked up: the route is the deliverer's.
    expect((await pickUp(hosteller, id)).statusCode).toBe(403);
    const notTheirs = await pickUp(stranger, id);
    expect([notTheirs.statusCode, notTheirs.json().reason, notTheirs.json().message]).toEqual([
      403,
      'notDeliverer',
      'Only the assigned deliverer can mark this request picked up',
    ]);
    expect((await pickUp(runner, 'not-an-id')).statusCode).toBe(404);
    expect((await pickUp(runner, crypto.randomUUID())).statusCode).toBe(404);
    expect((await row(id)).pickedUpAt).toBeNull();

    expect((await pickUp(runner, id)).statusCode).toBe(200);
    const again = await pickUp(runner, id);
    expect([again.statusCode, again.json().reason, again.json().message]).toEqual([
      409,
      'alreadyPickedUp',
      REQUEST_REFUSAL_MESSAGES.alreadyPickedUp,
    ]);

    const pending = await createRequest(t.db, { requester: hosteller });
    const early = await pickUp(runner, pending.id);
    expect([early.statusCode, early.json().reason]).toEqual([403, 'notDeliverer']);
  });

  it('finding 1: pushes the picked-up request to the requester, with Confirm receipt now allowed', async () => {
    const { hosteller, runner } = await people();
    const { id } = await attached(hosteller, runner);
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
        if (request.id !== id) return;
        clearTimeout(timer);
        resolve(request);
      });
    });
    expect((await pickUp(runner, id)).statusCode).toBe(200);
    expect(await pushed).toMatchObject({ id, can: { confirmReceipt: true } });
  });

  it('finding 1: a handover code typed by the deliverer, even a wrong one, lets the requester confirm receipt', async () => {
    const { hosteller, runner } = await people();
    const request = await createRequest(t.db, { requester: hosteller });
    await t.db.update(requests).set({ handoverRequired: true }).where(eq(requests.id, request.id));
    expect((await put(runner, `/requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await confirm(hosteller, request.id)).json().reason).toBe('notPickedUp');

    const code = (await view(hosteller, request.id)).handoverCode!;
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const typed = await put(runner, `/requests/${request.id}/deliver`, { handoverCode: wrong });
    expect(typed.json().reason).toBe('handoverCodeWrong');
    expect((await view(hosteller, request.id)).can.confirmReceipt).toBe(true);
    expect((await confirm(hosteller, request.id)).statusCode).toBe(200);
  });

  it('finding 1: completing by the deliverer records their act', async () => {
    const { hosteller, runner } = await people();
    const request = await createRequest(t.db, { requester: hosteller });
    expect((await put(runner, `/requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await put(runner, `/requests/${request.id}/deliver`, {})).statusCode).toBe(200);
    expect((await row(request.id)).pickedUpAt).not.toBeNull();
    expect((await rate(hosteller, request.id, runner.id, 'hosteller_to_dayscholar')).statusCode).toBe(201);
  });

  it('finding 1: giving up clears the pickup, so the requester cannot confirm on the next deliverer’s behalf', async () => {
    const { hosteller, runner } = await people();
    const next = await createUser(t.db, { role: 'dayscholar' });
    const request = await createRequest(t.db, { requester: hosteller });
    expect((await put(runner, `/requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await pickUp(runner, request.id)).statusCode).toBe(200);
    expect((await put(runner, `/requests/${request.id}/cancel-delivery`)).statusCode).toBe(200);
    expect(await row(request.id)).toMatchObject({ status: 'pending', pickedUpAt: null });

    expect((await put(next, `/requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await confirm(hosteller, request.id)).json().reason).toBe('notPickedUp');
  });

  it('finding 1: a picked-up request stays on its trip, and the trip’s cancellation clears the pickup', async () => {
    const { hosteller, runner } = await people();
    const { trip, id } = await attached(hosteller, runner);
    expect((await pickUp(runner, id)).statusCode).toBe(200);
    expect((await put(hosteller, `/trips/${trip.id}/detach`, { requestId: id })).json().reason).toBe(
      'pickedUp',
    );
    expect(await row(id)).toMatchObject({ status: 'accepted', tripId: trip.id });

    expect((await put(runner, `/trips/${trip.id}/cancel`)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'pending', pickedUpAt: null });
    // On the runner's next trip it waits for a pickup of its own.
    const next = await tripOf(runner);
    expect((await put(hosteller, `/trips/${next.id}/attach`, { requestId: id })).statusCode).toBe(200);
    expect((await confirm(hosteller, id)).json().reason).toBe('notPickedUp');
  });

  it('finding 1: a shared run’s request waits for its deliverer too, and its give-up clears the pickup', async () => {
    const { hosteller, runner } = await people();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/runs',
      headers: await authAs(t, hosteller),
      payload: {
        pickupFrom: 'Katpadi market',
        cutoffAt: at(HOUR).toISOString(),
        deadline: at(3 * HOUR).toISOString(),
        totalFee: 80,
        item: { itemName: 'Bananas', quantity: 2, deliveryLocation: 'Block C' },
      },
    });
    expect(started.statusCode).toBe(201);
    const runId = started.json<{ run: { id: string } }>().run.id;
    expect((await put(runner, `/runs/${runId}/accept`)).statusCode).toBe(200);
    const [request] = await t.db.select().from(requests).where(eq(requests.runId, runId));
    const id = request!.id;

    expect((await confirm(hosteller, id)).json().reason).toBe('notPickedUp');
    expect((await pickUp(runner, id)).statusCode).toBe(200);
    expect((await put(runner, `/requests/${id}/cancel-delivery`)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'pending', pickedUpAt: null });
  });

  it('finding 1: a completed request its deliverer never acted on cannot be rated by either side', async () => {
    const { hosteller, runner } = await people();
    const request = await createRequest(t.db, {
      requester: hosteller,
      deliverer: runner,
      status: 'completed',
    });
    await t.db.update(requests).set({ pickedUpAt: null }).where(eq(requests.id, request.id));

    expect((await view(hosteller, request.id)).can.rate).toBe(false);
    expect((await view(runner, request.id)).can.rate).toBe(false);
    const byRequester = await rate(hosteller, request.id, runner.id, 'hosteller_to_dayscholar');
    expect([byRequester.statusCode, byRequester.json().reason]).toEqual([409, 'notDelivered']);
    const byDeliverer = await rate(runner, request.id, hosteller.id, 'dayscholar_to_hosteller');
    expect([byDeliverer.statusCode, byDeliverer.json().reason]).toEqual([409, 'notDelivered']);
  });
});
