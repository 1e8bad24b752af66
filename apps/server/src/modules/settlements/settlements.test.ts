import { and, eq } from 'drizzle-orm';
import {
  DISPUTE_MESSAGES,
  SETTLEMENT_MESSAGES,
  type ModerationDispute,
  type Settlement,
} from '@campusrun/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  disputes,
  messages,
  moderationActions,
  notifications,
  offers,
  requests,
  settlements,
  users,
} from '../../db/schema';
import { createEvents } from '../../lib/events';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD, createProduct, createRequest, createUser } from '../../test/factories';
import { completedRequest as completedBetween, memberCalls } from '../../test/member-calls';
import { remindDueSettlements } from './settlements.service';

const HOUR = 3600_000;
type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;

beforeAll(async () => {
  // The app's own reminder sweep stays out of the way: the tests run it themselves.
  t = await buildTestApp({ requestSweepSeconds: 0 });
});
afterAll(() => t.close());

const { call, get, put, post } = memberCalls(() => t);

let meera: User; // hosteller: requester, buyer
let dev: User; // day scholar: deliverer
let seller: User; // hosteller selling
let stranger: User;
let moderator: User;

beforeEach(async () => {
  meera = await createUser(t.db, { role: 'hosteller', name: 'Meera' });
  dev = await createUser(t.db, { role: 'dayscholar', name: 'Dev Kumar' });
  seller = await createUser(t.db, { role: 'hosteller', name: 'Sana & Co' });
  stranger = await createUser(t.db, { role: 'hosteller', name: 'Stranger' });
  moderator = await createUser(t.db, { role: 'dayscholar', name: 'Mod' });
  await t.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
});

/** A request delivered by Dev to Meera, completed by her confirmation (the completion's own path). */
const completedRequest = (opts: Parameters<typeof completedBetween>[3] = {}) =>
  completedBetween(t, meera, dev, opts);

const lookup = async (user: User, kind: 'request' | 'sale', targetId: string) => {
  const res = await get(user, `/settlements/for?kind=${kind}&targetId=${targetId}`);
  expect(res.statusCode).toBe(200);
  return res.json().settlement as Settlement | null;
};

/**
 * A product of the seller sold to Meera, who wrote about it (and made an offer when told), and
 * confirmed buying it (unless `confirm` is false).
 */
async function soldProduct(
  opts: {
    price?: number;
    offer?: { amount: number; status: 'accepted' | 'declined' };
    confirm?: boolean;
  } = {},
) {
  const product = await createProduct(t.db, { seller, name: 'Desk lamp', price: opts.price ?? 250 });
  await t.db.insert(messages).values({
    senderId: meera.id,
    receiverId: seller.id,
    content: 'Is it available?',
    productId: product.id,
  });
  if (opts.offer)
    await t.db.insert(offers).values({
      productId: product.id,
      buyerId: meera.id,
      amount: opts.offer.amount * 100,
      status: opts.offer.status,
      decidedAt: new Date(),
    });
  const res = await put(seller, `/products/${product.id}/sold`, { buyerId: meera.id });
  expect(res.statusCode).toBe(200);
  if (opts.confirm !== false) {
    const s = (await lookup(meera, 'sale', product.id))!;
    expect((await put(meera, `/settlements/${s.id}/confirm`)).statusCode).toBe(200);
  }
  return product;
}

const noticesOf = (user: User, type: 'settlement' | 'dispute') =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)));

describe('a settlement opens', () => {
  it('when a request is completed: the requester owes the fee plus the item cost', async () => {
    const request = await completedRequest({ expectedPrice: 40, itemCost: 80 });
    const s = (await lookup(meera, 'request', request.id))!;
    expect(s).toMatchObject({
      kind: 'request',
      thing: { id: request.id, title: 'Notebooks', number: request.number },
      amount: 120,
      payer: { id: meera.id, name: 'Meera' },
      payee: { id: dev.id, name: 'Dev Kumar' },
      state: 'open',
      method: null,
      upiUri: null,
      dispute: null,
      itemCost: null,
      breakdown: { items: 80, itemsFrom: 'estimate', fee: 40, total: 120 },
      settledAutomatically: false,
      can: {
        confirm: false,
        decline: false,
        acceptCost: false,
        pay: true,
        receive: false,
        notReceive: false,
        dispute: true,
        remind: false,
        tip: true,
      },
    });
    expect((await lookup(dev, 'request', request.id))!.can).toEqual({
      confirm: false,
      decline: false,
      acceptCost: false,
      pay: false,
      receive: true,
      notReceive: false,
      dispute: true,
      remind: true,
      tip: false,
    });
    // Nobody else sees it, ever.
    expect(await lookup(stranger, 'request', request.id)).toBeNull();
  });

  it('counts a receipt up to the estimate, and only the fee without either', async () => {
    const below = await completedRequest({ expectedPrice: 30, itemCost: 80, actualItemCost: 70.5 });
    expect((await lookup(meera, 'request', below.id))!).toMatchObject({
      amount: 100.5,
      itemCost: null,
      breakdown: { items: 70.5, itemsFrom: 'receipt', fee: 30, total: 100.5 },
    });
    const feeOnly = await completedRequest({ expectedPrice: 30, itemCost: null });
    expect((await lookup(meera, 'request', feeOnly.id))!).toMatchObject({
      amount: 30,
      breakdown: { items: null, itemsFrom: null, fee: 30, total: 30 },
    });
  });

  it('says what the debt is made of: the estimate while a higher receipt waits, the receipt once accepted', async () => {
    const above = await completedRequest({ expectedPrice: 30, itemCost: 150, actualItemCost: 172 });
    const waiting = (await lookup(meera, 'request', above.id))!;
    expect(waiting).toMatchObject({
      amount: 180,
      itemCost: { claimed: 172, estimated: 150 },
      breakdown: { items: 150, itemsFrom: 'estimate', fee: 30, total: 180 },
    });
    expect((await put(meera, `/settlements/${waiting.id}/accept-cost`)).statusCode).toBe(200);
    expect((await lookup(dev, 'request', above.id))!).toMatchObject({
      amount: 202,
      breakdown: { items: 172, itemsFrom: 'receipt', fee: 30, total: 202 },
    });
    // The deliverer is told the whole of it, with its parts.
    expect((await noticesOf(dev, 'settlement')).map((n) => n.message)).toContain(
      'Meera accepted the item cost for Notebooks: ₹202 (items ₹172 + delivery fee ₹30) in all',
    );
  });

  it('only once per request', async () => {
    const request = await completedRequest();
    await put(meera, `/requests/${request.id}/confirm-receipt`);
    const rows = await t.db.select().from(settlements).where(eq(settlements.requestId, request.id));
    expect(rows).toHaveLength(1);
  });

  it("when a product is sold to a named buyer: the buyer owes the accepted offer's amount", async () => {
    const product = await soldProduct({ price: 250, offer: { amount: 200, status: 'accepted' } });
    const s = (await lookup(meera, 'sale', product.id))!;
    expect(s).toMatchObject({
      kind: 'sale',
      thing: { id: product.id, title: 'Desk lamp', number: null },
      amount: 200,
      payer: { id: meera.id },
      payee: { id: seller.id },
      state: 'open',
      breakdown: null,
    });
    expect((await lookup(seller, 'sale', product.id))!.id).toBe(s.id);
  });

  it('for the listing price without an accepted offer, and not when sold to nobody named', async () => {
    const product = await soldProduct({ price: 250, offer: { amount: 150, status: 'declined' } });
    expect((await lookup(meera, 'sale', product.id))!.amount).toBe(250);
    const unnamed = await createProduct(t.db, { seller });
    expect((await put(seller, `/products/${unnamed.id}/sold`, {})).statusCode).toBe(200);
    expect(await t.db.select().from(settlements).where(eq(settlements.productId, unnamed.id))).toHaveLength(
      0,
    );
  });
});

describe('two-sided confirmation', () => {
  it('payer pays, payee receives; each told; out of order and repeats are 409; others 403/404', async () => {
    const request = await completedRequest({ expectedPrice: 40, itemCost: 80 });
    const s = (await lookup(meera, 'request', request.id))!;

    // Not yet paid: the payee may not say it never arrived.
    let res = await put(dev, `/settlements/${s.id}/not-received`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.notPaid, reason: 'notPaid' });

    // Only the payer pays; a stranger finds nothing.
    res = await put(dev, `/settlements/${s.id}/paid`, { method: 'upi' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.notPayer, reason: 'notPayer' });
    res = await put(stranger, `/settlements/${s.id}/paid`, { method: 'upi' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.notFound });
    res = await put(meera, `/settlements/${s.id}/paid`, { method: 'bitcoin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SETTLEMENT_MESSAGES.methodInvalid);

    res = await put(meera, `/settlements/${s.id}/paid`, { method: 'upi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settlement).toMatchObject({ state: 'paid', method: 'upi', can: { pay: false } });
    expect((await noticesOf(dev, 'settlement')).map((n) => [n.message, n.data])).toEqual([
      [
        'Meera says they paid ₹120 (items ₹80 + delivery fee ₹40) for Notebooks',
        { requestId: request.id, settlementId: s.id },
      ],
    ]);
    res = await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('notOpen');

    // Only the payee confirms.
    res = await put(meera, `/settlements/${s.id}/received`);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('notPayee');
    res = await put(stranger, `/settlements/${s.id}/received`);
    expect(res.statusCode).toBe(404);
    res = await put(dev, `/settlements/${s.id}/received`);
    expect(res.statusCode).toBe(200);
    expect(res.json().settlement).toMatchObject({ state: 'settled', settledAt: expect.any(String) });
    expect((await noticesOf(meera, 'settlement')).map((n) => n.message)).toEqual([
      'Dev Kumar confirmed receiving ₹120 (items ₹80 + delivery fee ₹40) for Notebooks',
    ]);
    res = await put(dev, `/settlements/${s.id}/received`);
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('alreadySettled');
    res = await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    expect(res.json().reason).toBe('alreadySettled');
  });

  it('the payee may confirm cash received while still open', async () => {
    const product = await soldProduct();
    const s = (await lookup(seller, 'sale', product.id))!;
    const res = await put(seller, `/settlements/${s.id}/received`);
    expect(res.statusCode).toBe(200);
    expect(res.json().settlement.state).toBe('settled');
  });

  it('not received: paid → disputed with a not_received dispute; then every move is 409 disputed', async () => {
    const request = await completedRequest();
    const s = (await lookup(meera, 'request', request.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    expect((await put(meera, `/settlements/${s.id}/not-received`)).json().reason).toBe('notPayee');
    expect((await put(stranger, `/settlements/${s.id}/not-received`)).statusCode).toBe(404);
    const res = await put(dev, `/settlements/${s.id}/not-received`);
    expect(res.statusCode).toBe(200);
    const after = res.json().settlement as Settlement;
    expect(after.state).toBe('disputed');
    expect(after.dispute).toMatchObject({ status: 'open', outcome: null });
    for (const [user, action] of [
      [dev, 'received'],
      [dev, 'not-received'],
    ] as const) {
      const again = await put(user, `/settlements/${s.id}/${action}`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ reason: 'disputed', message: SETTLEMENT_MESSAGES.disputed });
    }
    const queue = (await get(moderator, '/moderation/disputes?status=open')).json()
      .disputes as ModerationDispute[];
    expect(queue.find((d) => d.targetId === request.id)).toMatchObject({
      reason: 'not_received',
      openedBy: { id: dev.id },
    });
  });

  it('a payee UPI ID gives the exact UPI link to both parties', async () => {
    await t.db.update(users).set({ upiId: 'dev.k@okaxis' }).where(eq(users.id, dev.id));
    const request = await completedRequest({ expectedPrice: 120, itemCost: null });
    const s = (await lookup(meera, 'request', request.id))!;
    expect(s.upiUri).toBe(
      `upi://pay?pa=dev.k%40okaxis&pn=Dev%20Kumar&am=120.00&cu=INR&tn=CampusRun%20request%20%23${request.number}`,
    );
  });
});

describe("the payee's reminder", () => {
  const remindedAtOf = async (id: string) =>
    (await t.db.select({ at: settlements.remindedAt }).from(settlements).where(eq(settlements.id, id)))[0]!
      .at;

  it('the payee reminds the payer once; the payer is told; a second within 24 hours is refused', async () => {
    const request = await completedRequest({ expectedPrice: 40, itemCost: 80 });
    const s = (await lookup(dev, 'request', request.id))!;
    expect(s.can.remind).toBe(true);

    let res = await put(dev, `/settlements/${s.id}/remind`);
    expect(res.statusCode).toBe(200);
    expect(res.json().settlement).toMatchObject({ id: s.id, state: 'open', can: { remind: false } });
    expect((await noticesOf(meera, 'settlement')).map((n) => [n.message, n.data])).toEqual([
      [
        'Dev Kumar reminds you: you owe them ₹120 (items ₹80 + delivery fee ₹40) for Notebooks.',
        { requestId: request.id, settlementId: s.id },
      ],
    ]);
    expect((await lookup(dev, 'request', request.id))!.can.remind).toBe(false);

    res = await put(dev, `/settlements/${s.id}/remind`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'remindedRecently',
      message: SETTLEMENT_MESSAGES.remindedRecently,
    });
    expect(SETTLEMENT_MESSAGES.remindedRecently).toBe('You can remind them again tomorrow.');
    expect(await noticesOf(meera, 'settlement')).toHaveLength(1);

    // A day later they may remind again.
    await t.db
      .update(settlements)
      .set({ remindedAt: new Date(Date.now() - 24 * HOUR - 60_000) })
      .where(eq(settlements.id, s.id));
    expect((await lookup(dev, 'request', request.id))!.can.remind).toBe(true);
    expect((await put(dev, `/settlements/${s.id}/remind`)).statusCode).toBe(200);
    expect(await noticesOf(meera, 'settlement')).toHaveLength(2);
  });

  it('the payer cannot remind (403 notPayee); a stranger finds nothing (404); neither sends a notice', async () => {
    const request = await completedRequest();
    const s = (await lookup(meera, 'request', request.id))!;
    expect(s.can.remind).toBe(false);

    let res = await put(meera, `/settlements/${s.id}/remind`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'notPayee', message: SETTLEMENT_MESSAGES.notPayee });
    res = await put(stranger, `/settlements/${s.id}/remind`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.notFound });
    expect(await noticesOf(dev, 'settlement')).toEqual([]);
    expect(await noticesOf(meera, 'settlement')).toEqual([]);
    expect(await remindedAtOf(s.id)).toBeNull();
    // Refused, the payee may still remind.
    expect((await lookup(dev, 'request', request.id))!.can.remind).toBe(true);
  });

  it('only while open: not once paid, settled or disputed, nor a proposed or void sale', async () => {
    const refused = async (user: User, id: string, reason: string) => {
      const res = await put(user, `/settlements/${id}/remind`);
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toBe(reason);
    };
    const request = await completedRequest();
    const s = (await lookup(dev, 'request', request.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    expect((await lookup(dev, 'request', request.id))!.can.remind).toBe(false);
    await refused(dev, s.id, 'notOpen');
    await put(dev, `/settlements/${s.id}/received`);
    expect((await lookup(dev, 'request', request.id))!.can.remind).toBe(false);
    await refused(dev, s.id, 'alreadySettled');

    const disputedRequest = await completedRequest();
    const d = (await lookup(dev, 'request', disputedRequest.id))!;
    await put(meera, `/settlements/${d.id}/paid`, { method: 'upi' });
    expect((await put(dev, `/settlements/${d.id}/not-received`)).statusCode).toBe(200);
    expect((await lookup(dev, 'request', disputedRequest.id))!.can.remind).toBe(false);
    await refused(dev, d.id, 'disputed');

    const product = await soldProduct({ confirm: false });
    const sale = (await lookup(seller, 'sale', product.id))!;
    expect(sale.can.remind).toBe(false);
    await refused(seller, sale.id, 'proposed');
    await put(meera, `/settlements/${sale.id}/decline`);
    await refused(seller, sale.id, 'voided');

    expect((await noticesOf(meera, 'settlement')).map((n) => n.message)).not.toContainEqual(
      expect.stringContaining('reminds you'),
    );
  });

  it("counts with the day's reminder: not again the day it went out, and none from the sweep after Remind", async () => {
    const request = await completedRequest();
    const s = (await lookup(dev, 'request', request.id))!;
    // The day's reminder went out two hours ago.
    await t.db
      .update(settlements)
      .set({ remindedAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(settlements.id, s.id));
    expect((await lookup(dev, 'request', request.id))!.can.remind).toBe(false);
    expect((await put(dev, `/settlements/${s.id}/remind`)).json().reason).toBe('remindedRecently');

    // Reminded by the payee, a settlement open for more than a day is not claimed by the sweep.
    const other = await completedRequest();
    const o = (await lookup(dev, 'request', other.id))!;
    expect((await put(dev, `/settlements/${o.id}/remind`)).statusCode).toBe(200);
    const remindedAt = await remindedAtOf(o.id);
    await t.db
      .update(settlements)
      .set({ confirmedAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(settlements.id, o.id));
    await remindDueSettlements({ db: t.db, events: createEvents({ error: () => {} }) });
    expect(await remindedAtOf(o.id)).toEqual(remindedAt);
  });
});

describe('list and summary', () => {
  it('filters by state, newest first, in pages; sums what is owed per person', async () => {
    const a = await completedRequest({ expectedPrice: 10, itemCost: null });
    const b = await completedRequest({ expectedPrice: 20, itemCost: null });
    const c = await completedRequest({ expectedPrice: 30, itemCost: null });
    const sale = await soldProduct({ price: 100 });
    const [sa, sb, sc] = await Promise.all(
      [a, b, c].map(async (r) => (await lookup(meera, 'request', r.id))!),
    );
    await put(meera, `/settlements/${sb!.id}/paid`, { method: 'cash' });
    await put(dev, `/settlements/${sc!.id}/received`);

    const page1 = (await get(meera, '/settlements?status=open&limit=1')).json();
    expect(page1.settlements).toHaveLength(1);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const rest = (await get(meera, `/settlements?status=open&limit=5&cursor=${page1.nextCursor}`)).json();
    const open = [...page1.settlements, ...rest.settlements].map((s: Settlement) => s.id);
    const saleId = (await lookup(meera, 'sale', sale.id))!.id;
    expect(open).toEqual([saleId, sb!.id, sa!.id]);
    expect(
      (await get(meera, '/settlements?status=settled')).json().settlements.map((s: Settlement) => s.id),
    ).toEqual([sc!.id]);
    expect((await get(meera, '/settlements?status=disputed')).json().settlements).toEqual([]);
    expect((await get(stranger, '/settlements')).json().settlements).toEqual([]);
    expect((await get(meera, '/settlements?status=nope')).statusCode).toBe(400);

    const summary = (await get(meera, '/settlements/summary')).json();
    expect(summary.youOwe).toBe(130);
    expect(summary.owedToYou).toBe(0);
    expect(summary.byPerson).toEqual([
      { user: { id: seller.id, name: 'Sana & Co', avatar: null }, youOwe: 100, owedToYou: 0 },
      { user: { id: dev.id, name: 'Dev Kumar', avatar: null }, youOwe: 30, owedToYou: 0 },
    ]);
    const devSummary = (await get(dev, '/settlements/summary')).json();
    expect(devSummary).toEqual({
      youOwe: 0,
      owedToYou: 30,
      byPerson: [{ user: { id: meera.id, name: 'Meera', avatar: null }, youOwe: 0, owedToYou: 30 }],
    });
  });
});

describe('disputes', () => {
  const dispute = (user: User, targetType: 'request' | 'sale', targetId: string) =>
    post(user, '/disputes', { targetType, targetId, reason: 'not_as_described', details: 'Wrong notebooks' });

  it('either party within 48 hours, one open at a time; strangers, unknown and unfinished refused', async () => {
    const request = await completedRequest();
    expect((await dispute(stranger, 'request', request.id)).json()).toMatchObject({
      reason: 'notParty',
      message: DISPUTE_MESSAGES.notParty,
    });
    expect((await dispute(stranger, 'request', request.id)).statusCode).toBe(403);
    expect((await dispute(meera, 'request', '6f1c1c1e-5f7a-4d59-9a55-3f9c3a0c1b2d')).statusCode).toBe(404);
    const pending = await createRequest(t.db, { requester: meera, deliverer: dev, status: 'accepted' });
    const notDone = await dispute(meera, 'request', pending.id);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().reason).toBe('notFinished');

    const opened = await dispute(meera, 'request', request.id);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().dispute).toMatchObject({
      targetType: 'request',
      targetId: request.id,
      status: 'open',
      openedBy: { id: meera.id, name: 'Meera' },
    });
    expect((await lookup(meera, 'request', request.id))!).toMatchObject({
      state: 'disputed',
      can: { pay: false, dispute: false },
    });
    expect((await noticesOf(dev, 'dispute')).length).toBe(1);
    const again = await dispute(dev, 'request', request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('alreadyOpen');

    // Two at once about another request: one opens.
    const other = await completedRequest();
    const both = await Promise.all([dispute(meera, 'request', other.id), dispute(dev, 'request', other.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('closes 48 hours after the completion or the sale', async () => {
    const request = await completedRequest();
    await t.db
      .update(requests)
      .set({ completedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(requests.id, request.id));
    const late = await dispute(dev, 'request', request.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'windowClosed', message: DISPUTE_MESSAGES.windowClosed });
    expect((await lookup(dev, 'request', request.id))!.can.dispute).toBe(false);

    // A sale's window starts when its buyer confirmed it.
    const product = await soldProduct();
    await t.db
      .update(settlements)
      .set({ confirmedAt: new Date(Date.now() - 47 * HOUR) })
      .where(eq(settlements.productId, product.id));
    expect((await dispute(seller, 'sale', product.id)).statusCode).toBe(201);
    const other = await soldProduct();
    await t.db
      .update(settlements)
      .set({ confirmedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(settlements.productId, other.id));
    expect((await dispute(meera, 'sale', other.id)).json().reason).toBe('windowClosed');
  });

  it('a moderator sees both parties, the settlement, the thing and the last messages, oldest first', async () => {
    const request = await completedRequest({
      expectedPrice: 40,
      itemCost: 80,
      description: 'Two ruled notebooks',
    });
    const base = Date.now() - 60 * 60_000;
    await t.db.insert(messages).values(
      Array.from({ length: 55 }, (_, i) => ({
        senderId: i % 2 ? meera.id : dev.id,
        receiverId: i % 2 ? dev.id : meera.id,
        content: `message ${i}`,
        sentAt: new Date(base + i * 1000),
      })),
    );
    await t.db.insert(messages).values({ senderId: meera.id, receiverId: stranger.id, content: 'unrelated' });
    const opened = (await dispute(dev, 'request', request.id)).json().dispute;
    expect((await get(meera, '/moderation/disputes')).statusCode).toBe(403);
    const queue = (await get(moderator, '/moderation/disputes?status=open&limit=50')).json();
    const d = (queue.disputes as ModerationDispute[]).find((x) => x.id === opened.id)!;
    expect(d).toMatchObject({
      payer: { id: meera.id, name: 'Meera' },
      payee: { id: dev.id, name: 'Dev Kumar' },
      settlement: { amount: 120, state: 'disputed', method: null },
      thing: { id: request.id, title: 'Notebooks', text: 'Two ruled notebooks', price: 120, photos: [] },
    });
    expect(d.evidence).toHaveLength(50);
    expect(d.evidence[0]!.content).toBe('message 5');
    expect(d.evidence[49]!.content).toBe('message 54');
    expect(d.evidence.some((m) => m.content === 'unrelated')).toBe(false);
  });

  async function decided(outcome: string, opts: { settleFirst?: boolean } = {}) {
    const request = await completedRequest({ expectedPrice: 10.01, itemCost: null });
    const s = (await lookup(meera, 'request', request.id))!;
    if (opts.settleFirst) await put(dev, `/settlements/${s.id}/received`);
    const opened = (await dispute(meera, 'request', request.id)).json().dispute;
    const res = await put(moderator, `/moderation/disputes/${opened.id}`, {
      outcome,
      note: 'Looked at the chat',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dispute).toMatchObject({ status: 'resolved', outcome, note: 'Looked at the chat' });
    return { request, dispute: opened, settlement: (await lookup(meera, 'request', request.id))! };
  }

  const reliabilityOf = async (user: User) =>
    (await get(stranger, `/users/${user.id}/profile`)).json().profile.reliability;

  it('favour_payer settles it; the payee lost', async () => {
    const { settlement } = await decided('favour_payer');
    expect(settlement).toMatchObject({
      state: 'settled',
      amount: 10.01,
      dispute: { status: 'resolved', outcome: 'favour_payer' },
    });
    expect((await reliabilityOf(dev)).disputesLost).toBe(1);
    expect((await reliabilityOf(meera)).disputesLost).toBe(0);
  });

  it('favour_payee opens it again (or keeps it settled); the payer lost', async () => {
    expect((await decided('favour_payee')).settlement).toMatchObject({ state: 'open', amount: 10.01 });
    expect((await decided('favour_payee', { settleFirst: true })).settlement.state).toBe('settled');
    expect((await reliabilityOf(meera)).disputesLost).toBe(2);
    expect((await reliabilityOf(dev)).disputesLost).toBe(0);
  });

  it('split halves the amount, rounded down to the paisa; no_fault settles; nobody lost', async () => {
    expect((await decided('split')).settlement).toMatchObject({ state: 'open', amount: 5 });
    expect((await decided('split', { settleFirst: true })).settlement).toMatchObject({
      state: 'settled',
      amount: 5,
    });
    expect((await decided('no_fault')).settlement.state).toBe('settled');
    expect((await reliabilityOf(meera)).disputesLost).toBe(0);
    expect((await reliabilityOf(dev)).disputesLost).toBe(0);
  });

  it('a decision tells both parties, leaves an audit-log row, and is made once', async () => {
    const { request, dispute: d } = await decided('favour_payer');
    const actions = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, request.id));
    expect(actions).toMatchObject([
      {
        moderatorId: moderator.id,
        action: 'resolve_dispute',
        targetType: 'request',
        reason: 'favour_payer: Looked at the chat',
      },
    ]);
    for (const user of [meera, dev])
      expect(
        (await noticesOf(user, 'dispute')).some((n) => n.message.startsWith('A moderator decided')),
      ).toBe(true);
    const again = await put(moderator, `/moderation/disputes/${d.id}`, { outcome: 'no_fault', note: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'alreadyResolved',
      message: DISPUTE_MESSAGES.alreadyResolved,
    });
    expect(
      (
        await put(moderator, '/moderation/disputes/6f1c1c1e-5f7a-4d59-9a55-3f9c3a0c1b2d', {
          outcome: 'no_fault',
          note: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const resolved = (await get(moderator, '/moderation/disputes?status=resolved')).json().disputes;
    expect(resolved.some((x: ModerationDispute) => x.id === d.id)).toBe(true);
  });

  it('a sale dispute is logged against the product', async () => {
    const product = await soldProduct();
    const opened = (await dispute(meera, 'sale', product.id)).json().dispute;
    await put(moderator, `/moderation/disputes/${opened.id}`, { outcome: 'favour_payee', note: 'Paid late' });
    const [action] = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, product.id));
    expect(action).toMatchObject({ targetType: 'product', reason: 'favour_payee: Paid late' });
    expect((await reliabilityOf(meera)).disputesLost).toBe(1);
  });
});

describe('the UPI ID', () => {
  const profile = (user: User, upiId: unknown) =>
    put(user, '/users/profile', {
      name: user.name,
      phoneNumber: '9876543210',
      hostelBlock: 'Block A',
      roomNumber: '101',
      ...(upiId !== undefined && { upiId }),
    });

  it('is set, kept when absent, removed when blank, and checked', async () => {
    let res = await profile(meera, ' meera.s@okhdfc ');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.upiId).toBe('meera.s@okhdfc');
    expect((await get(meera, '/auth/me')).json().user.upiId).toBe('meera.s@okhdfc');
    res = await profile(meera, undefined);
    expect(res.json().user.upiId).toBe('meera.s@okhdfc');
    for (const bad of ['not-a-vpa', 'a@b', 'meera@ok hdfc', 42]) {
      res = await profile(meera, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ param: 'upiId', msg: SETTLEMENT_MESSAGES.upiIdInvalid });
    }
    res = await profile(meera, `${'a'.repeat(101)}@okhdfc`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { param: string }) => e.param)).toContain('upiId');
    res = await profile(meera, '  ');
    expect(res.json().user.upiId).toBeNull();
    expect((await profile(meera, 'meera@ybl')).json().user.upiId).toBe('meera@ybl');
    expect((await profile(meera, null)).json().user.upiId).toBeNull();
  });

  it('nobody else sees it: not on the public profile, card or their own settlements as payer', async () => {
    await t.db.update(users).set({ upiId: 'secret.vpa@okaxis' }).where(eq(users.id, meera.id));
    for (const url of [`/users/${meera.id}/profile`, `/users/${meera.id}`]) {
      const res = await get(stranger, url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('secret.vpa');
    }
    // Meera is the payer here: the link is the payee's, never hers.
    const request = await completedRequest();
    const asPayee = await get(dev, `/settlements/for?kind=request&targetId=${request.id}`);
    expect(asPayee.body).not.toContain('secret.vpa');
    // She is the seller's buyer; as a seller her own link goes to her buyer only.
    const theirs = await createProduct(t.db, { seller: meera, name: 'Kettle', price: 500 });
    await t.db
      .insert(messages)
      .values({ senderId: dev.id, receiverId: meera.id, content: 'hi', productId: theirs.id });
    await t.db.update(users).set({ role: 'hosteller' }).where(eq(users.id, stranger.id));
    await t.db
      .insert(messages)
      .values({ senderId: stranger.id, receiverId: meera.id, content: 'mine?', productId: theirs.id });
    await put(meera, `/products/${theirs.id}/sold`, { buyerId: stranger.id });
    // Not before the buyer confirmed buying it.
    const proposed = (await lookup(stranger, 'sale', theirs.id))!;
    expect(proposed.upiUri).toBeNull();
    await put(stranger, `/settlements/${proposed.id}/confirm`);
    expect((await lookup(stranger, 'sale', theirs.id))!.upiUri).toContain('pa=secret.vpa%40okaxis');
    expect((await get(dev, `/settlements/for?kind=sale&targetId=${theirs.id}`)).body).not.toContain(
      'secret.vpa',
    );
  });
});

describe('reliability', () => {
  it('counts deliveries, requests, cancellations after acceptance, give-ups, lost disputes and overdue debts', async () => {
    await completedRequest();
    const old = await completedRequest({ expectedPrice: 15, itemCost: null });
    await createRequest(t.db, { requester: meera, deliverer: dev, status: 'cancelled' });
    // Cancelled before anyone accepted it: not counted.
    await createRequest(t.db, { requester: meera, status: 'cancelled' });
    await t.db.update(users).set({ deliveriesGivenUp: 2 }).where(eq(users.id, dev.id));
    const s = (await lookup(meera, 'request', old.id))!;
    await t.db
      .update(settlements)
      .set({
        createdAt: new Date(Date.now() - 8 * 24 * HOUR),
        confirmedAt: new Date(Date.now() - 8 * 24 * HOUR),
      })
      .where(eq(settlements.id, s.id));

    const of = async (user: User) =>
      (await get(stranger, `/users/${user.id}/profile`)).json().profile.reliability;
    expect(await of(meera)).toEqual({
      deliveriesCompleted: 0,
      requestsCompleted: 2,
      cancellationsAfterAcceptance: 1,
      deliveriesGivenUp: 0,
      disputesLost: 0,
      settlementsOverdue: 1,
      memberSince: meera.createdAt.toISOString(),
    });
    expect(await of(dev)).toMatchObject({
      deliveriesCompleted: 2,
      requestsCompleted: 0,
      deliveriesGivenUp: 2,
      settlementsOverdue: 0,
    });
    // Marked paid, it is the payee's to answer: no longer overdue for her.
    await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    expect((await of(meera)).settlementsOverdue).toBe(0);
  });
});

describe('money needs the act of the person it binds', () => {
  /** Someone who asked the seller about the product, as the attack needs: they can be named buyer. */
  async function asked(user: User, productId: string) {
    await t.db
      .insert(messages)
      .values({ senderId: user.id, receiverId: seller.id, content: 'Is this still available?', productId });
  }
  const owes = async (user: User) => (await get(user, '/settlements/summary')).json().youOwe as number;
  const disputeAs = (user: User, kind: 'request' | 'sale', targetId: string) =>
    post(user, '/disputes', { targetType: kind, targetId, reason: 'other', details: 'Not right' });
  const decide = (id: string, outcome: string) =>
    put(moderator, `/moderation/disputes/${id}`, { outcome, note: 'Looked at it' });

  it('finding 1: the payee UPI ID reaches the payer only after the payee did their part', async () => {
    await t.db.update(users).set({ upiId: 'dev@okaxis' }).where(eq(users.id, dev.id));
    await t.db.update(users).set({ upiId: 'sana@okaxis' }).where(eq(users.id, seller.id));
    // A request completed without its deliverer ever picking it up (as the old completion allowed):
    // no UPI link, nothing to dispute.
    const request = await createRequest(t.db, { requester: meera, deliverer: dev, status: 'completed' });
    await t.db
      .update(requests)
      .set({ completedAt: new Date(), pickedUpAt: null })
      .where(eq(requests.id, request.id));
    await t.db.insert(settlements).values({
      kind: 'request',
      requestId: request.id,
      title: 'Notebook',
      payerId: meera.id,
      payeeId: dev.id,
      amount: 5000,
      originalAmount: 5000,
      confirmedAt: new Date(),
    });
    const notPicked = (await lookup(meera, 'request', request.id))!;
    expect(notPicked).toMatchObject({ upiUri: null, can: { dispute: false } });
    expect((await disputeAs(dev, 'request', request.id)).json().reason).toBe('notFinished');
    expect((await disputeAs(meera, 'request', request.id)).json().reason).toBe('notFinished');
    // A sale: nothing until the buyer confirms it.
    const product = await soldProduct({ confirm: false });
    const proposed = (await lookup(meera, 'sale', product.id))!;
    expect(proposed).toMatchObject({ state: 'proposed', upiUri: null });
    expect((await get(meera, `/settlements/for?kind=sale&targetId=${product.id}`)).body).not.toContain(
      'sana@okaxis',
    );
    await put(meera, `/settlements/${proposed.id}/confirm`);
    expect((await lookup(meera, 'sale', product.id))!.upiUri).toContain('pa=sana%40okaxis');
  });

  it("finding 2: a seller who marks a product sold at ₹10,00,000 to someone who once asked creates no debt; the victim says they didn't buy it", async () => {
    const product = await createProduct(t.db, { seller, name: 'Old fan', price: 1_000_000 });
    await asked(meera, product.id);
    expect((await put(seller, `/products/${product.id}/sold`, { buyerId: meera.id })).statusCode).toBe(200);
    const s = (await lookup(meera, 'sale', product.id))!;
    expect(s).toMatchObject({
      state: 'proposed',
      amount: 1_000_000,
      can: { confirm: true, decline: true, pay: false },
    });
    // It counts nowhere and blocks nothing.
    expect(await owes(meera)).toBe(0);
    expect((await get(seller, '/settlements/summary')).json().owedToYou).toBe(0);
    expect(
      (await get(stranger, `/users/${meera.id}/profile`)).json().profile.reliability.settlementsOverdue,
    ).toBe(0);
    // The seller cannot confirm it for her, nor mark it received.
    expect((await put(seller, `/settlements/${s.id}/confirm`)).statusCode).toBe(403);
    expect((await put(seller, `/settlements/${s.id}/received`)).json().reason).toBe('proposed');
    // She says she didn't buy it: void, and the seller is told.
    const declined = await put(meera, `/settlements/${s.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().settlement).toMatchObject({
      state: 'void',
      can: { confirm: false, pay: false, dispute: false },
    });
    expect((await put(meera, `/settlements/${s.id}/confirm`)).json().reason).toBe('voided');
    expect((await noticesOf(seller, 'settlement')).map((n) => n.message)).toContain(
      'Meera says they did not buy Old fan. Nothing is owed for it.',
    );
  });

  it('finding 2: a proposed sale blocks nothing: the named buyer can still delete their account', async () => {
    const product = await createProduct(t.db, { seller, name: 'Old fan', price: 1_000_000 });
    await asked(meera, product.id);
    await put(seller, `/products/${product.id}/sold`, { buyerId: meera.id });
    const res = await call('DELETE', meera, '/users/me', { password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBeLessThan(300);
  });

  it('finding 2: marking it available, sold to another, or deleting it voids a proposed sale and tells the buyer; once confirmed each is 409 settlementOpen', async () => {
    const product = await soldProduct({ confirm: false });
    const first = (await lookup(meera, 'sale', product.id))!;
    expect(
      (await call('PATCH', seller, `/products/${product.id}/status`, { status: 'available' })).statusCode,
    ).toBe(200);
    expect((await lookup(meera, 'sale', product.id))!).toMatchObject({ id: first.id, state: 'void' });
    expect((await noticesOf(meera, 'settlement')).map((n) => n.message)).toContain(
      'Sana & Co called off the sale of Desk lamp to you. You owe nothing for it.',
    );
    // Sold again after the void: a new proposal, which Meera confirms.
    expect((await put(seller, `/products/${product.id}/sold`, { buyerId: meera.id })).statusCode).toBe(200);
    const second = (await lookup(meera, 'sale', product.id))!;
    expect(second).toMatchObject({ state: 'proposed' });
    expect(second.id).not.toBe(first.id);
    expect((await put(meera, `/settlements/${second.id}/confirm`)).statusCode).toBe(200);
    expect(await owes(meera)).toBe(250);
    await asked(stranger, product.id);
    for (const res of [
      await call('PATCH', seller, `/products/${product.id}/status`, { status: 'available' }),
      await put(seller, `/products/${product.id}/sold`, { buyerId: stranger.id }),
      await call('DELETE', seller, `/products/${product.id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        reason: 'settlementOpen',
        message: 'The buyer has confirmed this sale; settle it before changing it',
      });
    }
    // Her debt is as it was, and still hers.
    expect((await lookup(meera, 'sale', product.id))!).toMatchObject({
      id: second.id,
      state: 'open',
      amount: 250,
    });
    expect(await lookup(stranger, 'sale', product.id)).toBeNull();
    // Settled: the product is the seller's to change again.
    await put(seller, `/settlements/${second.id}/received`);
    expect(
      (await call('PATCH', seller, `/products/${product.id}/status`, { status: 'available' })).statusCode,
    ).toBe(200);
  });

  it("finding 2: re-selling does not move disputes: A's lost dispute stays A's, B cannot dispute A's sale, A's data holds nothing of B", async () => {
    const product = await soldProduct();
    const sA = (await lookup(meera, 'sale', product.id))!;
    const opened = (await disputeAs(seller, 'sale', product.id)).json().dispute;
    expect((await decide(opened.id, 'favour_payee')).statusCode).toBe(200);
    await put(meera, `/settlements/${sA.id}/paid`, { method: 'cash' });
    await put(seller, `/settlements/${sA.id}/received`);
    // The seller takes it back and sells it to B (the stranger), who confirms.
    await call('PATCH', seller, `/products/${product.id}/status`, { status: 'available' });
    await asked(stranger, product.id);
    await put(seller, `/products/${product.id}/sold`, { buyerId: stranger.id });
    const sB = (await lookup(stranger, 'sale', product.id))!;
    await put(stranger, `/settlements/${sB.id}/confirm`);
    const profile = async (u: User) =>
      (await get(moderator, `/users/${u.id}/profile`)).json().profile.reliability;
    expect((await profile(meera)).disputesLost).toBe(1);
    expect((await profile(stranger)).disputesLost).toBe(0);
    // B's dispute is about B's own settlement, never A's.
    const bDispute = await post(stranger, '/disputes', {
      targetType: 'sale',
      targetId: product.id,
      reason: 'other',
      details: 'B secret words',
    });
    expect(bDispute.statusCode).toBe(201);
    const [row] = await t.db.select().from(disputes).where(eq(disputes.id, bDispute.json().dispute.id));
    expect(row!.settlementId).toBe(sB.id);
    expect((await lookup(meera, 'sale', product.id))!).toMatchObject({ id: sA.id, state: 'settled' });
    const data = await get(meera, '/users/me/export');
    expect(data.statusCode).toBe(200);
    expect(data.body).not.toContain('B secret words');
  });

  it("finding 2: deleting a product does not erase the seller's lost dispute", async () => {
    const product = await soldProduct();
    const s = (await lookup(meera, 'sale', product.id))!;
    const opened = (await disputeAs(meera, 'sale', product.id)).json().dispute;
    // Refused while the dispute keeps it unsettled.
    expect((await call('DELETE', seller, `/products/${product.id}`)).json().reason).toBe('settlementOpen');
    await decide(opened.id, 'favour_payer');
    expect((await lookup(meera, 'sale', product.id))!.state).toBe('settled');
    expect((await call('DELETE', seller, `/products/${product.id}`)).statusCode).toBeLessThan(300);
    const reliability = (await get(stranger, `/users/${seller.id}/profile`)).json().profile.reliability;
    expect(reliability.disputesLost).toBe(1);
    expect(
      (await get(meera, `/settlements?status=settled`)).json().settlements.map((x: Settlement) => x.id),
    ).toContain(s.id);
  });

  it('finding 2: deleting the product after a settled sale does not block a dispute: either party opens it from the settlement within 48 hours', async () => {
    const product = await soldProduct();
    const s = (await lookup(meera, 'sale', product.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' });
    expect((await put(seller, `/settlements/${s.id}/received`)).statusCode).toBe(200);
    // Settled, so the seller may delete it at once, before the buyer looks at what she got.
    expect((await call('DELETE', seller, `/products/${product.id}`)).statusCode).toBe(204);
    const listed = (await get(meera, '/settlements?status=settled')).json().settlements as Settlement[];
    const mine = listed.find((x) => x.id === s.id)!;
    expect(mine).toMatchObject({ thing: { id: null, title: 'Desk lamp' }, can: { dispute: true } });
    const body = { reason: 'damaged', details: 'The lamp does not switch on' };
    // Nobody else reaches it, and the payee's account of it is theirs to give.
    expect((await post(stranger, `/settlements/${s.id}/dispute`, body)).json()).toMatchObject({
      reason: 'notFound',
      message: SETTLEMENT_MESSAGES.notFound,
    });
    const opened = await post(meera, `/settlements/${s.id}/dispute`, body);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().dispute).toMatchObject({
      targetType: 'sale',
      status: 'open',
      openedBy: { id: meera.id },
    });
    const [disputed] = (await get(seller, '/settlements?status=disputed')).json().settlements as Settlement[];
    expect(disputed).toMatchObject({ id: s.id, state: 'disputed', can: { dispute: false } });
    expect((await noticesOf(seller, 'dispute')).map((n) => n.message)).toContain(
      'Meera opened a dispute about Desk lamp. A moderator will look into it.',
    );
    // One open at a time, and the moderator still sees what it was about.
    expect((await post(seller, `/settlements/${s.id}/dispute`, body)).json().reason).toBe('alreadyOpen');
    const queue = (await get(moderator, '/moderation/disputes')).json().disputes as ModerationDispute[];
    const seen = queue.find((d) => d.id === opened.json().dispute.id)!;
    expect(seen).toMatchObject({
      payer: { id: meera.id },
      payee: { id: seller.id },
      settlement: { id: s.id, amount: 250 },
      thing: { id: null, title: 'Desk lamp', price: 250 },
    });
    expect((await decide(seen.id, 'favour_payer')).statusCode).toBe(200);
    const reliability = (await get(stranger, `/users/${seller.id}/profile`)).json().profile.reliability;
    expect(reliability.disputesLost).toBe(1);
    // The seller may dispute it once too, and neither twice.
    expect((await post(seller, `/settlements/${s.id}/dispute`, body)).statusCode).toBe(201);
    await decide(
      ((await get(moderator, '/moderation/disputes')).json().disputes as ModerationDispute[])[0]!.id,
      'no_fault',
    );
    expect((await post(meera, `/settlements/${s.id}/dispute`, body)).json().reason).toBe('alreadyDisputed');
  });

  it('finding 2: a dispute from the settlement keeps the rules: not a proposed or void sale, not after 48 hours', async () => {
    const body = { reason: 'other', details: 'Never agreed to this' };
    const product = await soldProduct({ confirm: false });
    const proposed = (await lookup(meera, 'sale', product.id))!;
    // The seller cannot turn a sale the buyer never confirmed into a dispute against her.
    expect((await post(seller, `/settlements/${proposed.id}/dispute`, body)).json().reason).toBe(
      'notFinished',
    );
    await put(meera, `/settlements/${proposed.id}/decline`);
    expect((await post(seller, `/settlements/${proposed.id}/dispute`, body)).statusCode).toBe(409);
    const request = await completedRequest();
    const r = (await lookup(dev, 'request', request.id))!;
    await t.db
      .update(requests)
      .set({ completedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(requests.id, request.id));
    expect((await post(dev, `/settlements/${r.id}/dispute`, body)).json().reason).toBe('windowClosed');
  });

  it('finding 3: a receipt above the estimate is owed only once the requester accepts it', async () => {
    const request = await completedRequest({ expectedPrice: 20, itemCost: 10, actualItemCost: 100_000 });
    const s = (await lookup(meera, 'request', request.id))!;
    expect(s).toMatchObject({
      amount: 30,
      itemCost: { claimed: 100_000, estimated: 10 },
      can: { acceptCost: true, pay: false, dispute: true },
    });
    expect(await owes(meera)).toBe(30);
    expect((await noticesOf(meera, 'settlement')).map((n) => n.message)).toContain(
      'Dev Kumar says the items for Notebooks cost ₹1,00,000 (you estimated ₹10). Accept it or dispute it.',
    );
    // The deliverer cannot accept it for her; she cannot pay around it.
    expect((await put(dev, `/settlements/${s.id}/accept-cost`)).statusCode).toBe(403);
    expect((await put(meera, `/settlements/${s.id}/paid`, { method: 'cash' })).json().reason).toBe(
      'costPending',
    );
    const accepted = await put(meera, `/settlements/${s.id}/accept-cost`);
    expect(accepted.json().settlement).toMatchObject({
      amount: 100_020,
      itemCost: null,
      can: { acceptCost: false, pay: true },
    });
    expect((await put(meera, `/settlements/${s.id}/accept-cost`)).json().reason).toBe('noCostClaim');
  });

  it('finding 3: a payment marked paid that the payee never answers is not overdue for the payer', async () => {
    const request = await completedRequest({ expectedPrice: 40, itemCost: 80 });
    const s = (await lookup(meera, 'request', request.id))!;
    await put(meera, `/settlements/${s.id}/paid`, { method: 'upi' });
    const long = new Date(Date.now() - 10 * 24 * HOUR);
    await t.db
      .update(settlements)
      .set({ createdAt: long, confirmedAt: long, paidAt: long })
      .where(eq(settlements.id, s.id));
    const reliability = (await get(stranger, `/users/${meera.id}/profile`)).json().profile.reliability;
    expect(reliability.settlementsOverdue).toBe(0);
  });

  it('finding 4: a moderator cannot decide a dispute they are a party to (403 own)', async () => {
    const mod2 = await createUser(t.db, { role: 'hosteller', name: 'Mod buyer' });
    await t.db.update(users).set({ isModerator: true }).where(eq(users.id, mod2.id));
    const request = await createRequest(t.db, {
      requester: mod2,
      deliverer: dev,
      status: 'accepted',
      itemName: 'Pens',
    });
    await t.db.update(requests).set({ pickedUpAt: new Date() }).where(eq(requests.id, request.id));
    await put(mod2, `/requests/${request.id}/confirm-receipt`);
    const opened = (await disputeAs(mod2, 'request', request.id)).json().dispute;
    const res = await put(mod2, `/moderation/disputes/${opened.id}`, {
      outcome: 'favour_payer',
      note: 'Mine',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'own', message: DISPUTE_MESSAGES.own });
    expect((await decide(opened.id, 'no_fault')).statusCode).toBe(200);
  });

  it('finding 8: a party disputes a settlement once; a split is half the original amount however often decided', async () => {
    const request = await completedRequest({ expectedPrice: 20, itemCost: 30 });
    const s = (await lookup(meera, 'request', request.id))!;
    const first = (await disputeAs(meera, 'request', request.id)).json().dispute;
    await decide(first.id, 'split');
    expect((await lookup(meera, 'request', request.id))!.amount).toBe(25);
    const again = await disputeAs(meera, 'request', request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'alreadyDisputed',
      message: DISPUTE_MESSAGES.alreadyDisputed,
    });
    // The other side may dispute once too; a second split is still half of ₹50.
    const second = (await disputeAs(dev, 'request', request.id)).json().dispute;
    await decide(second.id, 'split');
    expect((await lookup(meera, 'request', request.id))!).toMatchObject({ id: s.id, amount: 25 });
    expect((await disputeAs(dev, 'request', request.id)).json().reason).toBe('alreadyDisputed');
  });
});
