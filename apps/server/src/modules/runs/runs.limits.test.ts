import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_LIMITS, RUN_MESSAGES, type Run } from '@campusrun/shared';
import { runs } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';

/** How much of the shared-run list one hosteller can take: the cap on open runs, the rate limits, the pages. */
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
const runBody = (hours = 3) => ({
  pickupFrom: 'Katpadi market',
  cutoffAt: new Date(Date.now() + HOUR).toISOString(),
  deadline: new Date(Date.now() + hours * HOUR).toISOString(),
  totalFee: 80,
  item,
});
const start = (who: Member, hours?: number) => inject('POST', '/api/runs', who.h, runBody(hours));
async function started(who: Member, hours?: number): Promise<Run> {
  const res = await start(who, hours);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().run;
}
const list = (who: Member, query = '') => inject('GET', `/api/runs${query}`, who.h);
const runsOf = async (who: Member, query = '') => (await list(who, query)).json().runs as Run[];
const openRunsOf = async (starterId: string) =>
  (await t.db.select().from(runs).where(eq(runs.starterId, starterId))).filter((r) => r.status === 'open');

describe('finding 7: one hosteller cannot hide every other shared run', () => {
  it(`finding 7: a hosteller keeps at most ${RUN_LIMITS.openPerStarter} runs open to joining; one more is 409 tooManyOpen until one closes`, async () => {
    const flooder = await member('hosteller');
    const [first] = [await started(flooder), await started(flooder)];
    const third = await start(flooder);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ reason: 'tooManyOpen', message: RUN_MESSAGES.tooManyOpen });
    expect(await openRunsOf(flooder.id)).toHaveLength(RUN_LIMITS.openPerStarter);

    // Once one is closed to joining, there is room for another.
    await t.db
      .update(runs)
      .set({ cutoffAt: new Date(Date.now() - 1000) })
      .where(eq(runs.id, first!.id));
    expect((await start(flooder)).statusCode).toBe(201);
  });

  it('finding 7: starts fired at once take turns: exactly the cap gets in', async () => {
    const flooder = await member('hosteller');
    const answers = await Promise.all(Array.from({ length: RUN_LIMITS.startsPerHour }, () => start(flooder)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(RUN_LIMITS.openPerStarter);
    expect(codes.filter((c) => c === 409)).toHaveLength(RUN_LIMITS.startsPerHour - RUN_LIMITS.openPerStarter);
    expect(await openRunsOf(flooder.id)).toHaveLength(RUN_LIMITS.openPerStarter);
  });

  it(`finding 7: a flood of starts is 429 after ${RUN_LIMITS.startsPerHour} an hour, and everyone else's runs stay on page one`, async () => {
    const victim = await member('hosteller');
    const theirs = await started(victim);
    const flooder = await member('hosteller');
    const codes: number[] = [];
    let refused;
    for (let i = 0; i < 30; i++) {
      const res = await start(flooder);
      codes.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(RUN_LIMITS.openPerStarter);
    expect(codes.slice(RUN_LIMITS.startsPerHour).every((c) => c === 429)).toBe(true);
    expect(refused!.json()).toMatchObject({ reason: 'rateLimited', message: RUN_MESSAGES.tooManyStarts });
    expect(refused!.headers['retry-after']).toBeDefined();

    // A third hosteller's first page (and a day scholar's) still holds the victim's run, and at
    // most two of the flooder's.
    for (const reader of [await member('hosteller'), await member('dayscholar')]) {
      const page = await runsOf(reader);
      expect(page.map((r) => r.id)).toContain(theirs.id);
      expect(page.filter((r) => r.starter.id === flooder.id)).toHaveLength(RUN_LIMITS.openPerStarter);
    }
  });

  it(`finding 7: joins and leaves together are 429 after ${RUN_LIMITS.joinsPerHour} an hour`, async () => {
    const run = await started(await member('hosteller'));
    const churner = await member('hosteller');
    for (let i = 0; i < RUN_LIMITS.joinsPerHour / 2; i++) {
      expect((await inject('POST', `/api/runs/${run.id}/join`, churner.h, item)).statusCode).toBe(201);
      expect((await inject('DELETE', `/api/runs/${run.id}/join`, churner.h)).statusCode).toBe(200);
    }
    const join = await inject('POST', `/api/runs/${run.id}/join`, churner.h, item);
    expect(join.statusCode).toBe(429);
    expect(join.json()).toMatchObject({ reason: 'rateLimited', message: RUN_MESSAGES.tooManyJoins });
    expect((await inject('DELETE', `/api/runs/${run.id}/join`, churner.h)).statusCode).toBe(429);
    // Another hosteller is not held back by it.
    expect(
      (await inject('POST', `/api/runs/${run.id}/join`, (await member('hosteller')).h, item)).statusCode,
    ).toBe(201);
  });

  it('finding 7: the lists come in keyset pages; a cursor of another list or a bad one is a 400', async () => {
    const starters = await Promise.all(Array.from({ length: 5 }, () => member('hosteller')));
    const made: Run[] = [];
    // Created one after another (newest last), each due an hour later than the one before.
    for (const [i, s] of starters.entries()) made.push(await started(s, 3 + i));
    const reader = await member('hosteller');
    const ds = await member('dayscholar');

    async function walk(who: Member) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 50; pages++) {
        const res = await list(who, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { runs: Run[]; nextCursor: string | null };
        expect(body.runs.length).toBeLessThanOrEqual(2);
        seen.push(...body.runs.map((r) => r.id));
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      return seen;
    }
    const mine = made.map((r) => r.id);
    const hostellerIds = (await walk(reader)).filter((id) => mine.includes(id));
    expect(hostellerIds).toEqual([...mine].reverse());
    const dsAll = await walk(ds);
    expect(new Set(dsAll).size).toBe(dsAll.length);
    expect(dsAll.filter((id) => mine.includes(id))).toEqual(mine);

    const page = (await list(reader, '?limit=1')).json() as { nextCursor: string };
    expect(page.nextCursor).toEqual(expect.any(String));
    for (const [who, query] of [
      [ds, `?cursor=${page.nextCursor}`],
      [reader, '?cursor=not-a-cursor'],
      [reader, '?limit=0'],
      [reader, '?limit=101'],
      [reader, '?limit=two'],
    ] as const) {
      const res = await list(who, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().reason).toBe('invalidInput');
    }
  });
});
