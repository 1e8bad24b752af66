/** GET /settlements/earnings: completed deliveries' fees, items and tips by campus week and month. */
import { eq } from 'drizzle-orm';
import { CAMPUS_TIME_ZONE, type Earnings, type Settlement } from '@campusrun/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createRequest, createUser } from '../../test/factories';
import { completedRequest as completedBetween, memberCalls } from '../../test/member-calls';

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
});
afterAll(() => t.close());

const { get, put } = memberCalls(() => t);

let meera: User; // hosteller: requester
let dev: User; // day scholar: deliverer

beforeEach(async () => {
  meera = await createUser(t.db, { role: 'hosteller', name: 'Meera' });
  dev = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
});

const earnings = async (who: User) => {
  const res = await get(who, '/settlements/earnings');
  expect(res.statusCode).toBe(200);
  return res.json() as Earnings;
};

/** A delivery Dev completed for Meera at `at`, with Meera's tip (rupees). */
async function delivered(at: Date, fee: number, itemCost: number | null, tip = 0) {
  const request = await completedBetween(t, meera, dev, { expectedPrice: fee, itemCost });
  await t.db.update(requests).set({ completedAt: at }).where(eq(requests.id, request.id));
  if (tip > 0) {
    const s = (await get(meera, `/settlements/for?kind=request&targetId=${request.id}`)).json()
      .settlement as Settlement;
    expect((await put(meera, `/settlements/${s.id}/tip`, { tip })).statusCode).toBe(200);
  }
  return request;
}

/** Monday 00:00 of the campus week `start` (YYYY-MM-DD) as an instant: India is UTC+05:30 all year. */
const mondayAt = (start: string) => new Date(`${start}T00:00:00+05:30`);

describe('earnings and spending', () => {
  it('are 12 campus weeks from Monday, oldest first, all zero before any delivery', async () => {
    const e = await earnings(dev);
    expect(e.timeZone).toBe(CAMPUS_TIME_ZONE);
    expect(e.earned.weeks).toHaveLength(12);
    const starts = e.earned.weeks.map((w) => w.start);
    for (const start of starts) expect(new Date(`${start}T12:00:00Z`).getUTCDay()).toBe(1);
    expect([...starts].sort()).toEqual(starts);
    const thisMonday = mondayAt(starts.at(-1)!);
    expect(Date.now()).toBeGreaterThanOrEqual(thisMonday.getTime());
    expect(Date.now()).toBeLessThan(thisMonday.getTime() + 7 * 24 * 3600_000);
    expect(e.earned.allTime).toEqual({ fees: 0, items: 0, tips: 0 });
    expect(e.spent.weeks.every((w) => w.deliveries.length === 0)).toBe(true);
  });

  it("sum the completed deliveries' fees, items and tips by the campus week they were completed in", async () => {
    const starts = (await earnings(dev)).earned.weeks.map((w) => w.start);
    const monday = mondayAt(starts.at(-1)!);
    const minute = 60_000;
    // Just after Monday 00:00 campus time (Sunday 18:31 UTC): this week.
    const after = await delivered(new Date(monday.getTime() + minute), 30, 80, 20);
    // Just before it: last week.
    const before = await delivered(new Date(monday.getTime() - minute), 40, null, 10);
    // Twelve weeks ago: out of the chart, still in all time.
    await delivered(new Date(mondayAt(starts[0]!).getTime() - minute), 50, null);
    // Not completed: counts nowhere.
    await createRequest(t.db, { requester: meera, deliverer: dev, status: 'accepted', expectedPrice: 99 });

    const e = await earnings(dev);
    const thisWeek = e.earned.weeks.at(-1)!;
    expect(thisWeek).toMatchObject({ start: starts.at(-1), fees: 30, items: 80, tips: 20 });
    expect(thisWeek.deliveries).toEqual([
      expect.objectContaining({ id: after.id, number: after.number, fee: 30, items: 80, tip: 20 }),
    ]);
    const lastWeek = e.earned.weeks.at(-2)!;
    expect(lastWeek).toMatchObject({ fees: 40, items: 0, tips: 10 });
    expect(lastWeek.deliveries.map((d) => d.id)).toEqual([before.id]);
    expect(e.earned.weeks.slice(0, -2).every((w) => w.fees === 0 && w.deliveries.length === 0)).toBe(true);
    expect(e.earned.thisWeek).toEqual({ fees: 30, items: 80, tips: 20 });
    expect(e.earned.allTime).toEqual({ fees: 120, items: 80, tips: 30 });
    // This month: the deliveries completed since the 1st, campus time.
    const monthStart = new Date(
      `${new Intl.DateTimeFormat('en-CA', { timeZone: CAMPUS_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(new Date())}-01T00:00:00+05:30`,
    );
    const inMonth = [
      { at: monday.getTime() + minute, fees: 30, items: 80, tips: 20 },
      { at: monday.getTime() - minute, fees: 40, items: 0, tips: 10 },
    ].filter((d) => d.at >= monthStart.getTime());
    expect(e.earned.thisMonth).toEqual({
      fees: inMonth.reduce((s, d) => s + d.fees, 0),
      items: inMonth.reduce((s, d) => s + d.items, 0),
      tips: inMonth.reduce((s, d) => s + d.tips, 0),
    });

    // The requester sees the same deliveries as what they spent; the deliverer spent nothing.
    const m = await earnings(meera);
    expect(m.spent.weeks.at(-1)).toMatchObject({ fees: 30, items: 80, tips: 20 });
    expect(m.spent.allTime).toEqual({ fees: 120, items: 80, tips: 30 });
    expect(m.earned.allTime).toEqual({ fees: 0, items: 0, tips: 0 });
    expect(e.spent.allTime).toEqual({ fees: 0, items: 0, tips: 0 });
  });

  it('needs a signed-in member', async () => {
    expect((await get(null, '/settlements/earnings')).statusCode).toBe(401);
  });
});
