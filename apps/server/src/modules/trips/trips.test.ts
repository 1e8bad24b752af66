import { and, eq } from 'drizzle-orm';
import { TRIP_MESSAGES, type Trip } from '@campusrun/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, requests, trips, userBlocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';
import { campusTime, TRIP_NOTICES_PER_DAY, tripNotice } from './trips.service';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (ms: number) => new Date(Date.now() + ms);

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ maxActiveDeliveries: 2 });
});
afterAll(() => t.close());

/** A trip straight into the database (cutoff in 1 h, arrival in 2 h unless told). */
async function tripOf(runner: User, opts: Partial<typeof trips.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(trips)
    .values({
      runnerId: runner.id,
      from: 'Katpadi',
      cutoffAt: at(HOUR),
      arriveAt: at(2 * HOUR),
      capacity: 3,
      ...opts,
    })
    .returning();
  return row!;
}

const put = async (user: User | null, url: string, payload?: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api${url}`,
    headers: user ? await authAs(t, user) : {},
    ...(payload ? { payload } : {}),
  });
const get = async (user: User | null, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: user ? await authAs(t, user) : {} });
const post = async (user: User | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: user ? await authAs(t, user) : {}, payload });

const requestRow = async (id: string) => (await t.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const tripNotices = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'trip')));

const validTrip = () => ({
  from: 'Katpadi',
  arriveAt: at(2 * HOUR).toISOString(),
  cutoffAt: at(HOUR).toISOString(),
  capacity: 2,
  note: 'Text me',
});

let runner: User;
let hema: User;
let other: User;
let otherRunner: User;

beforeEach(async () => {
  runner = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
  otherRunner = await createUser(t.db, { role: 'dayscholar', name: 'Ravi' });
  hema = await createUser(t.db, { role: 'hosteller', name: 'Hema S' });
  other = await createUser(t.db, { role: 'hosteller', name: 'Other' });
});

describe('POST /trips', () => {
  it('posts a trip for a day scholar only', async () => {
    expect((await post(null, '/trips', validTrip())).statusCode).toBe(401);
    expect((await post(hema, '/trips', validTrip())).statusCode).toBe(403);
    const res = await post(runner, '/trips', validTrip());
    expect(res.statusCode).toBe(201);
    const trip = res.json<{ trip: Trip }>().trip;
    expect(trip).toMatchObject({
      from: 'Katpadi',
      capacity: 2,
      attached: 0,
      note: 'Text me',
      status: 'open',
      requests: [],
      runner: { id: runner.id, name: 'Dev Kumar', rating: null, ratingCount: 0 },
      can: { attach: false, detach: false, detachable: [], cancel: true, stops: true },
    });
  });

  it('refuses bad input with its messages, never a 500', async () => {
    const cases: [object, string][] = [
      [{ ...validTrip(), from: '' }, TRIP_MESSAGES.fromRequired],
      [{ ...validTrip(), from: 'x'.repeat(81) }, TRIP_MESSAGES.fromTooLong],
      [{ ...validTrip(), capacity: 0 }, TRIP_MESSAGES.capacityRange],
      [{ ...validTrip(), capacity: 11 }, TRIP_MESSAGES.capacityRange],
      [{ ...validTrip(), capacity: 'many' }, TRIP_MESSAGES.capacityInvalid],
      [{ ...validTrip(), arriveAt: 'tomorrow' }, TRIP_MESSAGES.arriveAtInvalid],
      [{ ...validTrip(), arriveAt: at(-HOUR).toISOString() }, TRIP_MESSAGES.arriveAtFuture],
      [{ ...validTrip(), arriveAt: at(49 * HOUR).toISOString() }, TRIP_MESSAGES.arriveAtTooFar],
      [{ ...validTrip(), cutoffAt: at(3 * HOUR).toISOString() }, TRIP_MESSAGES.cutoffBeforeArrival],
      [{ ...validTrip(), cutoffAt: undefined }, TRIP_MESSAGES.cutoffRequired],
    ];
    for (const [body, message] of cases) {
      const res = await post(runner, '/trips', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors.map((e: { msg: string }) => e.msg)).toContain(message);
    }
    for (const body of [null, [], 'text', { ...validTrip(), from: { a: 1 } }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trips',
        headers: { ...(await authAs(t, runner)), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('allows one open trip at a time, even when posted twice at once', async () => {
    const [a, b] = await Promise.all([
      post(runner, '/trips', validTrip()),
      post(runner, '/trips', validTrip()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = [a, b].find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ message: TRIP_MESSAGES.oneOpenTrip, reason: 'oneOpenTrip' });
    // Once its cutoff has passed, another may be posted.
    await t.db
      .update(trips)
      .set({ cutoffAt: at(-MIN), arriveAt: at(MIN) })
      .where(eq(trips.runnerId, runner.id));
    expect((await post(runner, '/trips', validTrip())).statusCode).toBe(201);
  });

  it('tells each hosteller with a request it could carry once, in the campus time', async () => {
    await createRequest(t.db, { requester: hema, deadline: at(5 * HOUR) });
    await createRequest(t.db, { requester: hema, deadline: at(6 * HOUR) });
    // Due before the arrival, accepted, or blocked with the runner: not told.
    const early = await createUser(t.db, { role: 'hosteller' });
    await createRequest(t.db, { requester: early, deadline: at(90 * MIN) });
    const taken = await createUser(t.db, { role: 'hosteller' });
    await createRequest(t.db, { requester: taken, deliverer: otherRunner, status: 'accepted' });
    const blocker = await createUser(t.db, { role: 'hosteller' });
    await createRequest(t.db, { requester: blocker, deadline: at(5 * HOUR) });
    await t.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: runner.id });

    const body = validTrip();
    const res = await post(runner, '/trips', body);
    expect(res.statusCode).toBe(201);
    const told = await tripNotices(hema.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toBe(
      `Dev is coming from Katpadi at ${campusTime(new Date(body.arriveAt))} — add your requests by ${campusTime(new Date(body.cutoffAt))}`,
    );
    expect(told[0]!.data).toEqual({ tripId: res.json().trip.id });
    for (const u of [early, taken, blocker]) expect(await tripNotices(u.id)).toHaveLength(0);
  });

  it(`tells hostellers of at most ${TRIP_NOTICES_PER_DAY} of a day scholar's trips a day`, async () => {
    await createRequest(t.db, { requester: hema, deadline: at(5 * HOUR) });
    for (let i = 0; i <= TRIP_NOTICES_PER_DAY; i++) {
      const res = await post(runner, '/trips', validTrip());
      expect(res.statusCode).toBe(201);
      expect((await put(runner, `/trips/${res.json().trip.id}/cancel`)).statusCode).toBe(200);
    }
    expect(await tripNotices(hema.id)).toHaveLength(TRIP_NOTICES_PER_DAY);
  });
});

describe('the notice text', () => {
  it('writes times on the campus clock (Asia/Kolkata) as the app does', () => {
    // 03:30 UTC is 9:00 am in India; 02:45 UTC is 8:15 am.
    expect(
      tripNotice('Dev Kumar', 'Katpadi', new Date('2026-01-05T03:30:00Z'), new Date('2026-01-05T02:45:00Z')),
    ).toBe('Dev is coming from Katpadi at 9:00 am — add your requests by 8:15 am');
    expect(campusTime(new Date('2026-01-05T13:00:00Z'))).toBe('6:30 pm');
    expect(campusTime(new Date('2026-01-05T03:30:00Z'))).toBe('9:00 am');
  });
});

describe('GET /trips, /trips/mine and /trips/{id}', () => {
  it('lists open trips soonest first, hiding blocked and suspended runners', async () => {
    const later = await tripOf(runner, { arriveAt: at(5 * HOUR), cutoffAt: at(4 * HOUR) });
    const sooner = await tripOf(otherRunner, { arriveAt: at(90 * MIN), cutoffAt: at(80 * MIN) });
    const closedRunner = await createUser(t.db, { role: 'dayscholar' });
    const closed = await tripOf(closedRunner, { cutoffAt: at(-MIN), arriveAt: at(HOUR) });
    const ids = (await get(hema, '/trips')).json<{ trips: Trip[] }>().trips.map((x) => x.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(closed.id);
    // The runner's own open trip is on their list too, with the runner's actions.
    const own = (await get(runner, '/trips')).json<{ trips: Trip[] }>().trips.find((x) => x.id === later.id);
    expect(own?.can).toEqual({ attach: false, detach: false, detachable: [], cancel: true, stops: true });

    await t.db.insert(userBlocks).values({ blockerId: runner.id, blockedId: other.id });
    const forOther = (await get(other, '/trips')).json<{ trips: Trip[] }>().trips.map((x) => x.id);
    expect(forOther).not.toContain(later.id);
    expect((await get(other, `/trips/${later.id}`)).statusCode).toBe(404);

    const { users } = await import('../../db/schema');
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, otherRunner.id));
    const afterSuspension = (await get(hema, '/trips')).json<{ trips: Trip[] }>().trips.map((x) => x.id);
    expect(afterSuspension).not.toContain(sooner.id);
    expect((await get(hema, `/trips/${sooner.id}`)).statusCode).toBe(404);
  });

  it('answers who may see it, with the requests each may see', async () => {
    const trip = await tripOf(runner);
    const mine = await createRequest(t.db, { requester: hema });
    const theirs = await createRequest(t.db, { requester: other });
    expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: mine.id })).statusCode).toBe(200);
    expect((await put(other, `/trips/${trip.id}/attach`, { requestId: theirs.id })).statusCode).toBe(200);

    expect((await get(null, `/trips/${trip.id}`)).statusCode).toBe(401);
    expect((await get(hema, '/trips/not-a-uuid')).json()).toMatchObject({ message: 'Trip not found' });
    expect((await get(hema, `/trips/${crypto.randomUUID()}`)).statusCode).toBe(404);

    const forRunner = (await get(runner, `/trips/${trip.id}`)).json<{ trip: Trip }>().trip;
    expect(forRunner.requests.map((r) => r.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(forRunner.attached).toBe(2);
    const forHema = (await get(hema, `/trips/${trip.id}`)).json<{ trip: Trip }>().trip;
    expect(forHema.requests.map((r) => r.id)).toEqual([mine.id]);
    expect(forHema.can).toEqual({
      attach: true,
      detach: true,
      detachable: [mine.id],
      cancel: false,
      stops: false,
    });
    const forOtherRunner = (await get(otherRunner, `/trips/${trip.id}`)).json<{ trip: Trip }>().trip;
    expect(forOtherRunner.requests).toEqual([]);
    expect(forOtherRunner.can).toEqual({
      attach: false,
      detach: false,
      detachable: [],
      cancel: false,
      stops: false,
    });
  });

  it("lists the runner's open trips and closed ones still carrying requests", async () => {
    expect((await get(hema, '/trips/mine')).statusCode).toBe(403);
    const done = await tripOf(runner, { cutoffAt: at(-2 * HOUR), arriveAt: at(-HOUR) });
    const riding = await tripOf(runner, { cutoffAt: at(-2 * HOUR), arriveAt: at(-HOUR) });
    const r = await createRequest(t.db, { requester: hema, deliverer: runner, status: 'accepted' });
    await t.db.update(requests).set({ tripId: riding.id }).where(eq(requests.id, r.id));
    const open = await tripOf(runner);
    const ids = (await get(runner, '/trips/mine')).json<{ trips: Trip[] }>().trips.map((x) => x.id);
    expect(ids).toEqual([open.id, riding.id]);
    expect(ids).not.toContain(done.id);
    // The runner still sees a closed trip by its id; its status says so.
    const closed = (await get(runner, `/trips/${riding.id}`)).json<{ trip: Trip }>().trip;
    expect(closed.status).toBe('closed');
  });
});

describe('PUT /trips/{id}/attach', () => {
  it('accepts the request for the runner and tells them', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema, itemName: 'Maggi noodles' });
    const res = await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ trip: Trip }>().trip;
    expect(answer.attached).toBe(1);
    expect(answer.requests.map((r) => r.id)).toEqual([request.id]);
    expect(answer.requests[0]).toMatchObject({ status: 'accepted', tripId: trip.id });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({ status: 'accepted', delivererId: runner.id, tripId: trip.id });
    expect(row.acceptedAt).not.toBeNull();
    const told = await tripNotices(runner.id);
    expect(told.map((n) => n.message)).toEqual(['Hema added Maggi noodles to your trip']);
    const accepted = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, hema.id), eq(notifications.type, 'request_accepted')));
    expect(accepted).toHaveLength(1);
  });

  it('draws a handover code when the request asks for one', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    await t.db.update(requests).set({ handoverRequired: true }).where(eq(requests.id, request.id));
    await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id });
    const row = await requestRow(request.id);
    expect(row.handoverCodeHash).not.toBeNull();
    expect(row.handoverCodeSealed).not.toBeNull();
  });

  it('refuses by role, ownership and the request state', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    expect((await put(null, `/trips/${trip.id}/attach`, { requestId: request.id })).statusCode).toBe(401);
    expect((await put(runner, `/trips/${trip.id}/attach`, { requestId: request.id })).statusCode).toBe(403);
    const notMine = await put(other, `/trips/${trip.id}/attach`, { requestId: request.id });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().reason).toBe('notYourRequest');
    const missing = await put(hema, `/trips/${trip.id}/attach`, { requestId: crypto.randomUUID() });
    expect(missing.json()).toMatchObject({ message: 'Request not found' });
    expect(missing.statusCode).toBe(404);
    expect(
      (await put(hema, `/trips/${crypto.randomUUID()}/attach`, { requestId: request.id })).statusCode,
    ).toBe(404);
    const bad = await put(hema, `/trips/${trip.id}/attach`, { requestId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TRIP_MESSAGES.requestRequired);
    expect((await put(hema, `/trips/${trip.id}/attach`)).statusCode).toBe(400);

    const expired = await createRequest(t.db, { requester: hema, deadline: at(-MIN) });
    const accepted = await createRequest(t.db, {
      requester: hema,
      deliverer: otherRunner,
      status: 'accepted',
    });
    for (const r of [expired, accepted]) {
      const res = await put(hema, `/trips/${trip.id}/attach`, { requestId: r.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toBe('requestNotPending');
    }
    expect((await requestRow(request.id)).status).toBe('pending');
  });

  it('refuses after the cutoff, when full, and a request due before the arrival', async () => {
    const trip = await tripOf(runner, { capacity: 1 });
    const early = await createRequest(t.db, { requester: hema, deadline: at(90 * MIN) });
    const res = await put(hema, `/trips/${trip.id}/attach`, { requestId: early.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: TRIP_MESSAGES.deadlineBeforeArrival,
      reason: 'deadlineBeforeArrival',
    });

    const first = await createRequest(t.db, { requester: hema });
    expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: first.id })).statusCode).toBe(200);
    const second = await createRequest(t.db, { requester: hema });
    const full = await put(hema, `/trips/${trip.id}/attach`, { requestId: second.id });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: TRIP_MESSAGES.full, reason: 'full' });

    const closing = await tripOf(otherRunner);
    await t.db
      .update(trips)
      .set({ cutoffAt: at(-MIN) })
      .where(eq(trips.id, closing.id));
    const late = await put(hema, `/trips/${closing.id}/attach`, { requestId: second.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: TRIP_MESSAGES.cutoffPassed, reason: 'cutoffPassed' });
  });

  it('refuses between blocked users', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    await t.db.insert(userBlocks).values({ blockerId: runner.id, blockedId: hema.id });
    const res = await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('blocked');
  });

  it('gives the last seat to exactly one of two hostellers at once', async () => {
    const trip = await tripOf(runner, { capacity: 1 });
    const a = await createRequest(t.db, { requester: hema });
    const b = await createRequest(t.db, { requester: other });
    const [ra, rb] = await Promise.all([
      put(hema, `/trips/${trip.id}/attach`, { requestId: a.id }),
      put(other, `/trips/${trip.id}/attach`, { requestId: b.id }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    expect([ra, rb].find((r) => r.statusCode === 409)!.json().reason).toBe('full');
    const states = [(await requestRow(a.id)).status, (await requestRow(b.id)).status].sort();
    expect(states).toEqual(['accepted', 'pending']);
  });

  it('does not count toward the active-delivery cap', async () => {
    // The runner holds as many ordinary deliveries as allowed (2 in this file).
    for (let i = 0; i < 2; i++)
      await createRequest(t.db, { requester: other, deliverer: runner, status: 'accepted' });
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id })).statusCode).toBe(200);
    // And a trip request does not use up an ordinary accept either.
    const runner2 = await createUser(t.db, { role: 'dayscholar' });
    const trip2 = await tripOf(runner2);
    for (let i = 0; i < 2; i++) {
      const r = await createRequest(t.db, { requester: hema });
      expect((await put(hema, `/trips/${trip2.id}/attach`, { requestId: r.id })).statusCode).toBe(200);
    }
    const plain = await createRequest(t.db, { requester: other });
    expect((await put(runner2, `/requests/${plain.id}/accept`)).statusCode).toBe(200);
  });
});

describe('PUT /trips/{id}/detach', () => {
  it('returns the request to pending before the cutoff', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    await t.db.update(requests).set({ handoverRequired: true }).where(eq(requests.id, request.id));
    await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id });
    expect((await put(other, `/trips/${trip.id}/detach`, { requestId: request.id })).statusCode).toBe(403);
    expect((await put(runner, `/trips/${trip.id}/detach`, { requestId: request.id })).statusCode).toBe(403);
    const res = await put(hema, `/trips/${trip.id}/detach`, { requestId: request.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ trip: Trip }>().trip).toMatchObject({ attached: 0, requests: [] });
    expect(await requestRow(request.id)).toMatchObject({
      status: 'pending',
      delivererId: null,
      tripId: null,
      acceptedAt: null,
      handoverCodeHash: null,
      handoverCodeSealed: null,
      givenUpBy: [],
    });
    for (const body of [{}, { requestId: 'x' }, { requestId: 12 }]) {
      const bad = await put(hema, `/trips/${trip.id}/detach`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(TRIP_MESSAGES.requestRequired);
    }
    const again = await put(hema, `/trips/${trip.id}/detach`, { requestId: request.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('notOnTrip');
  });

  it('refuses after the cutoff', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id });
    await t.db
      .update(trips)
      .set({ cutoffAt: at(-MIN) })
      .where(eq(trips.id, trip.id));
    const res = await put(hema, `/trips/${trip.id}/detach`, { requestId: request.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('cutoffPassed');
    expect((await requestRow(request.id)).status).toBe('accepted');
  });

  it('finding 1: a hosteller cannot detach a request after its runner picked it up (taking back what the runner bought)', async () => {
    const trip = await tripOf(runner);
    const bread = await createRequest(t.db, { requester: hema, itemName: 'Bread' });
    const milk = await createRequest(t.db, { requester: hema, itemName: 'Milk' });
    for (const r of [bread, milk])
      expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: r.id })).statusCode).toBe(200);
    expect((await put(runner, `/requests/${bread.id}/picked-up`)).statusCode).toBe(200);

    // Only the request still waiting for its runner may come off; `can` says which.
    const seen = (await get(hema, `/trips/${trip.id}`)).json<{ trip: Trip }>().trip;
    expect(seen.can).toMatchObject({ detach: true, detachable: [milk.id] });

    const res = await put(hema, `/trips/${trip.id}/detach`, { requestId: bread.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'pickedUp',
      message: 'Your runner has already picked this up',
    });
    expect(await requestRow(bread.id)).toMatchObject({
      status: 'accepted',
      delivererId: runner.id,
      tripId: trip.id,
    });
    expect((await requestRow(bread.id)).pickedUpAt).not.toBeNull();

    expect((await put(hema, `/trips/${trip.id}/detach`, { requestId: milk.id })).statusCode).toBe(200);
    const after = (await get(hema, `/trips/${trip.id}`)).json<{ trip: Trip }>().trip;
    expect(after.can).toMatchObject({ detach: false, detachable: [] });
  });
});

describe('PUT /trips/{id}/cancel', () => {
  it('cancels for the runner only and returns every accepted request to pending', async () => {
    const trip = await tripOf(runner);
    const a = await createRequest(t.db, { requester: hema });
    const b = await createRequest(t.db, { requester: hema });
    const c = await createRequest(t.db, { requester: other });
    for (const [u, r] of [
      [hema, a],
      [hema, b],
      [other, c],
    ] as const)
      expect((await put(u, `/trips/${trip.id}/attach`, { requestId: r.id })).statusCode).toBe(200);
    // One was already delivered: it stays so.
    await t.db.update(requests).set({ status: 'completed' }).where(eq(requests.id, c.id));

    expect((await put(null, `/trips/${trip.id}/cancel`)).statusCode).toBe(401);
    expect((await put(hema, `/trips/${trip.id}/cancel`)).statusCode).toBe(403);
    const notRunner = await put(otherRunner, `/trips/${trip.id}/cancel`);
    expect(notRunner.statusCode).toBe(403);
    expect(notRunner.json().reason).toBe('notRunner');

    const res = await put(runner, `/trips/${trip.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ trip: Trip }>().trip.status).toBe('cancelled');
    for (const r of [a, b])
      expect(await requestRow(r.id)).toMatchObject({ status: 'pending', delivererId: null, tripId: null });
    expect((await requestRow(c.id)).status).toBe('completed');
    const told = await tripNotices(hema.id);
    expect(told.map((n) => n.message)).toEqual([
      'Dev cancelled the trip from Katpadi; your request is open again',
    ]);

    const again = await put(runner, `/trips/${trip.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('cancelled');
    const attach = await put(hema, `/trips/${trip.id}/attach`, { requestId: a.id });
    expect(attach.statusCode).toBe(409);
    expect(attach.json().reason).toBe('cancelled');
  });
});

describe('GET /trips/{id}/stops', () => {
  it('groups pickups by place, then drops by location, for the runner only', async () => {
    const trip = await tripOf(runner, { capacity: 10 });
    const specs = [
      { itemName: 'Milk', pickupFrom: 'Katpadi  Market', deliveryLocation: 'Block A' },
      { itemName: 'Bread', pickupFrom: ' katpadi market', deliveryLocation: 'block  a ' },
      { itemName: 'Pens', pickupFrom: 'Stationery shop', deliveryLocation: 'Block B' },
      { itemName: 'Chips', pickupFrom: null, deliveryLocation: 'Block B' },
    ];
    const ids: string[] = [];
    for (const s of specs) {
      const r = await createRequest(t.db, { requester: hema, ...s });
      expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: r.id })).statusCode).toBe(200);
      ids.push(r.id);
    }
    // A request still pending elsewhere is not on the list.
    await createRequest(t.db, { requester: hema, pickupFrom: 'Katpadi Market' });

    expect((await get(hema, `/trips/${trip.id}/stops`)).statusCode).toBe(403);
    const notRunner = await get(otherRunner, `/trips/${trip.id}/stops`);
    expect(notRunner.statusCode).toBe(403);
    expect(notRunner.json().reason).toBe('notRunner');
    const res = await get(runner, `/trips/${trip.id}/stops`);
    expect(res.statusCode).toBe(200);
    const stops = res.json<{ stops: { kind: string; place: string; items: { itemName: string }[] }[] }>()
      .stops;
    expect(stops.map((s) => [s.kind, s.place, s.items.map((i) => i.itemName)])).toEqual([
      ['pickup', 'Katpadi  Market', ['Milk', 'Bread']],
      ['pickup', 'Stationery shop', ['Pens']],
      ['pickup', 'Anywhere', ['Chips']],
      ['drop', 'Block A', ['Milk', 'Bread']],
      ['drop', 'Block B', ['Pens', 'Chips']],
    ]);
  });
});

describe('giving a trip request up', () => {
  it('makes it a plain pending request again', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id });
    expect((await put(runner, `/requests/${request.id}/cancel-delivery`)).statusCode).toBe(200);
    expect(await requestRow(request.id)).toMatchObject({
      status: 'pending',
      tripId: null,
      delivererId: null,
    });
  });
});

describe('finding 8: attach/detach abuse', () => {
  it('finding 8: attach/detach loop tells the runner of a request once, and adding more than 10 times an hour is 429', async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema, itemName: 'Maggi noodles' });
    for (let cycle = 0; cycle < 5; cycle++) {
      expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id })).statusCode).toBe(200);
      expect((await put(hema, `/trips/${trip.id}/detach`, { requestId: request.id })).statusCode).toBe(200);
    }
    expect((await tripNotices(runner.id)).map((n) => n.message)).toEqual([
      'Hema added Maggi noodles to your trip',
    ]);
    // Another request of theirs is news to the runner.
    const second = await createRequest(t.db, { requester: hema, itemName: 'Soap' });
    expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: second.id })).statusCode).toBe(200);
    expect(await tripNotices(runner.id)).toHaveLength(2);
    for (let i = 0; i < 4; i++) {
      expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id })).statusCode).toBe(200);
      expect((await put(hema, `/trips/${trip.id}/detach`, { requestId: request.id })).statusCode).toBe(200);
    }
    // Ten adds this hour: the eleventh is refused before anything changes.
    const limited = await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ reason: 'rateLimited', message: TRIP_MESSAGES.attachTooOften });
    expect((await requestRow(request.id)).status).toBe('pending');
    expect(await tripNotices(runner.id)).toHaveLength(2);
    // Another hosteller is not held back by Hema's adds.
    const theirs = await createRequest(t.db, { requester: other });
    expect((await put(other, `/trips/${trip.id}/attach`, { requestId: theirs.id })).statusCode).toBe(200);
  });

  it("finding 8: detaching another's request is refused in words about taking off", async () => {
    const trip = await tripOf(runner);
    const request = await createRequest(t.db, { requester: hema });
    expect((await put(hema, `/trips/${trip.id}/attach`, { requestId: request.id })).statusCode).toBe(200);
    const res = await put(other, `/trips/${trip.id}/detach`, { requestId: request.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      reason: 'notYourRequest',
      message: 'You can only take off your own requests',
    });
    expect((await requestRow(request.id)).status).toBe('accepted');
  });
});
