/**
 * The payer of a settlement still open a day after it opened is reminded once (a notice, and an
 * e-mail when away), however many processes sweep at the same moment.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { notifications, settlements } from './db/schema';
import { createEvents } from './lib/events';
import { registerNotificationWriter } from './modules/notifications/notifications.writer';
import { remindDueSettlements, settleUnansweredPayments } from './modules/settlements/settlements.service';
import { createTestDatabase, testConfig } from './test/build-test-app';
import { createRequest, createUser } from './test/factories';
import { startSmtpSink } from './test/smtp-sink';

const HOUR = 3600_000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await database.close();
  await smtp.close();
});

/** A completed request of Meera's delivered by Dev, and its settlement opened `hoursAgo`. */
async function owed(hoursAgo: number, state: 'open' | 'paid' = 'open') {
  const { db } = database;
  const meera = await createUser(db, { role: 'hosteller', name: 'Meera' });
  const dev = await createUser(db, { role: 'dayscholar', name: 'Dev Kumar' });
  const request = await createRequest(db, {
    requester: meera,
    deliverer: dev,
    status: 'completed',
    itemName: 'Notebooks',
  });
  const [s] = await db
    .insert(settlements)
    .values({
      kind: 'request',
      requestId: request.id,
      title: 'Notebooks',
      payerId: meera.id,
      payeeId: dev.id,
      amount: 12000,
      originalAmount: 12000,
      state,
      createdAt: new Date(Date.now() - hoursAgo * HOUR),
      confirmedAt: new Date(Date.now() - hoursAgo * HOUR),
    })
    .returning();
  return { meera, dev, request, settlement: s! };
}

const remindersOf = (userId: string) =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'settlement')));

describe('the settlement reminder', () => {
  it('two processes sweeping at the same moment leave exactly one notice', async () => {
    const due = await owed(25);
    const fresh = await owed(2);
    const paid = await owed(30, 'paid');
    // Two processes: each its own event bus and notification writer, the same database.
    const processes = [0, 1].map(() => {
      const events = createEvents({ error: () => {} });
      registerNotificationWriter({ db: database.db, events });
      return { db: database.db, events };
    });
    const counts = await Promise.all(processes.map((p) => remindDueSettlements(p)));
    expect(counts.sort()).toEqual([0, 1]);
    expect((await remindersOf(due.meera.id)).map((n) => [n.message, n.data])).toEqual([
      [
        'Reminder: you owe Dev Kumar ₹120 for Notebooks',
        { requestId: due.request.id, settlementId: due.settlement.id },
      ],
    ]);
    expect(await remindersOf(fresh.meera.id)).toEqual([]);
    expect(await remindersOf(paid.meera.id)).toEqual([]);
    // Never twice.
    expect(await remindDueSettlements(processes[0]!)).toBe(0);
  });

  it('two app instances on one database: one notice and one away e-mail', async () => {
    const config = testConfig(
      { offlineEmail: { enabled: true, unreadDelaySeconds: 1 }, requestSweepSeconds: 1 },
      { SMTP_URL: smtp.url },
    );
    const due = await owed(25);
    const apps = [await buildApp(config, database), await buildApp(config, database)];
    try {
      const mail = await smtp.waitFor(due.meera.email, { match: /Reminder/, timeoutMs: 10_000 });
      expect(mail.body).toContain(`/requests/${due.request.id}`);
      expect(mail.body).toContain('Settle up');
      // Both apps have swept again meanwhile.
      await new Promise((r) => setTimeout(r, 2500));
      expect(await remindersOf(due.meera.id)).toHaveLength(1);
      expect(smtp.find(due.meera.email, /Reminder/)).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });
});

describe('a payment nobody answers', () => {
  it('finding 3: the payee is reminded after a day, and it settles itself after 7 days, telling both', async () => {
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * HOUR);
    const { meera, dev, settlement } = await owed(10 * 24, 'paid');
    await database.db
      .update(settlements)
      .set({ paidAt: daysAgo(2) })
      .where(eq(settlements.id, settlement.id));
    const events = createEvents({ error: () => {} });
    registerNotificationWriter({ db: database.db, events });
    const ctx = { db: database.db, events };
    expect(await settleUnansweredPayments(ctx)).toEqual({ reminded: 1, settled: 0 });
    expect((await remindersOf(dev.id)).map((n) => n.message)).toEqual([
      'Reminder: Meera says they paid ₹120 for Notebooks. Confirm you received it, or say it did not arrive.',
    ]);
    // Six days on, nothing yet; at seven, it settles by itself and both are told.
    await database.db
      .update(settlements)
      .set({ paidAt: daysAgo(6) })
      .where(eq(settlements.id, settlement.id));
    expect(await settleUnansweredPayments(ctx)).toEqual({ reminded: 0, settled: 0 });
    await database.db
      .update(settlements)
      .set({ paidAt: daysAgo(8) })
      .where(eq(settlements.id, settlement.id));
    expect(await settleUnansweredPayments(ctx)).toEqual({ reminded: 0, settled: 1 });
    const [row] = await database.db.select().from(settlements).where(eq(settlements.id, settlement.id));
    expect(row).toMatchObject({ state: 'settled', settledAutomatically: true });
    for (const user of [meera, dev])
      expect((await remindersOf(user.id)).map((n) => n.message)).toContain(
        '₹120 for Notebooks was settled automatically: it was marked paid 7 days ago and never answered.',
      );
  });
});
