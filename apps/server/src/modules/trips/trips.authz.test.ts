import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

/**
 * The authorization matrix of the trip endpoints: every endpoint × every kind of caller, each call
 * on a fresh trip of "runner" that carries one request of "owner" (who has another pending).
 */
const ACTORS = ['anonymous', 'runner', 'otherDayScholar', 'owner', 'otherHosteller'] as const;
type ActorName = (typeof ACTORS)[number];

const MATRIX: Record<string, Record<ActorName, number>> = {
  'GET /trips': { anonymous: 401, runner: 200, otherDayScholar: 200, owner: 200, otherHosteller: 200 },
  'GET /trips/mine': { anonymous: 401, runner: 200, otherDayScholar: 200, owner: 403, otherHosteller: 403 },
  // The runner already has an open trip.
  'POST /trips': { anonymous: 401, runner: 409, otherDayScholar: 201, owner: 403, otherHosteller: 403 },
  'GET /trips/:id': { anonymous: 401, runner: 200, otherDayScholar: 200, owner: 200, otherHosteller: 200 },
  'PUT /trips/:id/attach': {
    anonymous: 401,
    runner: 403,
    otherDayScholar: 403,
    owner: 200,
    otherHosteller: 403,
  },
  'PUT /trips/:id/detach': {
    anonymous: 401,
    runner: 403,
    otherDayScholar: 403,
    owner: 200,
    otherHosteller: 403,
  },
  'PUT /trips/:id/cancel': {
    anonymous: 401,
    runner: 200,
    otherDayScholar: 403,
    owner: 403,
    otherHosteller: 403,
  },
  'GET /trips/:id/stops': {
    anonymous: 401,
    runner: 200,
    otherDayScholar: 403,
    owner: 403,
    otherHosteller: 403,
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function fixture() {
  const people = {
    runner: await createUser(t.db, { role: 'dayscholar', name: 'Dev' }),
    otherDayScholar: await createUser(t.db, { role: 'dayscholar' }),
    owner: await createUser(t.db, { role: 'hosteller', name: 'Hema' }),
    otherHosteller: await createUser(t.db, { role: 'hosteller' }),
  };
  const [trip] = await t.db
    .insert(trips)
    .values({
      runnerId: people.runner.id,
      from: 'Katpadi',
      cutoffAt: new Date(Date.now() + 3600_000),
      arriveAt: new Date(Date.now() + 2 * 3600_000),
      capacity: 3,
    })
    .returning();
  const riding = await createRequest(t.db, { requester: people.owner });
  const spare = await createRequest(t.db, { requester: people.owner });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/trips/${trip!.id}/attach`,
    headers: await authAs(t, people.owner),
    payload: { requestId: riding.id },
  });
  expect(res.statusCode).toBe(200);
  return { people, trip: trip!, riding, spare };
}

async function call(endpoint: string, actor: ActorName) {
  const { people, trip, riding, spare } = await fixture();
  const [method, path] = endpoint.split(' ') as ['GET' | 'PUT' | 'POST', string];
  const payload = endpoint.endsWith('/attach')
    ? { requestId: spare.id }
    : endpoint.endsWith('/detach')
      ? { requestId: riding.id }
      : method === 'POST'
        ? {
            from: 'Vellore',
            arriveAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
            cutoffAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
            capacity: 2,
          }
        : undefined;
  return t.app.inject({
    method,
    url: `/api${path.replace(':id', trip.id)}`,
    headers: actor === 'anonymous' ? {} : await authAs(t, people[actor]),
    ...(payload ? { payload } : {}),
  });
}

describe.each(Object.entries(MATRIX))('%s', (endpoint, byActor) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const res = await call(endpoint, actor);
    expect(res.statusCode).toBe(byActor[actor]);
    if (res.statusCode >= 400)
      expect(res.json()).toEqual({
        message: expect.any(String),
        code: expect.any(String),
        reason: expect.any(String),
      });
  });
});
