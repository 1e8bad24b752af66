import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';
import { claimExpired } from './requests.repo';

let t: TestApp;
let owner: { id: string; tokenVersion: number };
let ownerH: Record<string, string>;
let dayH: Record<string, string>;

beforeAll(async () => {
  // Sweeps here are run by the tests themselves.
  t = await buildTestApp({ requestSweepSeconds: 0 });
  owner = await createUser(t.db, { role: 'hosteller' });
  ownerH = await authAs(t, owner);
  dayH = await authAs(t, await createUser(t.db, { role: 'dayscholar' }));
});
afterAll(() => t.close());

/** A pending request whose deadline passed `agoMs` ago while it was on the list. */
async function expired(agoMs = 60_000) {
  const r = await createRequest(t.db, { requester: owner });
  await t.db
    .update(requests)
    .set({ deadline: new Date(Date.now() - agoMs), updatedAt: new Date(Date.now() - agoMs - 3600_000) })
    .where(eq(requests.id, r.id));
  return r;
}

const hoursAhead = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const repost = (id: string, headers: Record<string, string>, deadline: unknown = hoursAhead(2)) =>
  t.app.inject({ method: 'PUT', url: `/api/requests/${id}/repost`, headers, payload: { deadline } });
const available = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/dayscholar/requests/available?limit=100', headers: dayH }))
    .json()
    .requests.map((r: { id: string }) => r.id);

describe('expiry sweep', () => {
  it('claims each expired request exactly once, even when sweeps run at the same time', async () => {
    const due = await Promise.all(Array.from({ length: 12 }, () => expired()));
    const sweep = async () => {
      const ids: string[] = [];
      for (;;) {
        const rows = await claimExpired(t.db, 3);
        ids.push(...rows.map((r) => r.id));
        if (rows.length < 3) return ids;
      }
    };
    const [a, b, c] = await Promise.all([sweep(), sweep(), sweep()]);
    const all = [...a!, ...b!, ...c!];
    const wanted = due.map((r) => r.id);
    expect(all.filter((id) => wanted.includes(id)).sort()).toEqual([...wanted].sort());
    expect(new Set(all).size).toBe(all.length);
    expect(await claimExpired(t.db, 100)).toEqual([]);
  });

  it('leaves alone what was not on the list at its deadline, and what is not due yet', async () => {
    const d = await createUser(t.db, { role: 'dayscholar' });
    const past = new Date(Date.now() - 60_000);
    const accepted = await createRequest(t.db, {
      requester: owner,
      deliverer: d,
      status: 'accepted',
      deadline: past,
    });
    const cancelled = await createRequest(t.db, { requester: owner, status: 'cancelled', deadline: past });
    const notYet = await createRequest(t.db, { requester: owner, deadline: new Date(Date.now() + 60_000) });
    const claimed = (await claimExpired(t.db, 100)).map((r) => r.id);
    for (const r of [accepted, cancelled, notYet]) expect(claimed).not.toContain(r.id);
  });

  it('claims a reposted request again once its new deadline passes', async () => {
    const r = await expired();
    expect((await claimExpired(t.db, 100)).map((x) => x.id)).toContain(r.id);
    expect((await repost(r.id, ownerH)).statusCode).toBe(200);
    expect((await claimExpired(t.db, 100)).map((x) => x.id)).not.toContain(r.id);
    // Two hours pass: the new deadline is behind us too.
    const [row] = await t.db.select().from(requests).where(eq(requests.id, r.id));
    const twoHours = 2 * 3600_000;
    await t.db
      .update(requests)
      .set({
        deadline: new Date(row!.deadline.getTime() - twoHours - 60_000),
        updatedAt: new Date(row!.updatedAt.getTime() - twoHours - 60_000),
      })
      .where(eq(requests.id, r.id));
    expect((await claimExpired(t.db, 100)).map((x) => x.id)).toContain(r.id);
  });
});

describe('PUT /requests/{id}/repost', () => {
  it('puts an expired request back on the list with its new deadline', async () => {
    const r = await expired();
    expect(await available()).not.toContain(r.id);
    const mine = await t.app.inject({ method: 'GET', url: `/api/requests/${r.id}`, headers: ownerH });
    expect(mine.json().request).toMatchObject({ isExpired: true, can: { repost: true } });

    const deadline = hoursAhead(3);
    const res = await repost(r.id, ownerH, deadline);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      id: r.id,
      status: 'pending',
      deadline,
      isExpired: false,
      can: { repost: false, cancel: true },
    });
    expect(await available()).toContain(r.id);
  });

  it('refuses what is not an expired request of the caller, with a reason', async () => {
    const open = await createRequest(t.db, { requester: owner });
    expect((await repost(open.id, ownerH)).json()).toEqual({
      message: 'This request has not expired yet',
      code: expect.any(String),
      reason: 'notExpired',
    });
    const other = await authAs(t, await createUser(t.db, { role: 'hosteller' }));
    const r = await expired();
    const refused = await repost(r.id, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the hosteller who posted this request can repost it');
    expect(refused.json().reason).toBe('notRequester');
    expect((await repost(r.id, dayH)).statusCode).toBe(403);
    expect((await repost('00000000-0000-4000-8000-000000000000', ownerH)).statusCode).toBe(404);
  });

  it('needs a deadline in the future', async () => {
    const r = await expired();
    for (const [deadline, msg] of [
      [null, 'Please enter a deadline'],
      [new Date(Date.now() - 1000).toISOString(), 'Deadline must be in the future'],
      ['soon', 'Please enter a valid deadline'],
    ] as const) {
      const res = await repost(r.id, ownerH, deadline);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg);
    }
  });
});
