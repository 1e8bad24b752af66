import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_LIMITS, RUN_MESSAGES, type DeliveryRequest, type Run } from '@campusrun/shared';
import { requests, runs, userBlocks, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

/** Shared runs through the API: starting, joining, leaving, the fee split, accepting, cancelling. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ maxActiveDeliveries: 2 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const inject = (method: Method, url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function member(role: 'hosteller' | 'dayscholar') {
  const user = await createUser(t.db, { role });
  return { ...user, h: await authAs(t, user) };
}
type Member = Awaited<ReturnType<typeof member>>;

const HOUR = 3_600_000;
const item = (extra: object = {}) => ({
  itemName: 'Bananas',
  quantity: 2,
  deliveryLocation: 'Block C',
  ...extra,
});
const runBody = (extra: object = {}) => ({
  pickupFrom: 'Katpadi market',
  cutoffAt: new Date(Date.now() + HOUR).toISOString(),
  deadline: new Date(Date.now() + 3 * HOUR).toISOString(),
  totalFee: 80,
  item: item(),
  ...extra,
});

async function startRun(starter: Member, extra: object = {}): Promise<Run> {
  const res = await inject('POST', '/api/runs', starter.h, runBody(extra));
  expect(res.statusCode).toBe(201);
  return res.json().run;
}
const join = (run: { id: string }, who: Member, body: object = item()) =>
  inject('POST', `/api/runs/${run.id}/join`, who.h, body);
const leave = (run: { id: string }, who: Member) => inject('DELETE', `/api/runs/${run.id}/join`, who.h);
const accept = (run: { id: string }, who: Member) => inject('PUT', `/api/runs/${run.id}/accept`, who.h);
const getRun = (run: { id: string }, who: Member) => inject('GET', `/api/runs/${run.id}`, who.h);

/** The run's requests as stored, first first. */
const stored = (runId: string) =>
  t.db.select().from(requests).where(eq(requests.runId, runId)).orderBy(requests.number);
const liveFees = async (runId: string) =>
  (await stored(runId)).filter((r) => r.status !== 'cancelled').map((r) => r.expectedPrice);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const block = (a: { id: string }, b: { id: string }) =>
  t.db.insert(userBlocks).values({ blockerId: a.id, blockedId: b.id });

describe('POST /runs', () => {
  it("starts a run with the starter's request carrying the whole fee", async () => {
    const starter = await member('hosteller');
    const run = await startRun(starter, { item: item({ itemCost: 120, description: 'ripe ones' }) });
    expect(run).toMatchObject({
      starter: { id: starter.id },
      deliverer: null,
      pickupFrom: 'Katpadi market',
      totalFee: 80,
      status: 'open',
      participants: 1,
      items: 2,
      blocks: 1,
      share: 80,
      shareIfJoined: 40,
      can: { join: false, leave: false, accept: false },
    });
    expect(run.requests).toHaveLength(1);
    expect(run.myRequestId).toBe(run.requests[0]!.id);
    expect(run.requests[0]).toMatchObject({
      runId: run.id,
      expectedPrice: 80,
      itemCost: 120,
      pickupFrom: 'Katpadi market',
      deadline: run.deadline,
      status: 'pending',
      isUrgent: false,
      handoverRequired: true,
      can: { accept: false, cancel: true },
    });
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['no item', runBody({ item: undefined })],
    ['an item without a name', runBody({ item: item({ itemName: '' }) })],
    ['a fee below ₹10', runBody({ totalFee: 9.99 })],
    ['a fee above ₹10,000', runBody({ totalFee: 10_001 })],
    ['a fee of three decimals', runBody({ totalFee: 10.005 })],
    ['a fee that is text', runBody({ totalFee: 'lots' })],
    ['a cutoff in the past', runBody({ cutoffAt: new Date(Date.now() - HOUR).toISOString() })],
    ['a cutoff after the deadline', runBody({ cutoffAt: new Date(Date.now() + 4 * HOUR).toISOString() })],
    ['a deadline that is no date', runBody({ deadline: 'tomorrow' })],
    ['a quantity of 0', runBody({ item: item({ quantity: 0 }) })],
    ['an array', [1, 2]],
    ['a wrong category', runBody({ item: item({ category: 'weapons' }) })],
  ])('%s: 400', async (_, body) => {
    const starter = await member('hosteller');
    const res = await inject('POST', '/api/runs', starter.h, body);
    expect(res.statusCode).toBe(400);
  });

  it('only hostellers start runs', async () => {
    const ds = await member('dayscholar');
    expect((await inject('POST', '/api/runs', ds.h, runBody())).statusCode).toBe(403);
    expect((await inject('POST', '/api/runs', {}, runBody())).statusCode).toBe(401);
  });
});

describe('joining and leaving: the fee split', () => {
  it('each join and leave shares the fee out again, the remainder on the first request', async () => {
    const starter = await member('hosteller');
    const run = await startRun(starter, { totalFee: 10.07 });
    const others = await Promise.all(Array.from({ length: 4 }, () => member('hosteller')));
    for (const [i, h] of others.entries()) {
      const res = await join(run, h, item({ deliveryLocation: i % 2 ? ' block c ' : `Block ${i}` }));
      expect(res.statusCode).toBe(201);
      const fees = await liveFees(run.id);
      expect(fees).toHaveLength(i + 2);
      expect(sum(fees)).toBe(1007);
      const base = Math.floor(1007 / (i + 2));
      expect(fees.slice(1).every((f) => f === base)).toBe(true);
      const answer: Run = res.json().run;
      expect(answer).toMatchObject({
        participants: i + 2,
        share: base / 100,
        can: { join: false, leave: true },
      });
      expect(answer.shareIfJoined).toBe(Math.floor(1007 / (i + 3)) / 100);
      expect(answer.requests).toHaveLength(1);
      expect(answer.requests[0]!.requester.id).toBe(h.id);
    }
    // Block 0, Block 2, and "Block C" spelled three ways.
    expect((await getRun(run, starter)).json().run).toMatchObject({ participants: 5, items: 10, blocks: 3 });

    const left = await leave(run, others[1]!);
    expect(left.statusCode).toBe(200);
    expect(left.json().run).toMatchObject({ participants: 4, myRequestId: null, can: { join: true } });
    const fees = await liveFees(run.id);
    expect(fees).toEqual([254, 251, 251, 251]);
    expect(sum(fees)).toBe(1007);
    const mine = (await stored(run.id)).find((r) => r.requesterId === others[1]!.id)!;
    expect(mine).toMatchObject({ status: 'cancelled', runId: run.id });
  });

  it('refuses a second join, a leave by the starter or by someone not in it', async () => {
    const starter = await member('hosteller');
    const other = await member('hosteller');
    const stranger = await member('hosteller');
    const run = await startRun(starter);
    expect((await join(run, other)).statusCode).toBe(201);
    const again = await join(run, other);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'alreadyJoined', message: RUN_MESSAGES.alreadyJoined });
    expect((await join(run, starter)).json().reason).toBe('alreadyJoined');
    const starterLeaves = await leave(run, starter);
    expect(starterLeaves.statusCode).toBe(409);
    expect(starterLeaves.json().reason).toBe('starterCannotLeave');
    expect((await leave(run, stranger)).json().reason).toBe('notJoined');
    expect(await liveFees(run.id)).toEqual([4000, 4000]);
  });

  it('two joins by the same hosteller at once: one gets in', async () => {
    const run = await startRun(await member('hosteller'));
    const other = await member('hosteller');
    const codes = (await Promise.all([join(run, other), join(run, other)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect(await liveFees(run.id)).toEqual([4000, 4000]);
  });

  it(`a run takes ${RUN_LIMITS.participantsMax} people at most`, async () => {
    const run = await startRun(await member('hosteller'), { totalFee: 10 });
    for (let i = 1; i < RUN_LIMITS.participantsMax; i++)
      expect((await join(run, await member('hosteller'))).statusCode).toBe(201);
    const full = await join(run, await member('hosteller'));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ reason: 'full', message: RUN_MESSAGES.full });
    const fees = await liveFees(run.id);
    expect(fees).toEqual(Array(10).fill(100));
    // Full runs are not offered to others.
    const outsider = await member('hosteller');
    const listed = (await inject('GET', '/api/runs', outsider.h)).json().runs as Run[];
    expect(listed.some((r) => r.id === run.id)).toBe(false);
  });

  it('two hostellers joining the last place at once: one gets it', async () => {
    const run = await startRun(await member('hosteller'), { totalFee: 10.09 });
    for (let i = 2; i < RUN_LIMITS.participantsMax; i++)
      expect((await join(run, await member('hosteller'))).statusCode).toBe(201);
    const [a, b] = [await member('hosteller'), await member('hosteller')];
    const codes = (await Promise.all([join(run, a), join(run, b)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const fees = await liveFees(run.id);
    expect(fees).toHaveLength(RUN_LIMITS.participantsMax);
    expect(sum(fees)).toBe(1009);
  });

  it('after the cutoff nobody joins or leaves', async () => {
    const starter = await member('hosteller');
    const other = await member('hosteller');
    const run = await startRun(starter);
    expect((await join(run, other)).statusCode).toBe(201);
    await t.db
      .update(runs)
      .set({ cutoffAt: new Date(Date.now() - 1000) })
      .where(eq(runs.id, run.id));
    const late = await join(run, await member('hosteller'));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'cutoffPassed', message: RUN_MESSAGES.cutoffPassed });
    expect((await leave(run, other)).json().reason).toBe('cutoffPassed');
    expect((await getRun(run, starter)).json().run).toMatchObject({
      status: 'closed',
      can: { join: false, leave: false },
    });
  });

  it('blocked with a participant: 403; with the starter: 404, as a run that does not exist', async () => {
    const starter = await member('hosteller');
    const other = await member('hosteller');
    const run = await startRun(starter);
    expect((await join(run, other)).statusCode).toBe(201);
    const foe = await member('hosteller');
    await block(other, foe);
    const res = await join(run, foe);
    expect(res.statusCode).toBe(403);
    const foe2 = await member('hosteller');
    await block(foe2, starter);
    const hidden = await join(run, foe2);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: RUN_MESSAGES.notFound, reason: 'notFound' });
    // Nor is it listed for someone blocked with its starter.
    const listed = (await inject('GET', '/api/runs', foe2.h)).json().runs as Run[];
    expect(listed.some((r) => r.id === run.id)).toBe(false);
    expect((await getRun(run, foe2)).statusCode).toBe(404);
  });

  it('bad input and bad ids: 400 and 404, never 500', async () => {
    const starter = await member('hosteller');
    const other = await member('hosteller');
    const run = await startRun(starter);
    for (const body of [undefined, {}, { itemName: '' }, { ...item(), quantity: -1 }, ['x'], [item()]])
      expect((await inject('POST', `/api/runs/${run.id}/join`, other.h, body)).statusCode).toBe(400);
    for (const bad of ['nope', '00000000-0000-0000-0000-000000000000']) {
      expect((await join({ id: bad }, other)).statusCode).toBe(404);
      expect((await leave({ id: bad }, other)).statusCode).toBe(404);
      expect((await getRun({ id: bad }, other)).statusCode).toBe(404);
      expect((await accept({ id: bad }, await member('dayscholar'))).statusCode).toBe(404);
    }
  });
});

describe('who may call what', () => {
  it('the endpoints by role: anonymous 401, the wrong role 403', async () => {
    const starter = await member('hosteller');
    const ds = await member('dayscholar');
    const run = await startRun(starter);
    const cases: [Method, string, unknown][] = [
      ['GET', '/api/runs', undefined],
      ['GET', `/api/runs/${run.id}`, undefined],
      ['POST', '/api/runs', runBody()],
      ['POST', `/api/runs/${run.id}/join`, item()],
      ['DELETE', `/api/runs/${run.id}/join`, undefined],
      ['PUT', `/api/runs/${run.id}/accept`, undefined],
    ];
    for (const [method, url, body] of cases)
      expect((await inject(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
    // Day scholars neither start, join nor leave; hostellers do not accept. Refused before the body.
    expect((await inject('POST', '/api/runs', ds.h, {})).statusCode).toBe(403);
    expect((await inject('POST', `/api/runs/${run.id}/join`, ds.h, {})).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/runs/${run.id}/join`, ds.h)).statusCode).toBe(403);
    expect((await accept(run, starter)).statusCode).toBe(403);
    expect((await accept(run, await member('hosteller'))).statusCode).toBe(403);
  });

  it('who sees which requests of a run', async () => {
    const starter = await member('hosteller');
    const other = await member('hosteller');
    const outsider = await member('hosteller');
    const ds = await member('dayscholar');
    const rival = await member('dayscholar');
    const run = await startRun(starter);
    await join(run, other);

    const seen = async (who: Member) => {
      const res = await getRun(run, who);
      return res.statusCode === 200 ? (res.json().run as Run) : res.statusCode;
    };
    // Before the accept: participants their own, hostellers outside nothing, day scholars all.
    expect((await seen(starter)) as Run).toMatchObject({ requests: [{ requester: { id: starter.id } }] });
    expect(((await seen(other)) as Run).requests.map((r) => r.requester.id)).toEqual([other.id]);
    expect((await seen(outsider)) as Run).toMatchObject({ requests: [], can: { join: true } });
    const forDs = (await seen(ds)) as Run;
    expect(forDs.requests.map((r) => r.requester.id)).toEqual([starter.id, other.id]);
    expect(forDs.can).toEqual({ join: false, leave: false, accept: true });
    expect(forDs.requests.every((r) => r.contact === null && !r.can.accept)).toBe(true);

    expect((await accept(run, ds)).statusCode).toBe(200);
    // After: its deliverer all (with contact details), the others nothing; outsiders do not see it.
    const forDeliverer = (await seen(ds)) as Run;
    expect(forDeliverer.requests).toHaveLength(2);
    expect(forDeliverer.requests.every((r) => r.contact !== null)).toBe(true);
    expect(await seen(rival)).toBe(404);
    expect(await seen(outsider)).toBe(404);
    expect((await seen(other)) as Run).toMatchObject({
      status: 'accepted',
      requests: [{ status: 'accepted' }],
    });
  });

  it('lists: hostellers the runs open to join and their own, day scholars those open to accept', async () => {
    const starter = await member('hosteller');
    const other = await member('hosteller');
    const ds = await member('dayscholar');
    const open = await startRun(starter);
    const closed = await startRun(starter);
    await t.db
      .update(runs)
      .set({ cutoffAt: new Date(Date.now() - 1000) })
      .where(eq(runs.id, closed.id));
    const ids = async (who: Member) =>
      ((await inject('GET', '/api/runs?limit=100', who.h)).json().runs as Run[]).map((r) => r.id);
    expect(await ids(other)).toContain(open.id);
    expect(await ids(other)).not.toContain(closed.id);
    expect(await ids(starter)).toEqual(expect.arrayContaining([open.id, closed.id]));
    expect(await ids(ds)).toEqual(expect.arrayContaining([open.id, closed.id]));
    const listed = ((await inject('GET', '/api/runs?limit=100', ds.h)).json().runs as Run[]).find(
      (r) => r.id === closed.id,
    )!;
    expect(listed).toMatchObject({ status: 'closed', requests: [], can: { accept: true } });

    // A suspended starter's runs, and one blocked with the day scholar, are hidden.
    const blocked = await startRun(other);
    await block(ds, other);
    expect(await ids(ds)).not.toContain(blocked.id);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, starter.id));
    expect(await ids(ds)).not.toContain(open.id);
    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, starter.id));

    // Once accepted, it leaves the day scholars' list.
    expect((await accept(open, ds)).statusCode).toBe(200);
    expect(await ids(await member('dayscholar'))).not.toContain(open.id);
    expect(await ids(starter)).toContain(open.id);
  });
});

describe('PUT /runs/{id}/accept', () => {
  it('accepts every live request at once, each with its own code, and leaves joining closed', async () => {
    const starter = await member('hosteller');
    const others = [await member('hosteller'), await member('hosteller')];
    const run = await startRun(starter);
    for (const h of others) await join(run, h);
    await leave(run, others[1]!);
    const ds = await member('dayscholar');
    const res = await accept(run, ds);
    expect(res.statusCode).toBe(200);
    expect(res.json().run).toMatchObject({
      status: 'accepted',
      deliverer: { id: ds.id },
      can: { join: false, leave: false, accept: false },
    });
    const rows = await stored(run.id);
    expect(rows.map((r) => r.status)).toEqual(['accepted', 'accepted', 'cancelled']);
    expect(rows.slice(0, 2).every((r) => r.delivererId === ds.id && r.acceptedAt)).toBe(true);
    expect(rows[2]!.delivererId).toBeNull();
    const late = await join(run, await member('hosteller'));
    expect(late.statusCode).toBe(409);
    expect(late.json().reason).toBe('notOpen');
    // Each request then lives on its own: its requester sees who accepted it.
    const mine = await inject('GET', `/api/requests/${rows[1]!.id}`, others[0]!.h);
    expect(mine.json().request).toMatchObject({ status: 'accepted', deliverer: { id: ds.id } });
  });

  it('two day scholars at once: one wins, the other gets 409, and every request is the winner’s', async () => {
    const starter = await member('hosteller');
    const run = await startRun(starter);
    await join(run, await member('hosteller'));
    await join(run, await member('hosteller'));
    const a = await member('dayscholar');
    const b = await member('dayscholar');
    const [ra, rb] = await Promise.all([accept(run, a), accept(run, b)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json()).toMatchObject({ reason: 'taken', message: RUN_MESSAGES.taken });
    const winner = ra.statusCode === 200 ? a : b;
    const rows = await stored(run.id);
    expect(rows.every((r) => r.status === 'accepted' && r.delivererId === winner.id)).toBe(true);
  });

  it('a request of a run is never accepted alone', async () => {
    const run = await startRun(await member('hosteller'));
    const ds = await member('dayscholar');
    const res = await inject('PUT', `/api/requests/${run.requests[0]!.id}/accept`, ds.h);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'partOfRun',
      message: 'This request is part of a shared run; accept the run',
    });
    const available = (await inject('GET', '/api/dayscholar/requests/available?limit=50', ds.h)).json();
    expect(available.requests.some((r: { id: string }) => r.id === run.requests[0]!.id)).toBe(false);
  });

  it("a run's expired request is not reposted alone", async () => {
    const starter = await member('hosteller');
    const run = await startRun(starter);
    const id = run.requests[0]!.id;
    await t.db
      .update(requests)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(requests.id, id));
    const res = await inject('PUT', `/api/requests/${id}/repost`, starter.h, {
      deadline: new Date(Date.now() + 3 * HOUR).toISOString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('partOfRun');
    expect((await inject('GET', `/api/requests/${id}`, starter.h)).json().request.can.repost).toBe(false);
  });

  it('a request moderation holds, or of a suspended requester, is not accepted with the run', async () => {
    const starter = await member('hosteller');
    const held = await member('hosteller');
    const suspended = await member('hosteller');
    const run = await startRun(starter);
    await join(run, held);
    await join(run, suspended);
    const [, heldReq, suspendedReq] = await stored(run.id);
    await t.db.update(requests).set({ moderation: 'held' }).where(eq(requests.id, heldReq!.id));
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const ds = await member('dayscholar');
    expect((await accept(run, ds)).statusCode).toBe(200);
    const rows = await t.db.select().from(requests).where(eq(requests.id, heldReq!.id));
    expect(rows[0]).toMatchObject({ status: 'pending', runId: null, delivererId: null });
    const rows2 = await t.db.select().from(requests).where(eq(requests.id, suspendedReq!.id));
    expect(rows2[0]).toMatchObject({ status: 'pending', runId: null });
    expect((await stored(run.id)).map((r) => [r.requesterId, r.status])).toEqual([[starter.id, 'accepted']]);
  });

  it('blocked with any participant: 403, and nothing is accepted', async () => {
    const starter = await member('hosteller');
    const other = await member('hosteller');
    const run = await startRun(starter);
    await join(run, other);
    const ds = await member('dayscholar');
    await block(other, ds);
    const res = await accept(run, ds);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(RUN_MESSAGES.blocked);
    expect((await stored(run.id)).every((r) => r.status === 'pending' && r.delivererId === null)).toBe(true);
    expect((await t.db.select().from(runs).where(eq(runs.id, run.id)))[0]!.status).toBe('open');
  });

  it('past its deadline: 409, nothing accepted', async () => {
    const run = await startRun(await member('hosteller'));
    await t.db
      .update(runs)
      .set({ cutoffAt: new Date(Date.now() - 2000), deadline: new Date(Date.now() - 1000) })
      .where(eq(runs.id, run.id));
    const res = await accept(run, await member('dayscholar'));
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('notOpen');
    expect((await stored(run.id))[0]!.status).toBe('pending');
  });

  it('a run counts once toward the active-delivery cap (2 here), and at the cap nothing is accepted', async () => {
    const ds = await member('dayscholar');
    const owner = await member('hosteller');
    const single = await createRequest(t.db, { requester: owner });
    expect((await inject('PUT', `/api/requests/${single.id}/accept`, ds.h)).statusCode).toBe(200);

    const run = await startRun(await member('hosteller'));
    await join(run, await member('hosteller'));
    await join(run, await member('hosteller'));
    expect((await accept(run, ds)).statusCode).toBe(200);
    const stats = (await inject('GET', '/api/dayscholar/stats', ds.h)).json().stats;
    expect(stats.pendingDeliveries).toBe(4);

    // Two active deliveries: a single request and a run of three.
    const another = await createRequest(t.db, { requester: owner });
    const refused = await inject('PUT', `/api/requests/${another.id}/accept`, ds.h);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'tooManyActive' });
    const run2 = await startRun(await member('hosteller'));
    await join(run2, await member('hosteller'));
    const atCap = await accept(run2, ds);
    expect(atCap.statusCode).toBe(409);
    expect(atCap.json()).toMatchObject({
      reason: 'tooManyActive',
      message: 'You already have 2 active deliveries. Complete one before accepting another.',
    });
    expect((await stored(run2.id)).every((r) => r.status === 'pending')).toBe(true);
  });
});

describe('cancelling a request of a run', () => {
  it("the starter's cancel takes out only their part; the rest share the fee; the last one ends the run", async () => {
    const starter = await member('hosteller');
    const a = await member('hosteller');
    const b = await member('hosteller');
    const run = await startRun(starter, { totalFee: 10.01 });
    await join(run, a);
    await join(run, b);
    expect(await liveFees(run.id)).toEqual([335, 333, 333]);

    const starterReq = run.requests[0]!.id;
    expect((await inject('PUT', `/api/requests/${starterReq}/cancel`, starter.h)).statusCode).toBe(200);
    // The remainder moves to the earliest request left (a's).
    expect(await liveFees(run.id)).toEqual([501, 500]);
    expect((await getRun(run, a)).json().run).toMatchObject({ status: 'open', participants: 2, share: 5 });

    await leave(run, b);
    expect(await liveFees(run.id)).toEqual([1001]);
    const aReq = (await stored(run.id)).find((r) => r.requesterId === a.id)!.id;
    expect((await inject('PUT', `/api/requests/${aReq}/cancel`, a.h)).statusCode).toBe(200);
    expect((await t.db.select().from(runs).where(eq(runs.id, run.id)))[0]!.status).toBe('cancelled');
    const seen = (await getRun(run, a)).json().run as Run;
    expect(seen).toMatchObject({ status: 'cancelled', participants: 0, can: { join: false, accept: false } });
    expect((await accept(run, await member('dayscholar'))).json().reason).toBe('notOpen');
  });

  it('after the accept a cancel keeps the shares; the run ends when no part is left', async () => {
    const starter = await member('hosteller');
    const a = await member('hosteller');
    const run = await startRun(starter);
    await join(run, a);
    const ds = await member('dayscholar');
    await accept(run, ds);
    const [first, second] = await stored(run.id);
    expect((await inject('PUT', `/api/requests/${first!.id}/cancel`, starter.h)).statusCode).toBe(200);
    expect((await stored(run.id))[1]!.expectedPrice).toBe(4000);
    expect((await t.db.select().from(runs).where(eq(runs.id, run.id)))[0]!.status).toBe('accepted');
    expect((await inject('PUT', `/api/requests/${second!.id}/cancel`, a.h)).statusCode).toBe(200);
    expect((await t.db.select().from(runs).where(eq(runs.id, run.id)))[0]!.status).toBe('cancelled');
  });
});

describe('a delivery given up', () => {
  it('leaves the run and is open to every day scholar on its own, with its share as its fee', async () => {
    const starter = await member('hosteller');
    const run = await startRun(starter, { totalFee: 10.01 });
    await join(run, await member('hosteller'));
    const ds = await member('dayscholar');
    await accept(run, ds);
    const [first, second] = await stored(run.id);
    const res = await inject('PUT', `/api/requests/${second!.id}/cancel-delivery`, ds.h);
    expect(res.statusCode).toBe(200);
    // The answer shows it as it is now: out of the run, open on its own.
    expect(res.json().request).toMatchObject({ status: 'pending', runId: null });
    const rows = await t.db.select().from(requests).where(eq(requests.id, second!.id));
    expect(rows[0]).toMatchObject({ status: 'pending', runId: null, delivererId: null, expectedPrice: 500 });
    const other = await member('dayscholar');
    const taken = await inject('PUT', `/api/requests/${second!.id}/accept`, other.h);
    expect(taken.statusCode).toBe(200);
    expect((await getRun(run, ds)).json().run).toMatchObject({ status: 'accepted', participants: 1 });
    expect((await stored(run.id)).map((r) => r.id)).toEqual([first!.id]);
  });
});

describe('earnings', () => {
  it("completing a run's three requests, each with its requester's own code, earns its day scholar the whole fee", async () => {
    const hostellers = [await member('hosteller'), await member('hosteller'), await member('hosteller')];
    const run = await startRun(hostellers[0]!, { totalFee: 100.01 });
    await join(run, hostellers[1]!);
    await join(run, hostellers[2]!);
    const ds = await member('dayscholar');
    expect((await accept(run, ds)).statusCode).toBe(200);
    for (const h of hostellers) {
      const [mine] = (await getRun(run, h)).json().run.requests as DeliveryRequest[];
      expect(mine!.handoverCode).toMatch(/^\d{4}$/);
      const deliver = (handoverCode?: string) =>
        inject('PUT', `/api/requests/${mine!.id}/deliver`, ds.h, handoverCode ? { handoverCode } : {});
      expect((await deliver()).statusCode).toBe(400);
      expect((await deliver(mine!.handoverCode!)).statusCode).toBe(200);
    }
    const stats = (await inject('GET', '/api/dayscholar/stats', ds.h)).json().stats;
    expect(stats).toMatchObject({ completedDeliveries: 3, totalEarnings: 100.01 });
  });
});
