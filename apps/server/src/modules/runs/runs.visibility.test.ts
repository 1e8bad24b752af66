import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_MESSAGES, type Run } from '@campusrun/shared';
import { requests, runs, userBlocks, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';

/** One rule of who may see a run, the same on every path: lists, the run's page, join, leave, accept. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
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
const item = { itemName: 'Bananas', quantity: 1, deliveryLocation: 'Block C' };

/** A run with its starter and one participant who joined before anything happened. */
async function runWithParticipant() {
  const starter = await member('hosteller');
  const participant = await member('hosteller');
  const res = await inject('POST', '/api/runs', starter.h, {
    pickupFrom: 'Katpadi market',
    cutoffAt: new Date(Date.now() + HOUR).toISOString(),
    deadline: new Date(Date.now() + 3 * HOUR).toISOString(),
    totalFee: 80,
    item,
  });
  expect(res.statusCode).toBe(201);
  const run = res.json().run as Run;
  expect((await inject('POST', `/api/runs/${run.id}/join`, participant.h, item)).statusCode).toBe(201);
  return { run, starter, participant };
}

const suspend = (who: { id: string }) =>
  t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, who.id));
const block = (a: { id: string }, b: { id: string }) =>
  t.db.insert(userBlocks).values({ blockerId: a.id, blockedId: b.id });

const paths = (run: Run) => ({
  get: (who: Member) => inject('GET', `/api/runs/${run.id}`, who.h),
  join: (who: Member) => inject('POST', `/api/runs/${run.id}/join`, who.h, item),
  leave: (who: Member) => inject('DELETE', `/api/runs/${run.id}/join`, who.h),
  accept: (who: Member) => inject('PUT', `/api/runs/${run.id}/accept`, who.h),
  listed: async (who: Member) =>
    ((await inject('GET', '/api/runs?limit=100', who.h)).json().runs as Run[]).some((r) => r.id === run.id),
});

function expectNotFound(res: Awaited<ReturnType<typeof inject>>) {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toMatchObject({ message: RUN_MESSAGES.notFound, reason: 'notFound' });
}

/** Nothing of the run changed: still open, nobody accepted it, the same two live requests. */
async function expectUntouched(run: Run) {
  const [row] = await t.db.select().from(runs).where(eq(runs.id, run.id));
  expect(row).toMatchObject({ status: 'open', delivererId: null });
  const rows = await t.db.select().from(requests).where(eq(requests.runId, run.id));
  expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'pending']);
}

describe("finding 8: a suspended starter's run is 'Run not found' on every path", () => {
  it("finding 8: a suspended starter's run cannot be accepted or joined by id: 404 as on its page and in the lists", async () => {
    const { run, starter, participant } = await runWithParticipant();
    const p = paths(run);
    const ds = await member('dayscholar');
    const other = await member('hosteller');
    expect((await p.get(ds)).statusCode).toBe(200);
    await suspend(starter);

    expectNotFound(await p.accept(ds));
    expectNotFound(await p.get(ds));
    expect(await p.listed(ds)).toBe(false);
    expectNotFound(await p.join(other));
    expectNotFound(await p.leave(other));
    expectNotFound(await p.get(other));
    expect(await p.listed(other)).toBe(false);
    await expectUntouched(run);

    // Someone in it still sees it and may leave it.
    expect((await p.get(participant)).statusCode).toBe(200);
    expect(await p.listed(participant)).toBe(true);
    expect((await p.leave(participant)).statusCode).toBe(200);

    // Back from suspension, it is a run like any other again.
    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, starter.id));
    expect((await p.accept(ds)).statusCode).toBe(200);
  });

  it('finding 8: a block between the viewer and the starter hides the run the same way, either way round', async () => {
    const { run, starter } = await runWithParticipant();
    const p = paths(run);
    const ds = await member('dayscholar');
    const blocker = await member('hosteller');
    const blocked = await member('hosteller');
    await block(ds, starter);
    await block(blocker, starter);
    await block(starter, blocked);

    expectNotFound(await p.accept(ds));
    expectNotFound(await p.get(ds));
    expect(await p.listed(ds)).toBe(false);
    for (const h of [blocker, blocked]) {
      expectNotFound(await p.join(h));
      expectNotFound(await p.leave(h));
      expectNotFound(await p.get(h));
      expect(await p.listed(h)).toBe(false);
    }
    await expectUntouched(run);
    // Anyone else still may.
    expect((await p.accept(await member('dayscholar'))).statusCode).toBe(200);
  });
});

describe('who still sees a run its starter is hidden from', () => {
  it('a suspension that has ended hides nothing', async () => {
    const { run, starter } = await runWithParticipant();
    await t.db
      .update(users)
      .set({ suspendedAt: new Date(Date.now() - 2 * HOUR), suspendedUntil: new Date(Date.now() - HOUR) })
      .where(eq(users.id, starter.id));
    expect((await paths(run).join(await member('hosteller'))).statusCode).toBe(201);
  });

  it('its deliverer keeps seeing a run they accepted after its starter is suspended', async () => {
    const { run, starter } = await runWithParticipant();
    const ds = await member('dayscholar');
    expect((await paths(run).accept(ds)).statusCode).toBe(200);
    await suspend(starter);
    const res = await paths(run).get(ds);
    expect(res.statusCode).toBe(200);
    expect((res.json().run as Run).requests).toHaveLength(2);
  });
});
