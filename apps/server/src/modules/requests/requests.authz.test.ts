import { eq } from 'drizzle-orm';
import type { DeliveryRequest } from '@campusrun/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

/**
 * The authorization matrix: every request and rating endpoint × every kind of caller × every request
 * status. "assigned" is the day scholar who accepted the request (for a pending request: a day scholar
 * who has not accepted it); a cancelled request here was accepted before the requester cancelled it;
 * an expired one is pending with its deadline passed.
 */
const ACTORS = ['anonymous', 'owner', 'otherHosteller', 'assigned', 'otherDayScholar'] as const;
type ActorName = (typeof ACTORS)[number];
const STATES = ['pending', 'accepted', 'completed', 'cancelled', 'expired'] as const;
type State = (typeof STATES)[number];

/** A status code for every state, or one per state in STATES order. */
type Expect = number | [number, number, number, number, number];

const PER_REQUEST: Record<string, Record<ActorName, Expect>> = {
  'GET /requests/:id': {
    anonymous: 401,
    owner: 200,
    otherHosteller: [200, 200, 404, 404, 200],
    assigned: 200,
    otherDayScholar: [200, 200, 404, 404, 200],
  },
  'PUT /requests/:id/accept': {
    anonymous: 401,
    owner: 403,
    otherHosteller: 403,
    assigned: [200, 409, 409, 409, 409],
    otherDayScholar: [200, 409, 409, 409, 409],
  },
  'PUT /requests/:id/deliver': {
    anonymous: 401,
    owner: 403,
    otherHosteller: 403,
    assigned: [403, 200, 409, 409, 403],
    otherDayScholar: 403,
  },
  'PUT /requests/:id/cancel': {
    anonymous: 401,
    owner: [200, 200, 409, 409, 200],
    otherHosteller: 403,
    assigned: 403,
    otherDayScholar: 403,
  },
  'PUT /requests/:id/cancel-delivery': {
    anonymous: 401,
    owner: 403,
    otherHosteller: 403,
    assigned: [403, 200, 409, 409, 403],
    otherDayScholar: 403,
  },
  'PUT /requests/:id/repost': {
    anonymous: 401,
    owner: [409, 409, 409, 409, 200],
    otherHosteller: 403,
    assigned: 403,
    otherDayScholar: 403,
  },
  'POST /ratings': {
    anonymous: 401,
    owner: [409, 409, 201, 409, 409],
    otherHosteller: 403,
    assigned: [403, 409, 201, 409, 403],
    otherDayScholar: 403,
  },
};

/** The `can` flag that promises each action (the web shows a button exactly when it is true). */
const CAN_KEY: Record<string, keyof DeliveryRequest['can']> = {
  'PUT /requests/:id/accept': 'accept',
  'PUT /requests/:id/deliver': 'complete',
  'PUT /requests/:id/cancel': 'cancel',
  'PUT /requests/:id/cancel-delivery': 'cancelDelivery',
  'PUT /requests/:id/repost': 'repost',
  'POST /ratings': 'rate',
};

const hostellerOnly = {
  anonymous: 401,
  owner: 200,
  otherHosteller: 200,
  assigned: 403,
  otherDayScholar: 403,
};
const dayScholarOnly = {
  anonymous: 401,
  owner: 403,
  otherHosteller: 403,
  assigned: 200,
  otherDayScholar: 200,
};
const LISTS: Record<string, Record<ActorName, number>> = {
  'POST /requests': { ...hostellerOnly, owner: 201, otherHosteller: 201 },
  'GET /requests/my-requests': hostellerOnly,
  'GET /requests/my-deliveries': dayScholarOnly,
  'GET /hosteller/stats': hostellerOnly,
  'GET /hosteller/requests/recent': hostellerOnly,
  'GET /hosteller/products/recent': hostellerOnly,
  'GET /dayscholar/stats': dayScholarOnly,
  'GET /dayscholar/requests/available': dayScholarOnly,
  'GET /dayscholar/deliveries/active': dayScholarOnly,
  'GET /ratings/user/:owner': {
    anonymous: 401,
    owner: 200,
    otherHosteller: 200,
    assigned: 200,
    otherDayScholar: 200,
  },
};

let t: TestApp;
const people = {} as Record<Exclude<ActorName, 'anonymous'>, { id: string; tokenVersion: number }>;
const headers = {} as Record<ActorName, Record<string, string>>;

beforeAll(async () => {
  // "assigned" holds many accepted requests at once here; the limit on active deliveries has its own tests.
  t = await buildTestApp({ maxActiveDeliveries: 1000 });
  people.owner = await createUser(t.db, { role: 'hosteller', name: 'Owner' });
  people.otherHosteller = await createUser(t.db, { role: 'hosteller', name: 'Other Hosteller' });
  people.assigned = await createUser(t.db, { role: 'dayscholar', name: 'Assigned' });
  people.otherDayScholar = await createUser(t.db, { role: 'dayscholar', name: 'Other Day Scholar' });
  headers.anonymous = {};
  for (const name of ACTORS.slice(1) as Exclude<ActorName, 'anonymous'>[])
    headers[name] = await authAs(t, people[name]);
});
afterAll(() => t.close());

/** A fresh request owned by `owner` in the given state. */
function requestIn(state: State) {
  const open = state === 'pending' || state === 'expired';
  return createRequest(t.db, {
    requester: people.owner,
    deliverer: open ? null : people.assigned,
    status: open ? 'pending' : state,
    ...(state === 'expired' ? { deadline: new Date(Date.now() - 60_000) } : {}),
  });
}

function call(endpoint: string, actor: ActorName, requestId: string) {
  const [method, path] = endpoint.split(' ') as ['GET' | 'PUT' | 'POST', string];
  const url = `/api${path.replace(':id', requestId).replace(':owner', people.owner.id)}`;
  const isHosteller = actor === 'owner' || actor === 'otherHosteller';
  const payload =
    endpoint === 'POST /ratings'
      ? {
          requestId,
          rating: 5,
          userId: isHosteller ? people.assigned.id : people.owner.id,
          ratingType: isHosteller ? 'hosteller_to_dayscholar' : 'dayscholar_to_hosteller',
        }
      : endpoint === 'POST /requests'
        ? {
            itemName: 'Milk',
            expectedPrice: 30,
            deadline: new Date(Date.now() + 3600_000).toISOString(),
            deliveryLocation: 'Block A',
          }
        : endpoint.endsWith('/deliver')
          ? { deliveryNotes: 'At the gate' }
          : endpoint.endsWith('/repost')
            ? { deadline: new Date(Date.now() + 3600_000).toISOString() }
            : undefined;
  return t.app.inject({ method, url, headers: headers[actor], ...(payload ? { payload } : {}) });
}

const snapshot = async (id: string) =>
  (
    await t.db
      .select({ status: requests.status, delivererId: requests.delivererId })
      .from(requests)
      .where(eq(requests.id, id))
  )[0];

describe.each(Object.entries(PER_REQUEST))('%s', (endpoint, byActor) => {
  it.each(ACTORS)('as %s, in every status', async (actor) => {
    const rule = byActor[actor];
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const [i, state] of STATES.entries()) {
      const request = await requestIn(state);
      const before = await snapshot(request.id);
      const res = await call(endpoint, actor, request.id);
      got[state] = res.statusCode;
      want[state] = typeof rule === 'number' ? rule : rule[i]!;
      if (res.statusCode >= 400) {
        // Refusals carry the error shape and change nothing.
        expect(res.json()).toEqual({
          message: expect.any(String),
          code: expect.any(String),
          reason: expect.any(String),
        });
        expect(await snapshot(request.id)).toEqual(before);
      }
    }
    expect(got).toEqual(want);
  });
});

describe.each(Object.entries(CAN_KEY))('%s and `can`', (endpoint, key) => {
  it.each(ACTORS.slice(1))('as %s: can.%s is true exactly when the call succeeds', async (actor) => {
    const promised: Record<string, boolean> = {};
    const done: Record<string, boolean> = {};
    for (const state of STATES) {
      const request = await requestIn(state);
      const seen = await t.app.inject({
        method: 'GET',
        url: `/api/requests/${request.id}`,
        headers: headers[actor],
      });
      // A request the caller may not see shows them no buttons at all.
      promised[state] = seen.statusCode === 200 && (seen.json().request as DeliveryRequest).can[key];
      done[state] = (await call(endpoint, actor, request.id)).statusCode < 300;
    }
    expect(promised).toEqual(done);
  });
});

describe.each(Object.entries(LISTS))('%s', (endpoint, byActor) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const res = await call(endpoint, actor, '');
    expect(res.statusCode).toBe(byActor[actor]);
  });
});

describe('accounts that may not use requests yet', () => {
  it('refuses a signed-in user with an incomplete profile on every request endpoint', async () => {
    const google = await createUser(t.db, { role: 'dayscholar' });
    await t.db.update(users).set({ isProfileComplete: false, role: null }).where(eq(users.id, google.id));
    const h = await authAs(t, google);
    const request = await requestIn('pending');
    for (const endpoint of [...Object.keys(PER_REQUEST), ...Object.keys(LISTS)]) {
      if (endpoint.startsWith('GET /ratings/user')) continue;
      const [method, path] = endpoint.split(' ') as ['GET' | 'PUT' | 'POST', string];
      const res = await t.app.inject({
        method,
        url: `/api${path.replace(':id', request.id)}`,
        headers: h,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect([endpoint, res.statusCode]).toEqual([endpoint, 403]);
      expect(res.json().message).toBe('Please complete your profile to continue.');
    }
  });

  it('answers 401 to a forged token', async () => {
    const request = await requestIn('pending');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/requests/${request.id}`,
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(res.statusCode).toBe(401);
  });
});
