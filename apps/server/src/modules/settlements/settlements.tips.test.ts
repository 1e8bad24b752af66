/** A payer's tip on a delivery's settlement: who may give one, when, and what it never changes. */
import { and, eq } from 'drizzle-orm';
import { SETTLEMENT_MESSAGES, type Settlement } from '@campusrun/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, notifications, settlements, users } from '../../db/schema';
import { createEvents } from '../../lib/events';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createUser } from '../../test/factories';
import { completedRequest as completedBetween, memberCalls } from '../../test/member-calls';
import { remindDueSettlements, settleUnansweredPayments } from './settlements.service';

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
});
afterAll(() => t.close());

const { get, put, post } = memberCalls(() => t);

let meera: User; // hosteller: requester, payer
let dev: User; // day scholar: deliverer, payee
let stranger: User;
let moderator: User;

beforeEach(async () => {
  meera = await createUser(t.db, { role: 'hosteller', name: 'Meera' });
  dev = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
  stranger = await createUser(t.db, { role: 'hosteller', name: 'Stranger' });
  moderator = await createUser(t.db, { role: 'dayscholar', name: 'Mod' });
  await t.db.update(users).set({ isModerator: true, upiId: null }).where(eq(users.id, moderator.id));
  await t.db.update(users).set({ upiId: 'dev.k@okaxis' }).where(eq(users.id, dev.id));
});

/** Dev delivered Notebooks to Meera: fee ₹40 and items ₹80, so ₹120 is owed. */
async function delivery() {
  const request = await completedBetween(t, meera, dev, { expectedPrice: 40, itemCost: 80 });
  const res = await get(meera, `/settlements/for?kind=request&targetId=${request.id}`);
  return { request, settlement: res.json().settlement as Settlement };
}

const tip = (who: User, id: string, body: unknown) => put(who, `/settlements/${id}/tip`, body as object);

describe('setting a tip', () => {
  it('the payer adds one in whole rupees: the amount owed stays, the UPI link asks for both', async () => {
    const { request, settlement } = await delivery();
    expect(settlement).toMatchObject({ amount: 120, tip: 0, can: { tip: true } });
    expect(settlement.upiUri).toContain('&am=120.00&');

    const res = await tip(meera, settlement.id, { tip: 20 });
    expect(res.statusCode).toBe(200);
    const s = res.json().settlement as Settlement;
    expect(s).toMatchObject({
      amount: 120,
      tip: 20,
      breakdown: { items: 80, itemsFrom: 'estimate', fee: 40, total: 120 },
    });
    expect(s.upiUri).toBe(
      'upi://pay?pa=dev.k%40okaxis&pn=Dev%20Kumar&am=140.00&cu=INR' +
        `&tn=CampusRun%20request%20%23${request.number}`,
    );
    // The payee sees it too, and may not set it.
    const forDev = (await get(dev, `/settlements/for?kind=request&targetId=${request.id}`)).json()
      .settlement as Settlement;
    expect(forDev).toMatchObject({ amount: 120, tip: 20, can: { tip: false } });

    // Changed, then taken back with ₹0.
    expect((await tip(meera, settlement.id, { tip: 500 })).json().settlement.upiUri).toContain('&am=620.00&');
    const back = (await tip(meera, settlement.id, { tip: 0 })).json().settlement as Settlement;
    expect(back).toMatchObject({ amount: 120, tip: 0 });
    expect(back.upiUri).toContain('&am=120.00&');
  });

  it.each([[-1], [501], [12.5], ['20'], [null]])('refuses %j with the shared message', async (value) => {
    const { settlement } = await delivery();
    const res = await tip(meera, settlement.id, { tip: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SETTLEMENT_MESSAGES.tipInvalid);
    expect(res.json().errors).toContainEqual({ param: 'tip', msg: SETTLEMENT_MESSAGES.tipInvalid });
  });

  it('only the payer: the payee gets 403, anyone else 404', async () => {
    const { settlement } = await delivery();
    const byDev = await tip(dev, settlement.id, { tip: 20 });
    expect(byDev.statusCode).toBe(403);
    expect(byDev.json()).toMatchObject({ reason: 'notPayer', message: SETTLEMENT_MESSAGES.tipNotPayer });
    const byStranger = await tip(stranger, settlement.id, { tip: 20 });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe(SETTLEMENT_MESSAGES.notFound);
    const [row] = await t.db.select().from(settlements).where(eq(settlements.id, settlement.id));
    expect(row!.tip).toBe(0);
  });

  it('while it is paid, but never once settled or while disputed', async () => {
    const { settlement } = await delivery();
    expect((await put(meera, `/settlements/${settlement.id}/paid`, { method: 'cash' })).statusCode).toBe(200);
    const whilePaid = await tip(meera, settlement.id, { tip: 10 });
    expect(whilePaid.statusCode).toBe(200);
    expect(whilePaid.json().settlement).toMatchObject({ state: 'paid', tip: 10, can: { tip: true } });

    expect((await put(dev, `/settlements/${settlement.id}/received`)).statusCode).toBe(200);
    const afterSettled = await tip(meera, settlement.id, { tip: 50 });
    expect(afterSettled.statusCode).toBe(409);
    expect(afterSettled.json()).toMatchObject({
      reason: 'alreadySettled',
      message: SETTLEMENT_MESSAGES.tipSettled,
    });
    const settled = (await get(meera, `/settlements?status=settled`)).json().settlements as Settlement[];
    expect(settled.find((s) => s.id === settlement.id)).toMatchObject({ tip: 10, can: { tip: false } });

    const other = await delivery();
    const opened = await post(meera, `/settlements/${other.settlement.id}/dispute`, {
      reason: 'not_as_described',
      details: 'Torn pages',
    });
    expect(opened.statusCode).toBe(201);
    const whileDisputed = await tip(meera, other.settlement.id, { tip: 10 });
    expect(whileDisputed.statusCode).toBe(409);
    expect(whileDisputed.json().reason).toBe('disputed');
  });

  it("refuses a sale's settlement", async () => {
    const seller = await createUser(t.db, { role: 'hosteller', name: 'Sana' });
    const product = await createProduct(t.db, { seller, name: 'Desk lamp', price: 250 });
    // A buyer the seller can name is one who wrote about it.
    await t.db
      .insert(messages)
      .values({ senderId: meera.id, receiverId: seller.id, content: 'Still there?', productId: product.id });
    expect((await put(seller, `/products/${product.id}/sold`, { buyerId: meera.id })).statusCode).toBe(200);
    const sale = (await get(meera, `/settlements/for?kind=sale&targetId=${product.id}`)).json()
      .settlement as Settlement;
    expect((await put(meera, `/settlements/${sale.id}/confirm`)).statusCode).toBe(200);
    const res = await tip(meera, sale.id, { tip: 20 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'saleNoTip', message: SETTLEMENT_MESSAGES.saleNoTip });
    const now = (await get(meera, `/settlements/for?kind=sale&targetId=${product.id}`)).json().settlement;
    expect(now).toMatchObject({ tip: 0, can: { tip: false } });
  });
});

describe('a tip counts nowhere but the payment', () => {
  const messagesTo = async (user: User) =>
    (
      await t.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'settlement')))
    ).map((n) => n.message);

  it('the summary, the reminders and marking paid say what is owed, without the tip', async () => {
    const { settlement } = await delivery();
    expect((await tip(meera, settlement.id, { tip: 50 })).statusCode).toBe(200);

    const summary = (await get(meera, '/settlements/summary')).json();
    expect(summary).toMatchObject({ youOwe: 120, owedToYou: 0 });
    expect((await get(dev, '/settlements/summary')).json()).toMatchObject({ owedToYou: 120 });

    expect((await put(dev, `/settlements/${settlement.id}/remind`)).statusCode).toBe(200);
    expect(await messagesTo(meera)).toContain(
      'Dev Kumar reminds you: you owe them ₹120 (items ₹80 + delivery fee ₹40) for Notebooks.',
    );

    // The day's reminder, of another one open a day.
    const other = await delivery();
    expect((await tip(meera, other.settlement.id, { tip: 30 })).statusCode).toBe(200);
    await t.db
      .update(settlements)
      .set({ confirmedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(settlements.id, other.settlement.id));
    const reminded: number[] = [];
    const events = createEvents({ error: () => {} });
    events.on((e) => {
      if (e.type === 'settlement.reminded' && e.settlementId === other.settlement.id) reminded.push(e.amount);
    });
    await remindDueSettlements({ db: t.db, events });
    expect(reminded).toEqual([120]);
  });

  it("a dispute's outcomes are of the amount owed, and the tip stays the payer's", async () => {
    const { settlement } = await delivery();
    expect((await tip(meera, settlement.id, { tip: 20 })).statusCode).toBe(200);
    const opened = await post(dev, `/settlements/${settlement.id}/dispute`, {
      reason: 'not_paid',
      details: 'Nothing yet',
    });
    expect(opened.statusCode).toBe(201);
    const queue = (await get(moderator, '/moderation/disputes?status=open&limit=50')).json().disputes;
    const mine = queue.find((d: { settlement: { id: string } | null }) => d.settlement?.id === settlement.id);
    expect(mine.settlement).toMatchObject({
      amount: 120,
      outcomes: {
        favour_payee: { state: 'open', amount: 120 },
        split: { state: 'open', amount: 60 },
      },
    });
    const decided = await put(moderator, `/moderation/disputes/${mine.id}`, {
      outcome: 'split',
      note: 'Half each',
    });
    expect(decided.statusCode).toBe(200);
    const after = (await get(meera, `/settlements?status=open`)).json().settlements as Settlement[];
    expect(after.find((s) => s.id === settlement.id)).toMatchObject({ amount: 60, tip: 20, state: 'open' });
  });
});

describe('a tip added after marking it paid', () => {
  const HOUR = 3600_000;

  /** Meera paid the ₹120 with a ₹20 tip by UPI: ₹140 went in one payment. */
  async function paidWithTip() {
    const found = await delivery();
    expect((await tip(meera, found.settlement.id, { tip: 20 })).statusCode).toBe(200);
    const paid = await put(meera, `/settlements/${found.settlement.id}/paid`, { method: 'upi' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().settlement).toMatchObject({ state: 'paid', tip: 20, tipDue: null });
    return found;
  }

  it('is a payment of its own: a UPI link for just what was added, and the payee sees it', async () => {
    const { request, settlement } = await paidWithTip();
    const raised = await tip(meera, settlement.id, { tip: 50 });
    expect(raised.statusCode).toBe(200);
    const s = raised.json().settlement as Settlement;
    expect(s).toMatchObject({
      state: 'paid',
      amount: 120,
      tip: 50,
      tipDue: {
        amount: 30,
        upiUri:
          'upi://pay?pa=dev.k%40okaxis&pn=Dev%20Kumar&am=30.00&cu=INR' +
          `&tn=CampusRun%20request%20%23${request.number}`,
      },
      can: { tip: true, pay: false },
    });
    const forDev = (await get(dev, `/settlements/for?kind=request&targetId=${request.id}`)).json()
      .settlement as Settlement;
    expect(forDev).toMatchObject({ state: 'paid', tip: 50, tipDue: { amount: 30 }, can: { receive: true } });

    // Without a UPI ID there is no link, but the tip is still due.
    await t.db.update(users).set({ upiId: null }).where(eq(users.id, dev.id));
    const noUpi = (await get(meera, `/settlements/for?kind=request&targetId=${request.id}`)).json()
      .settlement as Settlement;
    expect(noUpi.tipDue).toEqual({ amount: 30, upiUri: null });
  });

  it('never goes below what the payment covered, and the payee’s Received covers the rest', async () => {
    const { settlement } = await paidWithTip();
    const lower = await tip(meera, settlement.id, { tip: 10 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({
      reason: 'tipAlreadyPaid',
      message: SETTLEMENT_MESSAGES.tipAlreadyPaid,
    });
    expect((await tip(meera, settlement.id, { tip: 0 })).json().reason).toBe('tipAlreadyPaid');
    // Back to what was paid: nothing more is due.
    expect((await tip(meera, settlement.id, { tip: 35 })).json().settlement.tipDue).toEqual({
      amount: 15,
      upiUri: expect.stringContaining('&am=15.00&'),
    });
    expect((await tip(meera, settlement.id, { tip: 20 })).json().settlement).toMatchObject({
      tip: 20,
      tipDue: null,
    });
    expect((await tip(meera, settlement.id, { tip: 70 })).statusCode).toBe(200);

    const received = await put(dev, `/settlements/${settlement.id}/received`);
    expect(received.statusCode).toBe(200);
    expect(received.json().settlement).toMatchObject({ state: 'settled', tip: 70, tipDue: null });
    expect((await tip(meera, settlement.id, { tip: 100 })).json().reason).toBe('alreadySettled');
  });

  it('counts in no reminder, dispute or reliability record', async () => {
    const { settlement } = await paidWithTip();
    expect((await tip(meera, settlement.id, { tip: 50 })).statusCode).toBe(200);
    expect((await get(meera, '/settlements/summary')).json()).toMatchObject({ youOwe: 120 });

    // A week on, never answered: the payee's reminder and the settling say what was owed.
    await t.db
      .update(settlements)
      .set({
        confirmedAt: new Date(Date.now() - 8 * 24 * HOUR),
        paidAt: new Date(Date.now() - 25 * HOUR),
      })
      .where(eq(settlements.id, settlement.id));
    const reliability = (await get(stranger, `/users/${meera.id}/profile`)).json().profile.reliability;
    expect(reliability).toMatchObject({ settlementsOverdue: 0, disputesLost: 0 });
    expect((await put(dev, `/settlements/${settlement.id}/remind`)).json().reason).toBe('notOpen');
    const told: string[] = [];
    const events = createEvents({ error: () => {} });
    events.on((e) => {
      if (e.type === 'users.noticed' && e.notice.data.settlementId === settlement.id)
        told.push(e.notice.message);
    });
    await settleUnansweredPayments({ db: t.db, events });
    expect(told).toEqual([
      'Reminder: Meera says they paid ₹120 for Notebooks. Confirm you received it, or say it did not arrive.',
    ]);

    // Said not received: the dispute is of the amount owed; the tip stays the payer's.
    const other = await paidWithTip();
    expect((await tip(meera, other.settlement.id, { tip: 40 })).statusCode).toBe(200);
    const notReceived = await put(dev, `/settlements/${other.settlement.id}/not-received`, {});
    expect(notReceived.statusCode).toBe(200);
    expect(notReceived.json().settlement).toMatchObject({ state: 'disputed', tip: 40, tipDue: null });
    const queue = (await get(moderator, '/moderation/disputes?status=open&limit=50')).json().disputes;
    const mine = queue.find(
      (d: { settlement: { id: string } | null }) => d.settlement?.id === other.settlement.id,
    );
    expect(mine.settlement).toMatchObject({ amount: 120, outcomes: { favour_payee: { amount: 120 } } });
  });
});
