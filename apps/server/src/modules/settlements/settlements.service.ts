import {
  DELETED_USER_NAME,
  DISPUTE_MESSAGES,
  SETTLEMENT_LIMITS,
  SETTLEMENT_MESSAGES,
  type DisputeRefusal,
  type DisputeSettlementBody,
  type MarkPaidBody,
  type ModerationDispute,
  type NotificationType,
  type OpenDisputeBody,
  type ResolveDisputeBody,
  type SettlementFilter,
  type SettlementKind,
  type SettlementSummary,
  SETTLEMENT_NOTICES,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import { pageOf } from '../../lib/lists';
import { formatRupees, toRupees } from '../../lib/money';
import * as policy from './settlements.policy';
import { breakdownOf, presentDispute, presentSettlement, settlementFacts } from './settlements.presenter';
import * as repo from './settlements.repo';
import { startSweep } from '../../lib/sweep';
import { bindUseCases } from '../../lib/use-cases';

/** The error of a settlement refusal: 404 to a stranger, 403 to the other party, 409 for the rest. */
function refusalError(reason: policy.Refusal): AppError {
  switch (reason) {
    case 'notParty':
      return notFound(SETTLEMENT_MESSAGES.notFound);
    case 'notPayer':
    case 'notPayee':
      return forbidden(SETTLEMENT_MESSAGES[reason], reason);
    default:
      return conflict(SETTLEMENT_MESSAGES[reason], reason);
  }
}

/** The error of a dispute refusal: 403 to a stranger, 409 for the rest. */
const disputeError = (reason: DisputeRefusal): AppError =>
  reason === 'notParty'
    ? forbidden(DISPUTE_MESSAGES.notParty, reason)
    : conflict(DISPUTE_MESSAGES[reason], reason);

/** The notice data of a settlement: its request or product, and itself. */
const noticeData = (row: Pick<repo.SettlementRow, 'id' | 'requestId' | 'productId'>) => ({
  ...(row.requestId && { requestId: row.requestId }),
  ...(row.productId && { productId: row.productId }),
  settlementId: row.id,
});

const money = (paise: number) => formatRupees(toRupees(paise));

/**
 * A settlement's amount as a notice says it: a request's whole debt with what it is made of ("₹202
 * (items ₹172 + delivery fee ₹30)"), anything else as the bare amount.
 */
function amountSaid(row: repo.SettlementRow) {
  const parts = breakdownOf(row);
  if (!parts || parts.items === null || parts.total !== row.amount) return money(row.amount);
  return SETTLEMENT_NOTICES.amountWithParts(money(row.amount), money(parts.items), money(parts.fee));
}

/** What settlements need of other features (handed in by the composition root). */
export interface SettlementsPorts {
  /** Logs a dispute's decision in the moderation log, in the decision's transaction. */
  moderation: repo.ModerationLog;
}

type Context = Pick<AppContext, 'db' | 'events' | 'log' | 'storage'>;

/** What every settlement use case works with. */
type Deps = Pick<AppContext, 'db' | 'events' | 'storage'> & SettlementsPorts;

/** Both parties' open screens get the settlement as each sees it. */
async function announce({ db, events }: Deps, id: string) {
  const row = await repo.findSettlement(db, id);
  if (!row) return undefined;
  const now = new Date();
  await events.emit({
    type: 'settlement.updated',
    settlementId: id,
    views: [row.payerId, row.payeeId].map((userId) => ({
      userId,
      settlement: presentSettlement(row, userId, now),
    })),
  });
  return row;
}

const notice = (
  { events }: Deps,
  userIds: string[],
  type: NotificationType,
  message: string,
  data: ReturnType<typeof noticeData>,
) => events.emit({ type: 'users.noticed', userIds, notice: { type, message, data } });

/** The settlement as the actor sees it, or the refusal of a stranger. */
async function load({ db }: Deps, actor: Actor, id: string) {
  const row = await repo.findSettlement(db, id);
  if (!row || !policy.isParty(actor.id, row)) throw notFound(SETTLEMENT_MESSAGES.notFound);
  return row;
}

/** After a transition that did not happen: why not (the row as it is now). */
async function refuse(
  deps: Deps,
  actor: Actor,
  id: string,
  rule: (userId: string, s: policy.SettlementFacts) => policy.Refusal | null,
) {
  const row = await load(deps, actor, id);
  throw refusalError(rule(actor.id, settlementFacts(row)) ?? 'notOpen');
}

async function answer(deps: Deps, actor: Actor, id: string) {
  const row = (await announce(deps, id)) ?? (await load(deps, actor, id));
  return { settlement: presentSettlement(row, actor.id) };
}

// Opening and reading: one per request or sale, lists, the summary, one lookup.

/**
 * A request was completed: its settlement opens (once). A receipt above the estimate waits for
 * the requester, who is told.
 */
async function requestCompleted(deps: Deps, requestId: string) {
  const created = await repo.openForRequest(deps.db, requestId);
  const row = created && (await announce(deps, created.id));
  if (row?.extraClaim != null)
    await notice(
      deps,
      [row.payerId],
      'settlement',
      SETTLEMENT_NOTICES.costClaimed(
        row.payeeName,
        row.title,
        money(row.itemEstimate + row.extraClaim),
        money(row.itemEstimate),
      ),
      noticeData(row),
    );
}

/** A product was sold to a named buyer: its sale is proposed (once), and the buyer asked to confirm. */
async function productSold(deps: Deps, productId: string) {
  const created = await repo.openForSale(deps.db, productId);
  const row = created && (await announce(deps, created.id));
  if (row)
    await notice(
      deps,
      [row.payerId],
      'settlement',
      SETTLEMENT_NOTICES.saleProposed(row.payeeName, row.title, money(row.amount)),
      noticeData(row),
    );
}

/** The seller changed a product before its buyer confirmed: each such sale was voided; the buyer is told. */
async function salesVoided(deps: Deps, ids: string[]) {
  for (const id of ids) {
    const row = await announce(deps, id);
    if (row)
      await notice(
        deps,
        [row.payerId],
        'settlement',
        SETTLEMENT_NOTICES.saleCalledOff(row.payeeName, row.title),
        noticeData(row),
      );
  }
}

async function list(
  { db }: Deps,
  actor: Actor,
  query: { status: SettlementFilter; limit: number; cursor?: string },
) {
  const rows = await repo.listForUser(db, actor.id, query.status, query.limit, query.cursor);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => r.cursor);
  const now = new Date();
  return { settlements: items.map((r) => presentSettlement(r, actor.id, now)), nextCursor };
}

async function summary({ db }: Deps, actor: Actor): Promise<SettlementSummary> {
  const rows = await repo.summaryOf(db, actor.id);
  const byPerson = rows
    .map((r) => ({
      user: { id: r.userId, name: r.name, avatar: r.avatar },
      youOwe: toRupees(r.youOwe),
      owedToYou: toRupees(r.owedToYou),
    }))
    .sort(
      (a, b) => b.youOwe + b.owedToYou - (a.youOwe + a.owedToYou) || a.user.name.localeCompare(b.user.name),
    );
  const total = (k: 'youOwe' | 'owedToYou') => toRupees(rows.reduce((sum, r) => sum + r[k], 0));
  return { youOwe: total('youOwe'), owedToYou: total('owedToYou'), byPerson };
}

/** The settlement of a request or sale, for one of its parties; null for anyone else. */
async function lookup({ db }: Deps, actor: Actor, kind: SettlementKind, targetId: string) {
  const row = await repo.findForParty(db, kind, targetId, actor.id);
  return { settlement: row ? presentSettlement(row, actor.id) : null };
}

// The buyer's answer to a proposed sale, and the requester's to a receipt above the estimate; the
// two-sided confirmation: paid, received, not received.

/**
 * One party's answer or confirmation: `write` is its conditional UPDATE (when it changed nothing,
 * `rule` says why); then the other party is told, of the settlement as it is now.
 */
async function transition(
  deps: Deps,
  actor: Actor,
  id: string,
  write: () => Promise<unknown>,
  rule: (userId: string, s: policy.SettlementFacts) => policy.Refusal | null,
  tell: (row: repo.SettlementRow) => { to: string; message: string },
) {
  if (!(await write())) await refuse(deps, actor, id, rule);
  const row = await load(deps, actor, id);
  const { to, message } = tell(row);
  await notice(deps, [to], 'settlement', message, noticeData(row));
  return answer(deps, actor, id);
}

/** The buyer confirms a proposed sale. */
function confirmSale(deps: Deps, actor: Actor, id: string) {
  return transition(
    deps,
    actor,
    id,
    () => repo.confirmSale(deps.db, id, actor.id),
    policy.answerSaleRefusal,
    (row) => ({
      to: row.payeeId,
      message: SETTLEMENT_NOTICES.saleConfirmed(row.payerName, row.title, money(row.amount)),
    }),
  );
}

/** The buyer says they did not buy it. */
function declineSale(deps: Deps, actor: Actor, id: string) {
  return transition(
    deps,
    actor,
    id,
    () => repo.declineSale(deps.db, id, actor.id),
    policy.answerSaleRefusal,
    (row) => ({
      to: row.payeeId,
      message: SETTLEMENT_NOTICES.saleDeclined(row.payerName, row.title),
    }),
  );
}

/** The requester accepts a receipt above the estimate. */
function acceptCost(deps: Deps, actor: Actor, id: string) {
  return transition(
    deps,
    actor,
    id,
    () => repo.acceptCost(deps.db, id, actor.id),
    policy.acceptCostRefusal,
    (row) => ({
      to: row.payeeId,
      message: SETTLEMENT_NOTICES.costAccepted(row.payerName, row.title, amountSaid(row)),
    }),
  );
}

/** The two-sided confirmation, first side: the payer says they paid. */
function markPaid(deps: Deps, actor: Actor, id: string, body: MarkPaidBody) {
  return transition(
    deps,
    actor,
    id,
    () => repo.markPaid(deps.db, id, actor.id, body.method),
    policy.payRefusal,
    (row) => ({
      to: row.payeeId,
      message: SETTLEMENT_NOTICES.markedPaid(row.payerName, row.title, amountSaid(row)),
    }),
  );
}

/** The payee confirms receiving the payment. */
function markReceived(deps: Deps, actor: Actor, id: string) {
  return transition(
    deps,
    actor,
    id,
    () => repo.markReceived(deps.db, id, actor.id),
    policy.receiveRefusal,
    (row) => ({
      to: row.payerId,
      message: SETTLEMENT_NOTICES.received(row.payeeName, row.title, amountSaid(row)),
    }),
  );
}

/** The payee reminds the payer of what they still owe (at most once a day); the payer is told. */
function remind(deps: Deps, actor: Actor, id: string) {
  return transition(
    deps,
    actor,
    id,
    () => repo.remind(deps.db, id, actor.id, SETTLEMENT_LIMITS.remindEveryHours),
    (userId, s) => policy.remindRefusal(userId, s, new Date()),
    (row) => ({
      to: row.payerId,
      message: SETTLEMENT_NOTICES.remindedByPayee(row.payeeName, amountSaid(row), row.title),
    }),
  );
}

/** The payee says the payment did not arrive: a dispute for a moderator. */
async function markNotReceived(deps: Deps, actor: Actor, id: string) {
  const row0 = await load(deps, actor, id);
  const details = SETTLEMENT_NOTICES.notReceived(row0.payeeName, row0.title, amountSaid(row0));
  if (!(await repo.markNotReceived(deps.db, id, actor.id, details)))
    await refuse(deps, actor, id, policy.notReceiveRefusal);
  const row = await load(deps, actor, id);
  await notice(
    deps,
    [row.payerId],
    'dispute',
    SETTLEMENT_NOTICES.notReceivedDisputed(row0.payeeName, row0.title, amountSaid(row0)),
    noticeData(row),
  );
  return answer(deps, actor, id);
}

type DisputeTarget = NonNullable<Awaited<ReturnType<typeof repo.disputeTarget>>>;

/** Either party opens a dispute about a request or sale, or about one of their settlements. */
async function open(
  deps: Deps,
  actor: Actor,
  kind: SettlementKind,
  target: DisputeTarget,
  body: DisputeSettlementBody,
) {
  const { db, events } = deps;
  const refusal = policy.disputeRefusal(actor.id, target, new Date());
  if (refusal) throw disputeError(refusal);
  const opened =
    target.settlementId !== null &&
    (await repo.openDispute(db, {
      ...body,
      targetType: kind,
      targetId: target.targetId,
      settlementId: target.settlementId,
      openedBy: actor.id,
    }));
  if (!opened) throw disputeError('alreadyOpen');
  const other = actor.id === target.payerId ? target.payeeId : target.payerId;
  const row = await announce(deps, opened.settlementId);
  if (other)
    await events.emit({
      type: 'users.noticed',
      userIds: [other],
      notice: {
        type: 'dispute',
        message: SETTLEMENT_NOTICES.disputeOpened(actor.name, row?.title),
        data: row ? noticeData(row) : { settlementId: opened.settlementId },
      },
    });
  const [opener] = await repo.userRefs(db, [actor.id]);
  return {
    dispute: presentDispute(opened.dispute, opener ?? { id: actor.id, name: actor.name, avatar: null }),
  };
}

async function openDispute(deps: Deps, actor: Actor, body: OpenDisputeBody) {
  const target = await repo.disputeTarget(deps.db, body.targetType, body.targetId, actor.id);
  if (!target) throw notFound(DISPUTE_MESSAGES.targetNotFound);
  return open(deps, actor, body.targetType, target, { reason: body.reason, details: body.details });
}

/** The same, named by the settlement: it outlives the product it was for. */
async function disputeSettlement(deps: Deps, actor: Actor, id: string, body: DisputeSettlementBody) {
  const row = await load(deps, actor, id);
  return open(deps, actor, row.kind, repo.disputeTargetOf(row), body);
}

// Moderators: the dispute queue with its evidence, and deciding one.

/** Who pays and who is paid in the dispute's settlement. */
const partiesOf = (db: Deps['db'], d: repo.DisputeRow) => repo.disputeParties(db, d);

type Ref = { id: string; name: string; avatar: string | null };

/** A dispute as a moderator sees it: both parties, the settlement, the thing, the evidence. */
async function presentForModerator(
  { db, storage }: Deps,
  d: repo.DisputeRow,
  opener: Ref,
): Promise<ModerationDispute> {
  const parties = await partiesOf(db, d);
  const refs = await repo.userRefs(
    db,
    [parties.payerId, parties.payeeId].filter((x): x is string => !!x),
  );
  const ref = (id: string | null) =>
    refs.find((r) => r.id === id) ?? { id: id ?? opener.id, name: DELETED_USER_NAME, avatar: null };
  const settlement = d.settlementId ? await repo.settlementBrief(db, d.settlementId) : undefined;
  const thing = await repo.disputeThing(db, d.targetType, d.targetId);
  const evidence =
    parties.payerId && parties.payeeId
      ? await repo.messagesBetween(db, parties.payerId, parties.payeeId, SETTLEMENT_LIMITS.evidenceMessages)
      : [];
  return {
    ...presentDispute(d, opener),
    payer: ref(parties.payerId),
    payee: ref(parties.payeeId),
    settlement: settlement
      ? {
          id: settlement.id,
          amount: toRupees(settlement.amount),
          state: settlement.state,
          method: settlement.method,
        }
      : null,
    thing: thing
      ? {
          id: thing.id,
          title: thing.title,
          text: thing.text,
          price: toRupees(settlement && d.targetType === 'sale' ? settlement.amount : thing.price),
          photos: thing.photos.map((p) => storage.url(p)),
        }
      : {
          id: null,
          title: settlement?.title ?? 'Deleted',
          text: null,
          price: settlement ? toRupees(settlement.amount) : null,
          photos: [],
        },
    evidence: evidence.map((m) => ({
      senderId: m.senderId,
      content: m.content,
      sentAt: m.sentAt.toISOString(),
    })),
  };
}

/** The dispute queue, each with its evidence. */
async function disputes(deps: Deps, query: { status: 'open' | 'resolved'; limit: number; cursor?: string }) {
  const rows = await repo.listDisputes(deps.db, query.status, query.limit, query.cursor);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => r.cursor);
  const found: ModerationDispute[] = [];
  for (const r of items)
    found.push(
      await presentForModerator(deps, r.dispute, {
        id: r.dispute.openedBy,
        name: r.openerName,
        avatar: r.openerAvatar,
      }),
    );
  return { disputes: found, nextCursor };
}

/** A moderator decides a dispute; both parties are told. */
async function resolveDispute(deps: Deps, actor: Actor, id: string, body: ResolveDisputeBody) {
  const { db, events } = deps;
  const found = await repo.findDispute(db, id);
  if (!found) throw notFound(DISPUTE_MESSAGES.notFound);
  const own = policy.resolveRefusal(actor.id, {
    ...(await partiesOf(db, found)),
    openedBy: found.openedBy,
  });
  if (own) throw forbidden(DISPUTE_MESSAGES[own], own);
  const resolved = await repo.resolveDispute(db, deps.moderation, id, actor.id, body);
  if (!resolved) {
    if (!(await repo.findDispute(db, id))) throw notFound(DISPUTE_MESSAGES.notFound);
    throw conflict(DISPUTE_MESSAGES.alreadyResolved, 'alreadyResolved');
  }
  const row = resolved.settlementId ? await announce(deps, resolved.settlementId) : undefined;
  const parties = await partiesOf(db, resolved);
  const userIds = [parties.payerId, parties.payeeId].filter((x): x is string => !!x);
  const thing =
    resolved.targetType === 'request' ? { requestId: resolved.targetId } : { productId: resolved.targetId };
  if (userIds.length)
    await events.emit({
      type: 'users.noticed',
      userIds,
      notice: {
        type: 'dispute',
        message: SETTLEMENT_NOTICES.disputeDecided(row?.title, body.outcome, body.note),
        data: { ...thing, ...(resolved.settlementId && { settlementId: resolved.settlementId }) },
      },
    });
  const opener = (await repo.userRefs(db, [resolved.openedBy]))[0] ?? {
    id: resolved.openedBy,
    name: DELETED_USER_NAME,
    avatar: null,
  };
  return { dispute: presentDispute(resolved, opener) };
}

/**
 * Settling up: who owes whom after a completed request or a sale, the two-sided confirmation, the
 * reminder, disputes and their decision. Only the two parties ever see a settlement; after each
 * change has committed both are told (their open screens, and a notice where it concerns them).
 */
export function createSettlementsService(ctx: Context, ports: SettlementsPorts) {
  const deps: Deps = { db: ctx.db, events: ctx.events, storage: ctx.storage, ...ports };
  return bindUseCases(deps, {
    requestCompleted,
    productSold,
    salesVoided,
    list,
    summary,
    lookup,
    confirmSale,
    declineSale,
    acceptCost,
    markPaid,
    markReceived,
    markNotReceived,
    remind,
    openDispute,
    disputeSettlement,
    disputes,
    resolveDispute,
  });
}
export type SettlementsService = ReturnType<typeof createSettlementsService>;

/**
 * Reminds the payer of every settlement still open a day after it opened, once (not when their payee
 * has reminded them already): the claim is one conditional UPDATE, so with several processes
 * sweeping at once each settlement is claimed by one. Answers how many were reminded.
 */
export async function remindDueSettlements(ctx: Pick<AppContext, 'db' | 'events'>) {
  const due = await repo.claimDueReminders(ctx.db, SETTLEMENT_LIMITS.reminderHours);
  for (const s of due)
    await ctx.events.emit({
      type: 'settlement.reminded',
      settlementId: s.id,
      payerId: s.payer_id,
      payeeName: s.payee_name,
      title: s.title,
      amount: toRupees(Number(s.amount)),
      requestId: s.request_id,
      productId: s.product_id,
    });
  return due.length;
}

/**
 * A payment marked paid that its payee does not answer: the payee is reminded a day on (once), and a
 * week on, once reminded, it settles by itself and both are told. Each claim is one conditional
 * UPDATE. Answers how many were reminded and how many settled.
 */
export async function settleUnansweredPayments(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db, events } = ctx;
  const noticed = (
    userIds: string[],
    message: string,
    s: { id: string; request_id: string | null; product_id: string | null },
  ) =>
    events.emit({
      type: 'users.noticed',
      userIds,
      notice: {
        type: 'settlement',
        message,
        data: noticeData({ id: s.id, requestId: s.request_id, productId: s.product_id }),
      },
    });
  const reminded = await repo.claimPayeeReminders(db, SETTLEMENT_LIMITS.payeeReminderHours);
  for (const s of reminded)
    await noticed(
      [s.payee_id],
      SETTLEMENT_NOTICES.payeeReminder(s.payer_name, money(Number(s.amount)), s.title),
      s,
    );
  const settled = await repo.autoSettle(db, SETTLEMENT_LIMITS.autoSettleDays);
  for (const s of settled) {
    await noticed(
      [s.payer_id, s.payee_id],
      SETTLEMENT_NOTICES.autoSettled(money(Number(s.amount)), s.title),
      s,
    );
    const row = await repo.findSettlement(db, s.id);
    if (row)
      await events.emit({
        type: 'settlement.updated',
        settlementId: s.id,
        views: [row.payerId, row.payeeId].map((userId) => ({
          userId,
          settlement: presentSettlement(row, userId),
        })),
      });
  }
  return { reminded: reminded.length, settled: settled.length };
}

/** The reminder sweep, every `seconds` (none when 0), stopped when the app closes. */
export function startReminderSweep(ctx: Pick<AppContext, 'db' | 'events' | 'log'>, seconds: number) {
  return startSweep(
    async () => {
      await remindDueSettlements(ctx);
      await settleUnansweredPayments(ctx);
    },
    seconds * 1000,
    ctx.log,
    'settlement reminder sweep failed',
  );
}
