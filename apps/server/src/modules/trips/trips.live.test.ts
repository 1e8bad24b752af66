/** Trips over the socket: who hears of a trip being posted, changed and cancelled, and who never does. */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents, Trip } from '@campusrun/shared';
import { userBlocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createRequest, createUser, tokenFor } from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Person = Awaited<ReturnType<typeof createUser>> & { token: string };
type TripEvent = 'trip:available' | 'trip:updated' | 'trip:removed' | 'notification';

let t: TestApp;
let url: string;
const open: Client[] = [];

beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

async function person(role: 'hosteller' | 'dayscholar', name?: string): Promise<Person> {
  const user = await createUser(t.db, { role, name });
  return { ...user, token: await tokenFor(t, user) };
}

/** A connected socket of `user`, with every trip event (and notification) it gets recorded. */
async function online(user: Person) {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: user.token },
  });
  open.push(s);
  const got: { event: TripEvent; payload: unknown }[] = [];
  for (const event of ['trip:available', 'trip:updated', 'trip:removed', 'notification'] as const)
    s.on(event as 'trip:removed', ((payload: unknown) => got.push({ event, payload })) as never);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  // The server has joined its rooms once it answers an event.
  await new Promise<void>((resolve) => {
    s.once('user:status', () => resolve());
    s.emit('user:check', []);
  });
  return got;
}

const settle = () => new Promise((r) => setTimeout(r, 300));
const api = (method: 'POST' | 'PUT', path: string, who: Person, payload?: object) =>
  t.app.inject({ method, url: `/api${path}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });
const of = (got: { event: TripEvent; payload: unknown }[], event: TripEvent) =>
  got.filter((g) => g.event === event).map((g) => g.payload);

describe('trip events', () => {
  it('a posted trip reaches every member as their role sees it, never its runner or those blocked', async () => {
    const runner = await person('dayscholar', 'Dev');
    const hosteller = await person('hosteller');
    const dayScholar = await person('dayscholar');
    const blocked = await person('hosteller');
    await t.db.insert(userBlocks).values({ blockerId: blocked.id, blockedId: runner.id });
    await createRequest(t.db, { requester: hosteller, deadline: new Date(Date.now() + 5 * 3600_000) });
    const [forRunner, forHosteller, forDayScholar, forBlocked] = await Promise.all(
      [runner, hosteller, dayScholar, blocked].map(online),
    );

    const res = await api('POST', '/trips', runner, {
      from: 'Katpadi',
      arriveAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
      cutoffAt: new Date(Date.now() + 3600_000).toISOString(),
      capacity: 2,
    });
    expect(res.statusCode).toBe(201);
    await settle();
    const id = res.json<{ trip: Trip }>().trip.id;
    const [toHosteller] = of(forHosteller, 'trip:available') as { trip: Trip }[];
    expect(toHosteller!.trip).toMatchObject({ id, can: { attach: true, cancel: false, stops: false } });
    expect(of(forHosteller, 'trip:available')).toHaveLength(1);
    const [toDayScholar] = of(forDayScholar, 'trip:available') as { trip: Trip }[];
    expect(toDayScholar!.trip).toMatchObject({ id, can: { attach: false, cancel: false } });
    expect(of(forDayScholar, 'trip:available')).toHaveLength(1);
    expect(of(forRunner, 'trip:available')).toEqual([]);
    expect(forBlocked).toEqual([]);
    // The hosteller with a request it could carry is told, live.
    expect(of(forHosteller, 'notification')).toEqual([
      expect.objectContaining({ type: 'trip', data: { tripId: id } }),
    ]);
  });

  it('adding and taking off a request updates the runner and that hosteller only; cancelling removes it', async () => {
    const runner = await person('dayscholar', 'Dev');
    const hosteller = await person('hosteller', 'Hema');
    const bystander = await person('hosteller');
    const created = await api('POST', '/trips', runner, {
      from: 'Katpadi',
      arriveAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
      cutoffAt: new Date(Date.now() + 3600_000).toISOString(),
      capacity: 2,
    });
    const id = created.json<{ trip: Trip }>().trip.id;
    const request = await createRequest(t.db, { requester: hosteller, itemName: 'Maggi noodles' });
    const [forRunner, forHosteller, forBystander] = await Promise.all(
      [runner, hosteller, bystander].map(online),
    );

    expect((await api('PUT', `/trips/${id}/attach`, hosteller, { requestId: request.id })).statusCode).toBe(
      200,
    );
    await settle();
    const [runnerView] = of(forRunner, 'trip:updated') as { trip: Trip }[];
    expect(runnerView!.trip).toMatchObject({ id, attached: 1, can: { cancel: true, stops: true } });
    expect(runnerView!.trip.requests.map((r) => r.id)).toEqual([request.id]);
    const [hostellerView] = of(forHosteller, 'trip:updated') as { trip: Trip }[];
    expect(hostellerView!.trip).toMatchObject({ id, attached: 1, can: { detach: true } });
    expect(of(forRunner, 'notification')).toEqual([
      expect.objectContaining({ type: 'trip', message: 'Hema added Maggi noodles to your trip' }),
    ]);
    expect(of(forHosteller, 'notification')).toEqual([expect.objectContaining({ type: 'request_accepted' })]);
    expect(of(forBystander, 'trip:updated')).toEqual([]);

    expect((await api('PUT', `/trips/${id}/detach`, hosteller, { requestId: request.id })).statusCode).toBe(
      200,
    );
    await settle();
    expect((of(forRunner, 'trip:updated') as { trip: Trip }[]).at(-1)!.trip.attached).toBe(0);
    expect((of(forHosteller, 'trip:updated') as { trip: Trip }[]).at(-1)!.trip.can.detach).toBe(false);

    expect((await api('PUT', `/trips/${id}/cancel`, runner)).statusCode).toBe(200);
    await settle();
    for (const got of [forRunner, forHosteller, forBystander])
      expect(of(got, 'trip:removed')).toEqual([{ id }]);
  });
});
