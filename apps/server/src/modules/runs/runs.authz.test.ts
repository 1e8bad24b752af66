import { eq } from 'drizzle-orm';
import type { Run } from '@campusrun/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, runs } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';

/**
 * The authorization matrix: every run endpoint × every kind of caller × every run state. "deliverer"
 * is the day scholar who accepted the run (before that, a day scholar like any other); a closed run
 * is open with its cutoff passed; a cancelled one lost every request (the participant left, then
 * the starter cancelled theirs).
 */
const ACTORS = ['anonymous', 'starter', 'participant', 'otherHosteller', 'dayScholar', 'deliverer'] as const;
type ActorName = (typeof ACTORS)[number];
const STATES = ['open', 'closed', 'accepted', 'cancelled'] as const;
type State = (typeof STATES)[number];
type Expect = number | [number, number, number, number];

const MATRIX: Record<string, Record<ActorName, Expect>> = {
  'GET /runs/:id': {
    anonymous: 401,
    starter: 200,
    participant: 200,
    otherHosteller: [200, 200, 404, 404],
    dayScholar: [200, 200, 404, 404],
    deliverer: [200, 200, 200, 404],
  },
  'POST /runs/:id/join': {
    anonymous: 401,
    starter: 409,
    participant: 409,
    otherHosteller: [201, 409, 409, 409],
    dayScholar: 403,
    deliverer: 403,
  },
  'DELETE /runs/:id/join': {
    anonymous: 401,
    starter: 409,
    participant: [200, 409, 409, 409],
    otherHosteller: 409,
    dayScholar: 403,
    deliverer: 403,
  },
  'PUT /runs/:id/accept': {
    anonymous: 401,
    starter: 403,
    participant: 403,
    otherHosteller: 403,
    dayScholar: [200, 200, 409, 409],
    deliverer: [200, 200, 409, 409],
  },
};

/** The `can` flag that promises each action. */
const CAN_KEY: Record<string, keyof Run['can']> = {
  'POST /runs/:id/join': 'join',
  'DELETE /runs/:id/join': 'leave',
  'PUT /runs/:id/accept': 'accept',
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const item = { itemName: 'Bananas', quantity: 1, deliveryLocation: 'Block C' };

async function scenario(state: State) {
  const people = {} as Record<Exclude<ActorName, 'anonymous'>, Record<string, string>>;
  for (const name of ACTORS.slice(1)) {
    const role = name === 'dayScholar' || name === 'deliverer' ? 'dayscholar' : 'hosteller';
    people[name as Exclude<ActorName, 'anonymous'>] = await authAs(t, await createUser(t.db, { role }));
  }
  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const started = await call('POST', '/api/runs', people.starter, {
    pickupFrom: 'Katpadi market',
    cutoffAt: new Date(Date.now() + HOUR).toISOString(),
    deadline: new Date(Date.now() + 3 * HOUR).toISOString(),
    totalFee: 60,
    item,
  });
  const run = started.json().run as Run;
  expect((await call('POST', `/api/runs/${run.id}/join`, people.participant, item)).statusCode).toBe(201);
  if (state === 'closed' || state === 'accepted')
    await t.db
      .update(runs)
      .set({ cutoffAt: new Date(Date.now() - 1000) })
      .where(eq(runs.id, run.id));
  if (state === 'accepted')
    expect((await call('PUT', `/api/runs/${run.id}/accept`, people.deliverer)).statusCode).toBe(200);
  if (state === 'cancelled') {
    expect((await call('DELETE', `/api/runs/${run.id}/join`, people.participant)).statusCode).toBe(200);
    const mine = run.requests[0]!.id;
    expect((await call('PUT', `/api/requests/${mine}/cancel`, people.starter)).statusCode).toBe(200);
    const [row] = await t.db.select().from(runs).where(eq(runs.id, run.id));
    expect(row!.status).toBe('cancelled');
  }
  return { run, people };
}

const expected = (e: Expect, state: State) => (typeof e === 'number' ? e : e[STATES.indexOf(state)]);

describe.each(STATES)('a run that is %s', (state) => {
  for (const [endpoint, byActor] of Object.entries(MATRIX))
    for (const actor of ACTORS)
      it(`${endpoint} by ${actor}: ${expected(byActor[actor], state)}`, async () => {
        const { run, people } = await scenario(state);
        const [method, path] = endpoint.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
        const headers = actor === 'anonymous' ? {} : people[actor];
        // What the GET promised before the call, when the actor may see the run.
        const seen =
          actor === 'anonymous'
            ? undefined
            : await t.app.inject({ method: 'GET', url: `/api/runs/${run.id}`, headers });
        const res = await t.app.inject({
          method,
          url: `/api${path.replace(':id', run.id)}`,
          headers,
          ...(method === 'POST' ? { payload: item } : {}),
        });
        const want = expected(byActor[actor], state)!;
        expect(res.statusCode, res.body).toBe(want);
        const key = CAN_KEY[endpoint];
        if (key && seen?.statusCode === 200)
          expect((seen.json().run as Run).can[key]).toBe(want === 200 || want === 201);
        // A refused call changed nothing.
        if (want >= 400) {
          const rows = await t.db.select().from(requests).where(eq(requests.runId, run.id));
          expect(rows.length).toBe(2);
        }
      });
});
