import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DELETED_USER_NAME,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeState,
  type PaymentMethod,
  type SettlementFilter,
  type SettlementKind,
} from '@campusrun/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { disputes, messages, productImages, products, requests, settlements, users } from '../../db/schema';
import { afterCursor, cursorOf, listOrder, orderBy } from '../../lib/lists';
import { afterOutcome, afterWithdrawal } from './settlements.policy';

const payer = alias(users, 'payer');
const payee = alias(users, 'payee');

const newestFirst = listOrder(
  'settlements:newest',
  'desc',
  [settlements.createdAt, 'time'],
  [settlements.id, 'uuid'],
);

/** A dispute row as json_build_object gives it (times as text). */
type DisputeJson = Omit<DisputeRow, 'createdAt' | 'resolvedAt' | 'repliedAt' | 'withdrawnAt'> & {
  createdAt: string;
  resolvedAt: string | null;
  repliedAt: string | null;
  withdrawnAt: string | null;
};

const dateOrNull = (v: string | null) => (v === null ? null : new Date(v));

/** The settlement's disputes, oldest first, each with both sides' statements. */
const disputesOfSettlement = sql<DisputeJson[]>`coalesce((select json_agg(json_build_object(
    'id', d.id, 'targetType', d.target_type, 'targetId', d.target_id, 'settlementId', d.settlement_id,
    'openedBy', d.opened_by, 'reason', d.reason, 'details', d.details, 'photos', d.photos,
    'reply', d.reply, 'replyPhotos', d.reply_photos, 'repliedAt', d.replied_at,
    'stateBefore', d.state_before, 'status', d.status, 'outcome', d.outcome, 'note', d.note,
    'resolvedBy', d.resolved_by, 'createdAt', d.created_at, 'resolvedAt', d.resolved_at,
    'withdrawnAt', d.withdrawn_at) order by d.created_at, d.id)
  from ${disputes} d where d.settlement_id = ${settlements.id}), '[]'::json)`;

/** The latest dispute about the settlement, if any. */
const lastDispute = sql`(select d.id, d.status, d.outcome from ${disputes} d
  where d.settlement_id = ${settlements.id} order by d.created_at desc limit 1)`;

const columns = {
  id: settlements.id,
  kind: settlements.kind,
  requestId: settlements.requestId,
  productId: settlements.productId,
  title: settlements.title,
  payerId: settlements.payerId,
  payerName: payer.name,
  payerAvatar: payer.avatar,
  payeeId: settlements.payeeId,
  payeeName: payee.name,
  payeeAvatar: payee.avatar,
  payeeUpiId: payee.upiId,
  amount: settlements.amount,
  originalAmount: settlements.originalAmount,
  tip: settlements.tip,
  tipPaid: settlements.tipPaid,
  extraClaim: settlements.extraClaim,
  state: settlements.state,
  method: settlements.method,
  createdAt: settlements.createdAt,
  paidAt: settlements.paidAt,
  settledAt: settlements.settledAt,
  settledAutomatically: settlements.settledAutomatically,
  remindedAt: settlements.remindedAt,
  requestNumber: sql<
    number | null
  >`(select r.number from ${requests} r where r.id = ${settlements.requestId})`,
  /** Paise: the requester's estimate of the item cost (0 without one, or for a sale). */
  itemEstimate: sql<number>`coalesce((select r.item_cost from ${requests} r
    where r.id = ${settlements.requestId}), 0)`.mapWith(Number),
  /** Paise: a request's delivery fee (0 for a sale). */
  fee: sql<number>`coalesce((select r.expected_price from ${requests} r
    where r.id = ${settlements.requestId}), 0)`.mapWith(Number),
  /** The deliverer told the receipt's amount when completing the request. */
  receiptTold: sql<boolean>`exists (select 1 from ${requests} r
    where r.id = ${settlements.requestId} and r.actual_item_cost is not null)`,
  /** The deliverer picked the request up; a sale's seller has nothing to do first. */
  payeeActed: sql<boolean>`${settlements.kind} = 'sale' or exists (select 1 from ${requests} r
    where r.id = ${settlements.requestId} and r.picked_up_at is not null)`,
  finishedAt: sql<string | null>`case when ${settlements.kind} = 'request'
    then (select r.completed_at from ${requests} r where r.id = ${settlements.requestId})
    else ${settlements.confirmedAt} end`,
  disputedBy: sql<string[]>`array(select d.opened_by from ${disputes} d
    where d.settlement_id = ${settlements.id})`,
  disputeId: sql<string | null>`(select x.id from ${lastDispute} x)`,
  disputeStatus: sql<DisputeState | null>`(select x.status from ${lastDispute} x)`,
  disputeOutcome: sql<DisputeOutcome | null>`(select x.outcome from ${lastDispute} x)`,
  disputes: disputesOfSettlement,
  cursor: cursorOf(newestFirst),
};

/** A settlement with its parties, its thing and its last dispute. Money in paise. */
export type SettlementRow = Omit<
  Awaited<ReturnType<typeof selectSettlements>>[number],
  'finishedAt' | 'requestNumber' | 'disputes'
> & { finishedAt: Date | null; requestNumber: number | null; disputes: DisputeRow[] };

const selectSettlements = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select(columns)
    .from(settlements)
    .innerJoin(payer, eq(payer.id, settlements.payerId))
    .innerJoin(payee, eq(payee.id, settlements.payeeId))
    .where(where);

const normalise = (row: Awaited<ReturnType<typeof selectSettlements>>[number]): SettlementRow => ({
  ...row,
  requestNumber: row.requestNumber === null ? null : Number(row.requestNumber),
  finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
  disputes: row.disputes.map((d) => ({
    ...d,
    createdAt: new Date(d.createdAt),
    resolvedAt: dateOrNull(d.resolvedAt),
    repliedAt: dateOrNull(d.repliedAt),
    withdrawnAt: dateOrNull(d.withdrawnAt),
  })),
});

export const findSettlement = async (db: Db, id: string) => {
  const [row] = await selectSettlements(db, eq(settlements.id, id)).limit(1);
  return row && normalise(row);
};

/**
 * The settlement of a request or a sale, when `userId` is one of its parties: of a product sold more
 * than once, the newest that is not void (else the newest void one).
 */
export async function findForParty(db: Db, kind: SettlementKind, targetId: string, userId: string) {
  const [row] = await selectSettlements(
    db,
    and(
      kind === 'request' ? eq(settlements.requestId, targetId) : eq(settlements.productId, targetId),
      or(eq(settlements.payerId, userId), eq(settlements.payeeId, userId)),
    ),
  )
    .orderBy(sql`${settlements.state} = 'void'`, desc(settlements.createdAt))
    .limit(1);
  return row && normalise(row);
}

const FILTER: Record<SettlementFilter, SQL> = {
  open: sql`${settlements.state} in ('proposed', 'open', 'paid')`,
  settled: sql`${settlements.state} = 'settled'`,
  disputed: sql`${settlements.state} = 'disputed'`,
};

/** The user's settlements of one filter, newest first, a page after `cursor` (limit + 1 rows). */
export const listForUser = async (
  db: Db,
  userId: string,
  filter: SettlementFilter,
  limit: number,
  cursor?: string,
) =>
  (
    await selectSettlements(
      db,
      and(
        or(eq(settlements.payerId, userId), eq(settlements.payeeId, userId)),
        FILTER[filter],
        afterCursor(newestFirst, cursor),
      ),
    )
      .orderBy(...orderBy(newestFirst))
      .limit(limit + 1)
  ).map(normalise);

/** What the user still owes and is owed (open, paid or disputed), per other person. Paise. */
export const summaryOf = async (db: Db, userId: string) => {
  const other = sql`case when ${settlements.payerId} = ${userId} then ${settlements.payeeId} else ${settlements.payerId} end`;
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      avatar: users.avatar,
      youOwe:
        sql<number>`coalesce(sum(case when ${settlements.payerId} = ${userId} then ${settlements.amount} else 0 end), 0)::bigint`.mapWith(
          Number,
        ),
      owedToYou:
        sql<number>`coalesce(sum(case when ${settlements.payeeId} = ${userId} then ${settlements.amount} else 0 end), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(settlements)
    .innerJoin(users, sql`${users.id} = ${other}`)
    .where(
      and(
        or(eq(settlements.payerId, userId), eq(settlements.payeeId, userId)),
        inArray(settlements.state, ['open', 'paid', 'disputed']),
      ),
    )
    .groupBy(users.id, users.name, users.avatar);
  return rows;
};

// ---- Earnings and spending: completed deliveries by week, in the campus time zone ----

/** Whose deliveries: the ones the member delivered (earned), or the ones they asked for (spent). */
export type MoneySide = 'earned' | 'spent';

/** One completed delivery of the member's, in paise, with its campus week (its Monday, YYYY-MM-DD). */
export interface DeliveryMoneyRow {
  id: string;
  number: number;
  title: string;
  completed_at: Date;
  week: string;
  fee: number;
  items: number;
  tip: number;
}

const sideColumn = (side: MoneySide) => (side === 'earned' ? sql`r.deliverer_id` : sql`r.requester_id`);

/**
 * The member's completed deliveries (by `completed_at`) from the Monday `weeks - 1` weeks before this
 * one, campus time: the fee, the items (what the settlement counts above the fee: the receipt once it
 * is owed, else the estimate) and the payer's tip. Newest first.
 */
export const deliveriesByWeek = (db: Db, userId: string, side: MoneySide, timeZone: string, weeks: number) =>
  queryRows<DeliveryMoneyRow>(
    db,
    sql`select r.id, r.number::int as number, r.item_name as title, r.completed_at,
        to_char(date_trunc('week', r.completed_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        r.expected_price::int as fee,
        greatest(coalesce(s.original_amount, r.expected_price) - r.expected_price, 0)::int as items,
        coalesce(s.tip, 0)::int as tip
      from ${requests} r left join ${settlements} s on s.request_id = r.id
      where ${sideColumn(side)} = ${userId} and r.status = 'completed' and r.completed_at is not null
        and r.completed_at at time zone ${timeZone}
          >= date_trunc('week', now() at time zone ${timeZone}) - make_interval(weeks => ${weeks - 1})
      order by r.completed_at desc, r.id`,
  );

/** The Mondays (YYYY-MM-DD, campus time) of the last `weeks` weeks, this one last. */
export const lastWeeks = async (db: Db, timeZone: string, weeks: number) =>
  (
    await queryRows<{ start: string }>(
      db,
      sql`select to_char(w, 'YYYY-MM-DD') as start from generate_series(
          date_trunc('week', now() at time zone ${timeZone}) - make_interval(weeks => ${weeks - 1}),
          date_trunc('week', now() at time zone ${timeZone}), interval '1 week') w order by w`,
    )
  ).map((row) => row.start);

/** The member's completed deliveries' fees, items and tips (paise): this week, this month, all time. */
export async function moneyTotals(db: Db, userId: string, side: MoneySide, timeZone: string) {
  const since = (unit: 'week' | 'month') =>
    sql`r.completed_at at time zone ${timeZone} >= date_trunc(${unit}, now() at time zone ${timeZone})`;
  const parts = (filter: SQL) => sql`
    coalesce(sum(r.expected_price) filter (where ${filter}), 0)::bigint,
    coalesce(sum(greatest(coalesce(s.original_amount, r.expected_price) - r.expected_price, 0))
      filter (where ${filter}), 0)::bigint,
    coalesce(sum(coalesce(s.tip, 0)) filter (where ${filter}), 0)::bigint`;
  const [row] = await queryRows<{ totals: string[] }>(
    db,
    sql`select array[${parts(since('week'))}, ${parts(since('month'))}, ${parts(sql`true`)}]::text[] as totals
      from ${requests} r left join ${settlements} s on s.request_id = r.id
      where ${sideColumn(side)} = ${userId} and r.status = 'completed' and r.completed_at is not null`,
  );
  const n = (row?.totals ?? []).map(Number);
  const at = (i: number) => ({ fees: n[i] ?? 0, items: n[i + 1] ?? 0, tips: n[i + 2] ?? 0 });
  return { thisWeek: at(0), thisMonth: at(3), allTime: at(6) };
}

// ---- Creation: one per request, one per product ----

type Created = { id: string };

/**
 * Opens the settlement of a completed request: its requester owes its deliverer the fee and the item
 * cost (the receipt when told, else the estimate), but never more than the estimate without the
 * requester's word: a receipt above it waits as `extra_claim`. Nothing when it already has one.
 */
export const openForRequest = async (db: Db, requestId: string) =>
  (
    await queryRows<Created>(
      db,
      sql`insert into ${settlements}
        (kind, request_id, title, payer_id, payee_id, amount, original_amount, extra_claim, confirmed_at)
      select 'request', r.id, r.item_name, r.requester_id, r.deliverer_id, c.amount, c.amount,
        nullif(greatest(coalesce(r.actual_item_cost, 0) - coalesce(r.item_cost, 0), 0), 0), now()
      from ${requests} r, lateral (select r.expected_price
        + least(coalesce(r.actual_item_cost, r.item_cost, 0), coalesce(r.item_cost, 0)) as amount) c
      where r.id = ${requestId} and r.status = 'completed' and r.deliverer_id is not null
        and r.deliverer_id <> r.requester_id
      on conflict (request_id) where request_id is not null do nothing
      returning id`,
    )
  )[0];

/**
 * Proposes the settlement of a sale to a named buyer: the buyer owes the seller their accepted
 * offer's amount, else the listing price, once they confirm. Nothing while the product has a live one.
 */
export const openForSale = async (db: Db, productId: string) =>
  (
    await queryRows<Created>(
      db,
      sql`insert into ${settlements}
        (kind, product_id, title, payer_id, payee_id, amount, original_amount, state)
      select 'sale', p.id, p.name, p.buyer_id, p.seller_id, a.amount, a.amount, 'proposed'
      from ${products} p, lateral (select coalesce((select o.amount from offers o
          where o.product_id = p.id and o.buyer_id = p.buyer_id and o.status = 'accepted'
          order by o.decided_at desc nulls last, o.created_at desc limit 1), p.price) as amount) a
      where p.id = ${productId} and p.status = 'sold' and p.buyer_id is not null
        and p.buyer_id <> p.seller_id
      on conflict (product_id) where product_id is not null and voided_at is null and settled_at is null
      do nothing
      returning id`,
    )
  )[0];

/**
 * The settlements owed to the user that their payer may pay now (open, or paid with a tip added
 * after), by id.
 */
export const openOwedTo = async (db: Db, payeeId: string) =>
  (
    await db
      .select({ id: settlements.id })
      .from(settlements)
      .where(
        and(
          eq(settlements.payeeId, payeeId),
          or(
            eq(settlements.state, 'open'),
            and(eq(settlements.state, 'paid'), sql`${settlements.tip} > ${settlements.tipPaid}`),
          ),
        ),
      )
  ).map((row) => row.id);

// ---- Transitions: each one conditional UPDATE ----

const returningId = { id: settlements.id };
const touched = () => ({ updatedAt: new Date() });

/** The buyer confirms a proposed sale: proposed → open, their debt from now. */
export const confirmSale = async (db: Db, id: string, payerId: string) =>
  (
    await db
      .update(settlements)
      .set({ state: 'open', confirmedAt: sql`now()`, ...touched() })
      .where(and(eq(settlements.id, id), eq(settlements.payerId, payerId), eq(settlements.state, 'proposed')))
      .returning(returningId)
  )[0];

/** The buyer says they did not buy it: proposed → void. */
export const declineSale = async (db: Db, id: string, payerId: string) =>
  (
    await db
      .update(settlements)
      .set({ state: 'void', voidedAt: sql`now()`, ...touched() })
      .where(and(eq(settlements.id, id), eq(settlements.payerId, payerId), eq(settlements.state, 'proposed')))
      .returning(returningId)
  )[0];

/** The requester accepts the receipt above their estimate: it is added to what they owe. */
export const acceptCost = async (db: Db, id: string, payerId: string) =>
  (
    await db
      .update(settlements)
      .set({
        amount: sql`${settlements.amount} + ${settlements.extraClaim}`,
        originalAmount: sql`${settlements.originalAmount} + ${settlements.extraClaim}`,
        extraClaim: null,
        ...touched(),
      })
      .where(
        and(
          eq(settlements.id, id),
          eq(settlements.payerId, payerId),
          eq(settlements.state, 'open'),
          isNotNull(settlements.extraClaim),
        ),
      )
      .returning(returningId)
  )[0];

export const markPaid = async (db: Db, id: string, payerId: string, method: PaymentMethod) =>
  (
    await db
      .update(settlements)
      // The tip as it is now is what this payment covers.
      .set({ state: 'paid', method, paidAt: sql`now()`, tipPaid: sql`${settlements.tip}`, ...touched() })
      .where(
        and(
          eq(settlements.id, id),
          eq(settlements.payerId, payerId),
          eq(settlements.state, 'open'),
          isNull(settlements.extraClaim),
        ),
      )
      .returning(returningId)
  )[0];

/**
 * The payer of a delivery sets their tip (paise) while it is open or paid, never below what their
 * payment covered once paid: one conditional UPDATE, so a tip racing the payee's confirmation (or the
 * payer's own Paid) either lands before it or not at all.
 */
export const setTip = async (db: Db, id: string, payerId: string, tip: number) =>
  (
    await db
      .update(settlements)
      .set({ tip, ...touched() })
      .where(
        and(
          eq(settlements.id, id),
          eq(settlements.payerId, payerId),
          eq(settlements.kind, 'request'),
          or(
            eq(settlements.state, 'open'),
            and(eq(settlements.state, 'paid'), lte(settlements.tipPaid, tip)),
          ),
        ),
      )
      .returning(returningId)
  )[0];

/** The payee confirms it arrived (a receipt above the estimate still waiting is given up). */
export const markReceived = async (db: Db, id: string, payeeId: string) =>
  (
    await db
      .update(settlements)
      .set({ state: 'settled', settledAt: sql`now()`, extraClaim: null, ...touched() })
      .where(
        and(
          eq(settlements.id, id),
          eq(settlements.payeeId, payeeId),
          inArray(settlements.state, ['open', 'paid']),
        ),
      )
      .returning(returningId)
  )[0];

/**
 * The payee reminds the payer of a settlement still open, when the payer was not reminded in the
 * last `hours` (by the payee or by the day's sweep): one conditional UPDATE, so of two at once only
 * one reminds.
 */
export const remind = async (db: Db, id: string, payeeId: string, hours: number) =>
  (
    await db
      .update(settlements)
      .set({ remindedAt: sql`now()`, ...touched() })
      .where(
        and(
          eq(settlements.id, id),
          eq(settlements.payeeId, payeeId),
          eq(settlements.state, 'open'),
          or(
            isNull(settlements.remindedAt),
            sql`${settlements.remindedAt} <= now() - make_interval(hours => ${hours})`,
          ),
        ),
      )
      .returning(returningId)
  )[0];

/**
 * paid → disputed, and the dispute it opens (reason not_received, back to paid if withdrawn), in one
 * transaction; not when the payee disputed it before (one dispute per party).
 */
export const markNotReceived = (db: Db, id: string, payeeId: string, details: string) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(settlements)
      .set({ state: 'disputed', ...touched() })
      .where(
        and(
          eq(settlements.id, id),
          eq(settlements.payeeId, payeeId),
          eq(settlements.state, 'paid'),
          sql`not exists (select 1 from ${disputes} d
            where d.settlement_id = ${settlements.id} and d.opened_by = ${payeeId})`,
        ),
      )
      .returning({
        id: settlements.id,
        kind: settlements.kind,
        targetId: sql<string>`coalesce(${settlements.requestId}, ${settlements.productId}, ${settlements.id})`,
      });
    if (!row) return undefined;
    await tx
      .insert(disputes)
      .values({
        targetType: row.kind,
        targetId: row.targetId,
        settlementId: row.id,
        openedBy: payeeId,
        reason: 'not_received',
        details,
        stateBefore: 'paid',
      })
      .onConflictDoNothing();
    return row;
  });

// ---- Disputes ----

/**
 * What the dispute rules need of a settlement, and what its dispute is about: the request, else the
 * product, else (the product was deleted) the settlement itself.
 */
export const disputeTargetOf = (s: SettlementRow) => ({
  settlementId: s.id as string | null,
  targetId: s.requestId ?? s.productId ?? s.id,
  payerId: s.payerId as string | null,
  payeeId: s.payeeId as string | null,
  finished: s.state !== 'proposed' && s.state !== 'void' && s.payeeActed && s.finishedAt !== null,
  finishedAt: s.finishedAt,
  disputeOpen: s.disputeStatus === 'open' || s.state === 'disputed',
  disputedBy: s.disputedBy,
});

/**
 * What the dispute rules need of a request or sale, as `userId` would dispute it: its settlement (of
 * a product, the newest confirmed one `userId` is a party of). Without one, the request's two people
 * or the product's seller, unfinished. Undefined when there is no such request or product.
 */
export async function disputeTarget(db: Db, kind: SettlementKind, targetId: string, userId: string) {
  const [held] = await selectSettlements(
    db,
    and(
      kind === 'request' ? eq(settlements.requestId, targetId) : eq(settlements.productId, targetId),
      sql`${settlements.state} not in ('proposed', 'void')`,
      kind === 'sale' ? or(eq(settlements.payerId, userId), eq(settlements.payeeId, userId)) : undefined,
    ),
  )
    .orderBy(desc(settlements.createdAt))
    .limit(1);
  if (held) return disputeTargetOf(normalise(held));
  const unfinished = {
    settlementId: null,
    targetId,
    finished: false,
    finishedAt: null,
    disputeOpen: false,
    disputedBy: [] as string[],
  };
  if (kind === 'request') {
    const [r] = await db
      .select({ payerId: requests.requesterId, payeeId: requests.delivererId })
      .from(requests)
      .where(eq(requests.id, targetId));
    return r && { ...r, ...unfinished };
  }
  const [p] = await db.select({ payeeId: products.sellerId }).from(products).where(eq(products.id, targetId));
  return p && { payerId: null, payeeId: p.payeeId, ...unfinished };
}

/**
 * Opens a dispute about a settlement and moves it to disputed, in one transaction that holds the
 * settlement's row first (its state is kept on the dispute, for a withdrawal). Undefined when one
 * about it is already open or this party disputed it before (the unique indexes decide between two
 * at once).
 */
export const openDispute = (
  db: Db,
  values: {
    targetType: SettlementKind;
    targetId: string;
    settlementId: string;
    openedBy: string;
    reason: DisputeReason;
    details: string;
  },
) =>
  db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: settlements.id, state: settlements.state })
      .from(settlements)
      .where(
        and(eq(settlements.id, values.settlementId), sql`${settlements.state} not in ('proposed', 'void')`),
      )
      .for('update');
    if (!held) return undefined;
    const [dispute] = await tx
      .insert(disputes)
      .values({ ...values, stateBefore: held.state })
      .onConflictDoNothing()
      .returning();
    if (!dispute) return undefined;
    await tx
      .update(settlements)
      .set({ state: 'disputed', ...touched() })
      .where(eq(settlements.id, held.id));
    return { dispute, settlementId: held.id };
  });

/** The two parties of a dispute: its settlement's, else (older disputes) the request's. */
export async function disputeParties(db: Db, d: DisputeRow) {
  if (d.settlementId) {
    const [s] = await db
      .select({ payerId: settlements.payerId, payeeId: settlements.payeeId })
      .from(settlements)
      .where(eq(settlements.id, d.settlementId));
    if (s) return s;
  }
  if (d.targetType === 'request') {
    const [r] = await db
      .select({ payerId: requests.requesterId, payeeId: requests.delivererId })
      .from(requests)
      .where(eq(requests.id, d.targetId));
    if (r) return r;
  }
  return { payerId: null, payeeId: null };
}

export const findDispute = async (db: Db, id: string) =>
  (await db.select().from(disputes).where(eq(disputes.id, id)))[0];
export type DisputeRow = typeof disputes.$inferSelect;

/**
 * Decides an open dispute (once: the conditional update), moves its settlement as the outcome says
 * and writes the moderator's audit-log row, in one transaction. Undefined when it was decided before.
 */
/** A moderator's decision, logged by the moderation feature in the same transaction. */
export interface ModerationLog {
  logAction(
    tx: Executor,
    entry: {
      moderatorId: string;
      action: 'resolve_dispute';
      targetType: 'request' | 'product';
      targetId: string;
      reason: string;
    },
  ): Promise<unknown>;
}

export const resolveDispute = (
  db: Db,
  log: ModerationLog,
  id: string,
  moderatorId: string,
  decision: { outcome: DisputeOutcome; note: string },
) =>
  db.transaction(async (tx) => {
    const [dispute] = await tx
      .update(disputes)
      .set({ status: 'resolved', ...decision, resolvedBy: moderatorId, resolvedAt: sql`now()` })
      .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
      .returning();
    if (!dispute) return undefined;
    if (dispute.settlementId) {
      const [s] = await tx
        .select({
          amount: settlements.amount,
          originalAmount: settlements.originalAmount,
          extraClaim: settlements.extraClaim,
          settledAt: settlements.settledAt,
        })
        .from(settlements)
        .where(eq(settlements.id, dispute.settlementId))
        .for('update');
      if (s) {
        const next = afterOutcome(decision.outcome, { ...s, wasSettled: s.settledAt !== null });
        await tx
          .update(settlements)
          .set({
            state: next.state,
            amount: next.amount,
            originalAmount: next.originalAmount,
            extraClaim: null,
            ...(next.state === 'settled' && { settledAt: sql`coalesce(${settlements.settledAt}, now())` }),
            ...touched(),
          })
          .where(eq(settlements.id, dispute.settlementId));
      }
    }
    await log.logAction(tx, {
      moderatorId,
      action: 'resolve_dispute',
      targetType: dispute.targetType === 'request' ? 'request' : 'product',
      targetId: dispute.targetId,
      reason: `${decision.outcome}: ${decision.note}`,
    });
    return dispute;
  });

// ---- The two sides of an open dispute ----

/**
 * Writes one side's statement of an open dispute: the opener's details and photos, or the other
 * party's reply and photos. Conditional on the dispute still being open and that side's photos being
 * `before` (what the caller read), so two changes at once cannot lose a photo's file. Undefined when
 * it changed meanwhile.
 */
export const writeStatement = async (
  db: Db,
  id: string,
  side: 'opener' | 'reply',
  statement: { text: string; photos: string[]; before: string[] },
) =>
  (
    await db
      .update(disputes)
      .set(
        side === 'opener'
          ? { details: statement.text, photos: statement.photos }
          : { reply: statement.text, replyPhotos: statement.photos, repliedAt: sql`now()` },
      )
      .where(
        and(
          eq(disputes.id, id),
          eq(disputes.status, 'open'),
          sql`${side === 'opener' ? disputes.photos : disputes.replyPhotos} = ${sql.param(statement.before)}::text[]`,
        ),
      )
      .returning()
  )[0];

/**
 * The opener withdraws an open dispute: it ends withdrawn, and its settlement goes back to where it
 * was when the dispute opened, in one transaction. Undefined when it is not open (or not theirs).
 */
export const withdrawDispute = (db: Db, id: string, openerId: string) =>
  db.transaction(async (tx) => {
    const [dispute] = await tx
      .update(disputes)
      .set({ status: 'withdrawn', withdrawnAt: sql`now()` })
      .where(and(eq(disputes.id, id), eq(disputes.status, 'open'), eq(disputes.openedBy, openerId)))
      .returning();
    if (!dispute?.settlementId) return dispute;
    const [s] = await tx
      .select({ state: settlements.state, settledAt: settlements.settledAt, paidAt: settlements.paidAt })
      .from(settlements)
      .where(eq(settlements.id, dispute.settlementId))
      .for('update');
    if (s?.state === 'disputed')
      await tx
        .update(settlements)
        .set({ state: afterWithdrawal({ ...s, stateBefore: dispute.stateBefore }), ...touched() })
        .where(eq(settlements.id, dispute.settlementId));
    return dispute;
  });

// ---- The moderators' queue ----

const disputesOrder = listOrder(
  'disputes:newest',
  'desc',
  [disputes.createdAt, 'time'],
  [disputes.id, 'uuid'],
);
const opener = alias(users, 'opener');

export const listDisputes = (db: Db, status: DisputeState, limit: number, cursor?: string) =>
  db
    .select({
      dispute: disputes,
      openerName: opener.name,
      openerAvatar: opener.avatar,
      cursor: cursorOf(disputesOrder),
    })
    .from(disputes)
    .innerJoin(opener, eq(opener.id, disputes.openedBy))
    .where(and(eq(disputes.status, status), afterCursor(disputesOrder, cursor)))
    .orderBy(...orderBy(disputesOrder))
    .limit(limit + 1);

/** A user as a screen names them. */
export const userRefs = async (db: Db, ids: string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: users.id, name: users.name, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, ids));

export const settlementBrief = async (db: Db, id: string) =>
  (
    await db
      .select({
        id: settlements.id,
        title: settlements.title,
        amount: settlements.amount,
        originalAmount: settlements.originalAmount,
        extraClaim: settlements.extraClaim,
        settledAt: settlements.settledAt,
        state: settlements.state,
        method: settlements.method,
      })
      .from(settlements)
      .where(eq(settlements.id, id))
  )[0];

/** The thing of a dispute: the request (details, fee plus item cost) or the product (and its photos). */
export async function disputeThing(db: Db, kind: SettlementKind, targetId: string) {
  if (kind === 'request') {
    const [r] = await db
      .select({
        id: requests.id,
        title: requests.itemName,
        text: requests.description,
        price:
          sql<number>`${requests.expectedPrice} + coalesce(${requests.actualItemCost}, ${requests.itemCost}, 0)`.mapWith(
            Number,
          ),
      })
      .from(requests)
      .where(eq(requests.id, targetId));
    return r && { ...r, photos: [] as string[] };
  }
  const [p] = await db
    .select({ id: products.id, title: products.name, text: products.description, price: products.price })
    .from(products)
    .where(eq(products.id, targetId));
  if (!p) return undefined;
  const images = await db
    .select({ path: productImages.path })
    .from(productImages)
    .where(eq(productImages.productId, targetId))
    .orderBy(productImages.position);
  return { ...p, photos: images.map((i) => i.path) };
}

/** The last `limit` messages between two users, oldest first. */
export const messagesBetween = async (db: Db, a: string, b: string, limit: number) =>
  (
    await db
      .select({ senderId: messages.senderId, content: messages.content, sentAt: messages.sentAt })
      .from(messages)
      .where(
        or(
          and(eq(messages.senderId, a), eq(messages.receiverId, b)),
          and(eq(messages.senderId, b), eq(messages.receiverId, a)),
        ),
      )
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(limit)
  ).reverse();

// ---- The reminder ----

/**
 * Claims the settlements due a reminder (open a day, never reminded, not even by their payee): one
 * conditional UPDATE, so two processes sweeping at the same moment never claim the same one.
 */
export const claimDueReminders = async (db: Db, hours: number) =>
  queryRows<{
    id: string;
    payer_id: string;
    payee_name: string;
    title: string;
    amount: number;
    request_id: string | null;
    product_id: string | null;
  }>(
    db,
    sql`update ${settlements} s set reminded_at = now()
      from ${users} u
      where u.id = s.payee_id and s.state = 'open' and s.reminded_at is null
        and s.confirmed_at <= now() - make_interval(hours => ${hours})
      returning s.id, s.payer_id, u.name as payee_name, s.title, s.amount, s.request_id, s.product_id`,
  );

type Due = {
  id: string;
  payer_id: string;
  payee_id: string;
  payer_name: string;
  title: string;
  amount: number;
  request_id: string | null;
  product_id: string | null;
};

/** Claims the payments marked paid a day ago that their payee has not answered (once each). */
export const claimPayeeReminders = async (db: Db, hours: number) =>
  queryRows<Due>(
    db,
    sql`update ${settlements} s set payee_reminded_at = now()
      from ${users} u
      where u.id = s.payer_id and s.state = 'paid' and s.payee_reminded_at is null
        and s.paid_at <= now() - make_interval(hours => ${hours})
      returning s.id, s.payer_id, s.payee_id, u.name as payer_name, s.title, s.amount, s.request_id,
        s.product_id`,
  );

/** Settles the payments marked paid `days` ago whose payee was reminded and never answered. */
export const autoSettle = async (db: Db, days: number) =>
  queryRows<Due>(
    db,
    sql`update ${settlements} s
      set state = 'settled', settled_at = now(), settled_automatically = true, extra_claim = null,
        updated_at = now()
      from ${users} u
      where u.id = s.payer_id and s.state = 'paid' and s.payee_reminded_at is not null
        and s.paid_at <= now() - make_interval(days => ${days})
      returning s.id, s.payer_id, s.payee_id, u.name as payer_name, s.title, s.amount, s.request_id,
        s.product_id`,
  );

// ---- A product's sale changes (the products feature's status change or deletion, in its transaction) ----

/**
 * The product's sale is about to change (available, reserved, sold to `keepBuyerId` or someone
 * else, deleted): with its settlements held, refused while one its buyer confirmed is not settled;
 * a proposed one (not to `keepBuyerId`) is voided. Answers the voided ids, or 'settlementOpen'.
 * It takes a transaction, not any executor: the rows it holds must stay held until the product's
 * own change commits.
 */
export async function releaseSale(
  tx: Tx,
  productId: string,
  keepBuyerId: string | null,
): Promise<string[] | 'settlementOpen'> {
  const live = await tx
    .select({ id: settlements.id, state: settlements.state, buyerId: settlements.payerId })
    .from(settlements)
    .where(
      and(
        eq(settlements.productId, productId),
        inArray(settlements.state, ['proposed', 'open', 'paid', 'disputed']),
      ),
    )
    .for('update');
  const others = live.filter((s) => s.buyerId !== keepBuyerId);
  if (others.some((s) => s.state !== 'proposed')) return 'settlementOpen';
  if (others.length === 0) return [];
  return (
    await tx
      .update(settlements)
      .set({ state: 'void', voidedAt: sql`now()`, updatedAt: new Date() })
      .where(
        inArray(
          settlements.id,
          others.map((s) => s.id),
        ),
      )
      .returning({ id: settlements.id })
  ).map((s) => s.id);
}

// ---- A member leaves (the account feature's deletion, in its transaction) ----

/** A sale nobody confirmed is no debt: one the leaving member was asked to confirm, or proposed, is called off. */
export const voidProposedOf = async (tx: Executor, userId: string) => {
  await tx.execute(sql`update ${settlements} set state = 'void', voided_at = now(), updated_at = now()
    where (payer_id = ${userId} or payee_id = ${userId}) and state = 'proposed'`);
};

/**
 * The details of a "money not received" dispute on the leaving member's settlements begin with
 * their name, written when it happened: they are rewritten to name "Deleted user".
 */
export const renameMemberInDisputes = async (tx: Executor, userId: string, name: string) => {
  // PostgreSQL counts characters, not UTF-16 units.
  const chars = [...name].length;
  await tx.execute(sql`
    update ${disputes} d set details = ${DELETED_USER_NAME} || substr(d.details, ${chars + 1})
    where left(d.details, ${chars + 1}) = ${name + ' '}
      and d.settlement_id in (select s.id from ${settlements} s where s.payer_id = ${userId} or s.payee_id = ${userId})`);
};
