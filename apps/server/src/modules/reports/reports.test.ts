/** Reporting users, products, requests and messages; three established reporters hold a listing. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, REPORT_NOTICES } from '@campusrun/shared';
import { messages, notifications, products, reports, requests, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createRequest, createUser, makeEstablished } from '../../test/factories';
import { REPORT_LIMIT } from './reports.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
async function person(role: 'hosteller' | 'dayscholar' = 'hosteller') {
  const user = await createUser(t.db, { role });
  return { ...user, h: await authAs(t, user) };
}
/** A member of long standing: their reports count toward holding a listing. */
async function established(role: 'hosteller' | 'dayscholar' = 'hosteller') {
  const p = await person(role);
  await makeEstablished(t.db, p);
  return p;
}
const ageAccount = (id: string, hours: number) =>
  t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - hours * 3600_000) })
    .where(eq(users.id, id));
const report = (h: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers: h, payload });
const listed = async (h: Headers, url: string, key: 'products' | 'requests') =>
  ((await t.app.inject({ url, headers: h })).json() as Record<string, { id: string }[]>)[key]!.map(
    (x) => x.id,
  );

describe('POST /api/reports', () => {
  it('files a report (201) and answers a repeat with the same open report (200)', async () => {
    const seller = await person();
    const reporter = await person('dayscholar');
    const product = await createProduct(t.db, { seller });
    const body = {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: '  Asked for UPI first  ',
    };
    const first = await report(reporter.h, body);
    expect(first.statusCode).toBe(201);
    expect(first.json().report).toMatchObject({
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: 'Asked for UPI first',
      status: 'open',
    });
    const again = await report(reporter.h, { ...body, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json().report.id).toBe(first.json().report.id);
    const rows = await t.db.select().from(reports).where(eq(reports.targetId, product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.targetOwnerId).toBe(seller.id);
  });

  it('refuses reporting yourself or your own product, request or message (400)', async () => {
    const me = await person();
    const other = await person('dayscholar');
    const product = await createProduct(t.db, { seller: me });
    const request = await createRequest(t.db, { requester: me });
    const [sent] = await t.db
      .insert(messages)
      .values({ senderId: me.id, receiverId: other.id, content: 'hi' })
      .returning();
    for (const [targetType, targetId] of [
      ['user', me.id],
      ['product', product.id],
      ['request', request.id],
    ] as const) {
      const res = await report(me.h, { targetType, targetId, reason: 'spam' });
      expect([targetType, res.statusCode, res.json().message]).toEqual([
        targetType,
        400,
        REPORT_MESSAGES.own,
      ]);
    }
    // A message can only be reported by its receiver; its sender finds nothing to report.
    expect(
      (await report(me.h, { targetType: 'message', targetId: sent!.id, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(other.h, { targetType: 'message', targetId: sent!.id, reason: 'harassment' })).statusCode,
    ).toBe(201);
  });

  it('validates the body: unknown type or reason, a bad id, details over 1,000 characters', async () => {
    const reporter = await person();
    const target = await person('dayscholar');
    const bad = [
      { targetType: 'comment', targetId: target.id, reason: 'spam' },
      { targetType: 'user', targetId: target.id, reason: 'rude' },
      { targetType: 'user', targetId: 'abc', reason: 'spam' },
      { targetType: 'user', targetId: target.id, reason: 'other', details: 'x'.repeat(1001) },
    ];
    for (const body of bad) expect((await report(reporter.h, body)).statusCode).toBe(400);
    const tooLong = await report(reporter.h, bad[3]!);
    expect(tooLong.json().message).toBe(REPORT_MESSAGES.detailsTooLong);
    expect(
      (
        await report(reporter.h, {
          targetType: 'user',
          targetId: target.id,
          reason: 'other',
          details: 'x'.repeat(1000),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('answers 404 for a target that does not exist, and 401 signed out', async () => {
    const reporter = await person();
    const nothing = '00000000-0000-4000-8000-000000000000';
    for (const targetType of ['user', 'product', 'request', 'message'])
      expect((await report(reporter.h, { targetType, targetId: nothing, reason: 'spam' })).statusCode).toBe(
        404,
      );
    expect((await report({}, { targetType: 'user', targetId: nothing, reason: 'spam' })).statusCode).toBe(
      401,
    );
  });

  it(`is limited to ${REPORT_LIMIT.points} reports an hour per user (429)`, async () => {
    const reporter = await person();
    const targets = await Promise.all(
      Array.from({ length: REPORT_LIMIT.points + 1 }, () => person('dayscholar')),
    );
    const codes: number[] = [];
    for (const target of targets)
      codes.push(
        (await report(reporter.h, { targetType: 'user', targetId: target.id, reason: 'spam' })).statusCode,
      );
    expect(codes.slice(0, REPORT_LIMIT.points).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('three different reporters hide a product from the marketplace (cached page included), not two; one reporter twice counts once', async () => {
    const seller = await person();
    const viewer = await person('dayscholar');
    const product = await createProduct(t.db, { seller, name: 'Suspicious phone' });
    // The marketplace page is cached before the reports.
    expect(await listed(viewer.h, '/api/products?limit=100', 'products')).toContain(product.id);
    const [a, b, c] = [await established(), await established('dayscholar'), await established('dayscholar')];
    const body = { targetType: 'product', targetId: product.id, reason: 'scam' };
    await report(a.h, body);
    await report(a.h, body);
    await report(b.h, body);
    expect(await listed(viewer.h, '/api/products?limit=100', 'products')).toContain(product.id);
    await report(c.h, body);
    expect(await listed(viewer.h, '/api/products?limit=100', 'products')).not.toContain(product.id);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.moderation).toBe('held');
    // Its page still opens: hidden from lists until a moderator decides.
    expect((await t.app.inject({ url: `/api/products/${product.id}`, headers: viewer.h })).statusCode).toBe(
      200,
    );
  });

  it('three reporters hide a request from the available list, and it can no longer be accepted', async () => {
    const requester = await person();
    const scholar = await person('dayscholar');
    const request = await createRequest(t.db, { requester });
    expect(await listed(scholar.h, '/api/dayscholar/requests/available?limit=100', 'requests')).toContain(
      request.id,
    );
    for (const reporter of [
      await established('dayscholar'),
      await established('dayscholar'),
      await established(),
    ])
      await report(reporter.h, { targetType: 'request', targetId: request.id, reason: 'prohibited_item' });
    expect(await listed(scholar.h, '/api/dayscholar/requests/available?limit=100', 'requests')).not.toContain(
      request.id,
    );
    const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row!.moderation).toBe('held');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/requests/${request.id}/accept`, headers: scholar.h }))
        .statusCode,
    ).toBe(409);
  });
  it('sock puppets: three reports from fresh accounts do not hide a listing, but reach the moderators', async () => {
    const seller = await person();
    const viewer = await person('dayscholar');
    const product = await createProduct(t.db, { seller, name: 'Honest bicycle' });
    const request = await createRequest(t.db, { requester: seller });
    // Brand-new accounts, even busy ones (five messages each), do not count...
    const puppets = [await person(), await person('dayscholar'), await person('dayscholar')];
    for (const puppet of puppets) {
      await makeEstablished(t.db, puppet);
      await ageAccount(puppet.id, 1);
    }
    // ...nor do old accounts that never did anything.
    const idle = [await person(), await person('dayscholar'), await person('dayscholar')];
    for (const account of idle) await ageAccount(account.id, 24 * 30);
    for (const reporter of [...puppets, ...idle]) {
      expect(
        (await report(reporter.h, { targetType: 'product', targetId: product.id, reason: 'scam' }))
          .statusCode,
      ).toBe(201);
      expect(
        (await report(reporter.h, { targetType: 'request', targetId: request.id, reason: 'spam' }))
          .statusCode,
      ).toBe(201);
    }
    expect(await listed(viewer.h, '/api/products?limit=100', 'products')).toContain(product.id);
    expect(await listed(viewer.h, '/api/dayscholar/requests/available?limit=100', 'requests')).toContain(
      request.id,
    );
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.moderation).toBe('visible');
    // Every report is kept for the moderators.
    expect(await t.db.select().from(reports).where(eq(reports.targetId, product.id))).toHaveLength(6);
  });

  it('established accounts hide a listing with three reports: a completed request, a sale or five messages each', async () => {
    const seller = await person();
    const viewer = await person('dayscholar');
    const product = await createProduct(t.db, { seller, name: 'Counterfeit charger' });
    expect(await listed(viewer.h, '/api/products?limit=100', 'products')).toContain(product.id);
    const [runner, buyer, talker] = [await person(), await person('dayscholar'), await person('dayscholar')];
    const partner = await person('dayscholar');
    await createRequest(t.db, { requester: runner, deliverer: partner, status: 'completed' });
    const sold = await createProduct(t.db, { seller: partner, status: 'sold' });
    await t.db.update(products).set({ buyerId: buyer.id }).where(eq(products.id, sold.id));
    await makeEstablished(t.db, talker);
    for (const reporter of [runner, buyer, talker]) await ageAccount(reporter.id, 25);

    await report(runner.h, { targetType: 'product', targetId: product.id, reason: 'scam' });
    await report(buyer.h, { targetType: 'product', targetId: product.id, reason: 'scam' });
    expect(await listed(viewer.h, '/api/products?limit=100', 'products')).toContain(product.id);
    await report(talker.h, { targetType: 'product', targetId: product.id, reason: 'scam' });
    expect(await listed(viewer.h, '/api/products?limit=100', 'products')).not.toContain(product.id);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.moderation).toBe('held');
  });
});

describe('the moderators', () => {
  const moderationNotices = async (userId: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'moderation')))
    ).map((n) => ({ message: n.message, data: n.data }));

  it("are told of a target's first open report, once, and never the reporter or the reported", async () => {
    const moderator = await person('dayscholar');
    const reportingModerator = await person();
    const seller = await person();
    for (const id of [moderator.id, reportingModerator.id, seller.id])
      await t.db.update(users).set({ isModerator: true }).where(eq(users.id, id));
    const product = await createProduct(t.db, { seller, name: 'Lady Bird cycle' });

    const first = await report(reportingModerator.h, {
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
    });
    expect(first.statusCode).toBe(201);
    const told = {
      message: REPORT_NOTICES.toReview('product', 'Lady Bird cycle', 'scam'),
      data: { reportId: first.json().report.id },
    };
    expect(told.message).toBe('New report to review: the product "Lady Bird cycle" (Scam)');
    expect(await moderationNotices(moderator.id)).toEqual([told]);
    // The reporter and the reported are parties to it, moderators or not.
    expect(await moderationNotices(reportingModerator.id)).toEqual([]);
    expect(await moderationNotices(seller.id)).toEqual([]);

    // A second reporter joins the same case: no second notice.
    const second = await person('dayscholar');
    expect(
      (await report(second.h, { targetType: 'product', targetId: product.id, reason: 'spam' })).statusCode,
    ).toBe(201);
    expect(await moderationNotices(moderator.id)).toHaveLength(1);
  });
});
