import {
  CAMPUS_TIME_ZONE,
  DELETED_USER_NAME,
  DISPUTE_MESSAGES,
  DISPUTE_OUTCOME_LABELS,
  SETTLEMENT_LIMITS,
  SETTLEMENT_MESSAGES,
  disputeOutcomeWords,
  type DisputeOutcome,
  type DisputeRefusal,
  type DisputeSettlementBody,
  type DisputeState,
  type MarkPaidBody,
  type ModerationDispute,
  type NotReceivedBody,
  type NotificationType,
  type OpenDisputeBody,
  type ResolveDisputeBody,
  type SetTipBody,
  type SettlementFilter,
  type SettlementKind,
  type SettlementSummary,
  type StatementFields,
  SETTLEMENT_NOTICES,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import { CHAT_IMAGE_LIMITS, processImage, type ProcessedImage } from '../../lib/images';
import { pageOf } from '../../lib/lists';
import { formatRupees, toRupees } from '../../lib/money';
import type { UploadedFile } from '../../lib/multipart';
import { newStorageKey } from '../../lib/storage';
import { moderatorsBut } from '../../lib/user-ref';
import {
  PHOTO_FOLDER,
  createDisputePhotoLinks,
  parsePhotoName,
  thumbnailKey,
  type DisputePhotoLinks,
  type PhotoSide,
} from './settlements.photos';
import * as policy from './settlements.policy';
import {
  breakdownOf,
  disputeSides,
  presentDispute,
  presentMoneySide,
  presentSettlement,
  settlementFacts,
} from './settlements.presenter';
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

type Context = Pick<AppContext, 'db' | 'events' | 'log' | 'storage'> & {
  config: Pick<AppContext['config'], 'jwtSecrets'>;
};

/** What every settlement use case works with: the context, the ports and the dispute photos' links. */
type Deps = Pick<AppContext, 'db' | 'events' | 'log' | 'storage'> &
  SettlementsPorts & { links: DisputePhotoLinks };

/** Both parties' open screens get the settlement as each sees it. */
async function announce({ db, events, links }: Deps, id: string) {
  const row = await repo.findSettlement(db, id);
  if (!row) return undefined;
  const now = new Date();
  await events.emit({
    type: 'settlement.updated',
    settlementId: id,
    views: [row.payerId, row.payeeId].map((userId) => ({
      userId,
      settlement: presentSettlement(row, userId, now, links),
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
  return { settlement: presentSettlement(row, actor.id, new Date(), deps.links) };
}

/**
 * Every moderator but the dispute's two parties is told of a new dispute (a moderator never hears
 * of one they are part of: they could not decide it anyway).
 */
async function tellModerators(
  deps: Deps,
  row: repo.SettlementRow,
  openerName: string,
  reason: OpenDisputeBody['reason'],
) {
  const ids = await moderatorsBut(deps.db, [row.payerId, row.payeeId]);
  if (ids.length)
    await notice(deps, ids, 'moderation', SETTLEMENT_NOTICES.disputeToDecide(openerName, row.title, reason), {
      settlementId: row.id,
    });
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

/**
 * A member's profile changed (their UPI ID among it): each settlement owed to them that is open to
 * paying is announced again, so its payer's card shows Pay with UPI, or stops showing it, at once.
 */
async function payeeChanged(deps: Deps, userId: string) {
  for (const id of await repo.openOwedTo(deps.db, userId)) await announce(deps, id);
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
  { db, links }: Deps,
  actor: Actor,
  query: { status: SettlementFilter; limit: number; cursor?: string },
) {
  const rows = await repo.listForUser(db, actor.id, query.status, query.limit, query.cursor);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => r.cursor);
  const now = new Date();
  return { settlements: items.map((r) => presentSettlement(r, actor.id, now, links)), nextCursor };
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

/**
 * What the member earned delivering and spent on their requests, by the completion of each delivery,
 * week by week (from Monday) and this month in the campus time zone. The tips count here (and in the
 * day scholar's dashboard stats), nowhere else.
 */
async function earnings({ db }: Deps, actor: Actor) {
  const weeks = SETTLEMENT_LIMITS.moneyWeeks;
  const starts = await repo.lastWeeks(db, CAMPUS_TIME_ZONE, weeks);
  const side = async (which: repo.MoneySide) =>
    presentMoneySide(
      starts,
      await repo.deliveriesByWeek(db, actor.id, which, CAMPUS_TIME_ZONE, weeks),
      await repo.moneyTotals(db, actor.id, which, CAMPUS_TIME_ZONE),
    );
  return { timeZone: CAMPUS_TIME_ZONE, earned: await side('earned'), spent: await side('spent') };
}

/** The settlement of a request or sale, for one of its parties; null for anyone else. */
async function lookup({ db, links }: Deps, actor: Actor, kind: SettlementKind, targetId: string) {
  const row = await repo.findForParty(db, kind, targetId, actor.id);
  return { settlement: row ? presentSettlement(row, actor.id, new Date(), links) : null };
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

/**
 * The error of a tip's refusal: the settlement's own (404 to a stranger, 409 while disputed), said
 * for a tip where its words would be about paying.
 */
function tipError(reason: policy.Refusal): AppError {
  if (reason === 'notPayer') return forbidden(SETTLEMENT_MESSAGES.tipNotPayer, reason);
  if (reason === 'alreadySettled') return conflict(SETTLEMENT_MESSAGES.tipSettled, reason);
  return refusalError(reason);
}

/**
 * The payer of a delivery sets their own tip (whole rupees; 0 takes it back) while it is open or
 * paid; once paid, never below the tip that payment covered, and what they add then is a payment of
 * its own (`tipDue`, with its own UPI link) that the payee's Received confirms with the rest. What is
 * owed does not change; the UPI link asks for both. The payee's screens follow live; nobody is sent
 * a notice (a tip may change a few times before paying).
 */
async function setTip(deps: Deps, actor: Actor, id: string, body: SetTipBody) {
  const tip = body.tip * 100;
  const rule = (row: repo.SettlementRow) =>
    policy.setTipRefusal(actor.id, settlementFacts(row), tip, row.tipPaid);
  const refusal = rule(await load(deps, actor, id));
  if (refusal) throw tipError(refusal);
  if (!(await repo.setTip(deps.db, id, actor.id, tip)))
    throw tipError(rule(await load(deps, actor, id)) ?? 'alreadySettled');
  return answer(deps, actor, id);
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

/**
 * The payee says the payment did not arrive: a dispute for a moderator, with what they wrote (else
 * that it did not arrive) as their side. The payer and the moderators are told.
 */
async function markNotReceived(deps: Deps, actor: Actor, id: string, body: NotReceivedBody) {
  const row0 = await load(deps, actor, id);
  const details =
    body?.details ?? SETTLEMENT_NOTICES.notReceived(row0.payeeName, row0.title, amountSaid(row0));
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
  await tellModerators(deps, row, row.payeeName, 'not_received');
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
  if (row) await tellModerators(deps, row, actor.name, body.reason);
  const me = { id: actor.id, name: actor.name, avatar: null };
  const sides = row
    ? disputeSides(row, actor.id)
    : { opener: me, other: { id: other ?? actor.id, name: DELETED_USER_NAME, avatar: null } };
  return { dispute: presentDispute(opened.dispute, sides, deps.links) };
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

/** A dispute as a moderator sees it: both parties and their statements, the settlement, the thing, the evidence. */
async function presentForModerator(
  { db, storage, links }: Deps,
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
  const other = ref(opener.id === parties.payeeId ? parties.payerId : parties.payeeId);
  return {
    ...presentDispute(d, { opener, other }, links),
    payer: ref(parties.payerId),
    payee: ref(parties.payeeId),
    settlement: settlement
      ? {
          id: settlement.id,
          amount: toRupees(settlement.amount),
          state: settlement.state,
          method: settlement.method,
          outcomes: outcomesInRupees(settlement),
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

/** What each outcome would leave of the settlement, in rupees (the policy's `afterOutcome`). */
function outcomesInRupees(s: NonNullable<Awaited<ReturnType<typeof repo.settlementBrief>>>) {
  const effects = policy.outcomeEffects({ ...s, wasSettled: s.settledAt !== null });
  const rupees = (o: DisputeOutcome) => ({ state: effects[o].state, amount: toRupees(effects[o].amount) });
  return {
    favour_payer: rupees('favour_payer'),
    favour_payee: rupees('favour_payee'),
    split: rupees('split'),
    no_fault: rupees('no_fault'),
  };
}

/** The dispute queue, each with its evidence. */
async function disputes(deps: Deps, query: { status: DisputeState; limit: number; cursor?: string }) {
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

/** Refused because it is no longer open: decided, or withdrawn by the one who opened it. */
const closedError = (status: DisputeState) =>
  conflict(
    status === 'withdrawn' ? DISPUTE_MESSAGES.alreadyWithdrawn : DISPUTE_MESSAGES.alreadyResolved,
    'alreadyResolved',
  );

/** A decision in plain words, as the settlement stands after it ("Split: ₹101 is owed"). */
const outcomeSaid = (outcome: DisputeOutcome, row: repo.SettlementRow | undefined) =>
  row
    ? disputeOutcomeWords({
        outcome,
        payer: row.payerName,
        payee: row.payeeName,
        amount: money(row.amount),
        method: row.method,
        settled: row.state === 'settled',
      })
    : DISPUTE_OUTCOME_LABELS[outcome];

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
    const now = await repo.findDispute(db, id);
    if (!now) throw notFound(DISPUTE_MESSAGES.notFound);
    throw closedError(now.status);
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
        message: SETTLEMENT_NOTICES.disputeDecided(row?.title, outcomeSaid(body.outcome, row), body.note),
        data: { ...thing, ...(resolved.settlementId && { settlementId: resolved.settlementId }) },
      },
    });
  const refs = await repo.userRefs(db, userIds);
  const ref = (userId: string | null) =>
    refs.find((r) => r.id === userId) ?? {
      id: userId ?? resolved.openedBy,
      name: DELETED_USER_NAME,
      avatar: null,
    };
  const opener = ref(resolved.openedBy);
  const other = ref(resolved.openedBy === parties.payeeId ? parties.payerId : parties.payeeId);
  return { dispute: presentDispute(resolved, { opener, other }, deps.links) };
}

// The two sides of an open dispute: each one's statement with photos, and the opener's withdrawal.

/**
 * A dispute and what its rules need to know: its settlement's parties (a dispute without a
 * settlement has no sides to act for). 404 when there is none.
 */
async function loadDispute({ db }: Deps, id: string) {
  const dispute = await repo.findDispute(db, id);
  if (!dispute) throw notFound(DISPUTE_MESSAGES.notFound);
  const parties = dispute.settlementId ? await partiesOf(db, dispute) : { payerId: null, payeeId: null };
  const facts: policy.DisputeFacts = { status: dispute.status, openedBy: dispute.openedBy, ...parties };
  return { dispute, facts };
}

/** The error of a refusal to act on a dispute: 404 to anyone but its two parties, 403, 409. */
function actError(reason: policy.DisputeActRefusal, status: DisputeState): AppError {
  if (reason === 'notParty') return notFound(DISPUTE_MESSAGES.notFound);
  if (reason === 'notOpener') return forbidden(DISPUTE_MESSAGES.notOpener);
  return closedError(status);
}

/** Whether the actor may write their side of the dispute now: checked before their form is read. */
async function assertMayWriteStatement(deps: Deps, actor: Actor, id: string) {
  const { facts } = await loadDispute(deps, id);
  const refusal = policy.statementRefusal(actor.id, facts);
  if (refusal) throw actError(refusal, facts.status);
}

/** Best effort: a photo file that cannot be removed is logged, never an error for the user. */
async function removePhotos({ storage, log }: Deps, keys: string[]) {
  const files = keys.flatMap((key) => [key, thumbnailKey(key)]);
  const results = await Promise.allSettled(files.map((key) => storage.delete(key)));
  for (const [i, r] of results.entries())
    if (r.status === 'rejected') log.error({ err: r.reason, key: files[i] }, 'could not delete an upload');
}

/**
 * Every photo is verified by decoding it and re-encoded (≤ 1600 px WebP and a thumbnail, without
 * metadata) before any is stored, like a chat photo: the client's type is never trusted. Answers the
 * stored keys; when a write fails, those already written are removed.
 */
async function storePhotos(deps: Deps, files: UploadedFile[]) {
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(file.path, CHAT_IMAGE_LIMITS));
  const keys: string[] = [];
  try {
    for (const image of processed) {
      const key = `${newStorageKey(PHOTO_FOLDER)}.webp`;
      await deps.storage.put(key, image.full.data, image.contentType);
      keys.push(key);
      await deps.storage.put(thumbnailKey(key), image.thumb.data, image.contentType);
    }
  } catch (err) {
    await removePhotos(deps, keys);
    throw err;
  }
  return keys;
}

/** The photos of the actor's side the change keeps, in the order asked; all of them when it did not say. */
function keptPhotos(before: string[], keep: StatementFields['keep'], added: number) {
  const positions = keep ? [...new Set(keep.map(Number))] : before.map((_, i) => i);
  if (positions.some((i) => i >= before.length))
    throw badRequest(DISPUTE_MESSAGES.photoGone, [{ param: 'keep', msg: DISPUTE_MESSAGES.photoGone }]);
  if (positions.length + added > SETTLEMENT_LIMITS.statementPhotosMax)
    throw badRequest(DISPUTE_MESSAGES.photosTooMany, [
      { param: 'photos', msg: DISPUTE_MESSAGES.photosTooMany },
    ]);
  return positions.map((i) => before[i]!);
}

/**
 * Either party writes their side of an open dispute, or changes it: the opener's replaces their
 * details, the other party's is their reply; each with up to 3 photos. The other party is told.
 */
async function writeStatement(
  deps: Deps,
  actor: Actor,
  id: string,
  fields: StatementFields,
  files: UploadedFile[],
) {
  const { dispute, facts } = await loadDispute(deps, id);
  const refusal = policy.statementRefusal(actor.id, facts);
  if (refusal) throw actError(refusal, facts.status);
  const side: PhotoSide = actor.id === dispute.openedBy ? 'opener' : 'reply';
  const before = side === 'opener' ? dispute.photos : dispute.replyPhotos;
  const kept = keptPhotos(before, fields.keep, files.length);
  const added = await storePhotos(deps, files);
  let written: repo.DisputeRow | undefined;
  try {
    written = await repo.writeStatement(deps.db, id, side, {
      text: fields.text,
      photos: [...kept, ...added],
      before,
    });
  } catch (err) {
    await removePhotos(deps, added);
    throw err;
  }
  if (!written) {
    await removePhotos(deps, added);
    const now = await loadDispute(deps, id);
    throw actError(policy.statementRefusal(actor.id, now.facts) ?? 'closed', now.facts.status);
  }
  await removePhotos(
    deps,
    before.filter((key) => !kept.includes(key)),
  );
  const settlementId = dispute.settlementId!;
  const row = await announce(deps, settlementId);
  const other = actor.id === facts.payerId ? facts.payeeId : facts.payerId;
  const first = side === 'reply' && dispute.reply === null;
  if (row && other)
    await notice(
      deps,
      [other],
      'dispute',
      (first ? SETTLEMENT_NOTICES.statementGiven : SETTLEMENT_NOTICES.statementChanged)(
        actor.name,
        row.title,
      ),
      noticeData(row),
    );
  return answer(deps, actor, settlementId);
}

/**
 * The one who opened a dispute withdraws it while it is open: it ends withdrawn, the settlement goes
 * back to where it was before, and the other party is told.
 */
async function withdrawDispute(deps: Deps, actor: Actor, id: string) {
  const { dispute, facts } = await loadDispute(deps, id);
  const refusal = policy.withdrawRefusal(actor.id, facts);
  if (refusal) throw actError(refusal, facts.status);
  if (!(await repo.withdrawDispute(deps.db, id, actor.id))) {
    const now = await loadDispute(deps, id);
    throw actError(policy.withdrawRefusal(actor.id, now.facts) ?? 'closed', now.facts.status);
  }
  const settlementId = dispute.settlementId!;
  const row = await announce(deps, settlementId);
  const other = actor.id === facts.payerId ? facts.payeeId : facts.payerId;
  if (row && other)
    await notice(
      deps,
      [other],
      'dispute',
      SETTLEMENT_NOTICES.disputeWithdrawn(actor.name, row.title),
      noticeData(row),
    );
  return answer(deps, actor, settlementId);
}

/**
 * A statement's photo by its signed link (only the parties and the moderators are given one): the
 * stored file, and how long the link still lasts. 404 for anything else, a stranger's guess included.
 */
async function disputePhoto(
  { db, storage, links }: Deps,
  id: string,
  name: string,
  link: { exp?: string; sig?: string },
) {
  const photo = parsePhotoName(name);
  const dispute = photo && (await repo.findDispute(db, id));
  const key =
    photo && dispute && (photo.side === 'opener' ? dispute.photos : dispute.replyPhotos)[photo.index];
  const file = key && photo && (photo.thumbnail ? thumbnailKey(key) : key);
  const left = file ? links.check(id, file, link.exp, link.sig) : undefined;
  const found = file && left !== undefined ? await storage.get(file) : undefined;
  if (!found || left === undefined) throw notFound();
  return { file: found, secondsLeft: left };
}

/**
 * Settling up: who owes whom after a completed request or a sale, the two-sided confirmation, the
 * reminder, disputes and their decision. Only the two parties ever see a settlement; after each
 * change has committed both are told (their open screens, and a notice where it concerns them).
 */
export function createSettlementsService(ctx: Context, ports: SettlementsPorts) {
  const deps: Deps = {
    db: ctx.db,
    events: ctx.events,
    log: ctx.log,
    storage: ctx.storage,
    links: createDisputePhotoLinks(ctx.config.jwtSecrets),
    ...ports,
  };
  return bindUseCases(deps, {
    requestCompleted,
    productSold,
    salesVoided,
    payeeChanged,
    list,
    summary,
    earnings,
    lookup,
    confirmSale,
    declineSale,
    acceptCost,
    markPaid,
    setTip,
    markReceived,
    markNotReceived,
    remind,
    openDispute,
    disputeSettlement,
    disputes,
    resolveDispute,
    assertMayWriteStatement,
    writeStatement,
    withdrawDispute,
    disputePhoto,
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
export async function settleUnansweredPayments(
  ctx: Pick<AppContext, 'db' | 'events'>,
  links: DisputePhotoLinks | null = null,
) {
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
          settlement: presentSettlement(row, userId, new Date(), links),
        })),
      });
  }
  return { reminded: reminded.length, settled: settled.length };
}

/** The reminder sweep, every `seconds` (none when 0), stopped when the app closes. */
export function startReminderSweep(
  ctx: Pick<AppContext, 'db' | 'events' | 'log' | 'config'>,
  seconds: number,
) {
  const links = createDisputePhotoLinks(ctx.config.jwtSecrets);
  return startSweep(
    async () => {
      await remindDueSettlements(ctx);
      await settleUnansweredPayments(ctx, links);
    },
    seconds * 1000,
    ctx.log,
    'settlement reminder sweep failed',
  );
}
