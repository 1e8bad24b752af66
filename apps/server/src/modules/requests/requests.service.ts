import {
  BLOCK_MESSAGES,
  HANDOVER_CODE,
  handoverCodeWrongTries,
  REQUEST_MESSAGES,
  REQUEST_REFUSAL_MESSAGES,
  tooManyActiveDeliveries,
  type AvailableRequestsQuery,
  type CreateRequestBody,
  type DeliverRequestBody,
  type DeliveryStatusFilter,
  type MyDeliveriesQuery,
  type MyRequestsQuery,
  type PickedUpRequestBody,
  type RequestStatus,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../lib/app-context';
import { isBlockedBetween } from '../../lib/listing-visibility';
import { pageOf } from '../../lib/lists';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import type { AppEvent } from '../../lib/events';
import { toPaise } from '../../lib/money';
import * as policy from './requests.policy';
import { createHandoverCodes } from './requests.handover';
import { ANY_DAY_SCHOLAR, presentRequest as presentWith } from './requests.presenter';
import * as repo from './requests.repo';
import { startSweep } from '../../lib/sweep';
import { bindUseCases } from '../../lib/use-cases';

/** A receipt amount for a request that has no item cost: nothing to pay back. */
const receiptWithoutItemCost = () =>
  badRequest(
    REQUEST_REFUSAL_MESSAGES.receiptWithoutItemCost,
    [{ param: 'actualItemCost', msg: REQUEST_REFUSAL_MESSAGES.receiptWithoutItemCost }],
    'noItemCost',
  );

/**
 * The deliverer's code is not the request's (saying how many tries are left once one was counted),
 * or too many wrong ones were typed (it is locked).
 */
const codeWrong = (triesLeft?: number) =>
  badRequest(
    triesLeft === undefined ? REQUEST_MESSAGES.handoverCodeWrong : handoverCodeWrongTries(triesLeft),
    undefined,
    'handoverCodeWrong',
  );
const codeLocked = () => conflict(REQUEST_REFUSAL_MESSAGES.handoverCodeLocked, 'handoverCodeLocked');

type Action =
  'accept' | 'deliver' | 'pickUp' | 'onTheWay' | 'cancel' | 'cancelDelivery' | 'repost' | 'confirmReceipt';

/** The deliverer's refusal's text, by what they tried. */
const NOT_DELIVERER: Partial<Record<Action, string>> = {
  deliver: REQUEST_REFUSAL_MESSAGES.notDelivererComplete,
  pickUp: REQUEST_REFUSAL_MESSAGES.notDelivererPickUp,
  onTheWay: REQUEST_REFUSAL_MESSAGES.notDelivererOnTheWay,
};

function refusalError(
  reason: policy.RequestRefusal | null,
  action: Action,
  load?: policy.DeliveryLoad,
): AppError {
  switch (reason) {
    case 'tooManyActive':
      return conflict(tooManyActiveDeliveries(load?.active ?? 0), reason);
    case 'ownRequest':
    case 'gaveUpTwice':
      return forbidden(REQUEST_REFUSAL_MESSAGES[reason], reason);
    case 'notRequester':
      return forbidden(
        action === 'repost'
          ? REQUEST_REFUSAL_MESSAGES.notRequesterRepost
          : action === 'confirmReceipt'
            ? REQUEST_REFUSAL_MESSAGES.notRequesterConfirm
            : REQUEST_REFUSAL_MESSAGES.notRequester,
        reason,
      );
    case 'notDeliverer':
      return forbidden(NOT_DELIVERER[action] ?? REQUEST_REFUSAL_MESSAGES.notDelivererCancel, reason);
    case 'notPickedUp':
      return conflict(
        action === 'onTheWay'
          ? REQUEST_REFUSAL_MESSAGES.notPickedUpOnTheWay
          : REQUEST_REFUSAL_MESSAGES.notPickedUp,
        reason,
      );
    case 'partOfRun':
      return conflict(
        action === 'repost' ? REQUEST_REFUSAL_MESSAGES.partOfRunRepost : REQUEST_REFUSAL_MESSAGES.partOfRun,
        reason,
      );
    case null:
      return conflict(REQUEST_REFUSAL_MESSAGES.changed, 'changed');
    default:
      return conflict(REQUEST_REFUSAL_MESSAGES[reason], reason);
  }
}

const DELIVERY_STATUSES: Record<DeliveryStatusFilter, RequestStatus[] | undefined> = {
  all: undefined,
  active: ['pending', 'accepted'],
  completed: ['completed'],
  cancelled: ['cancelled'],
};

const viewerOf = (actor: Actor): policy.Viewer => ({ id: actor.id, role: actor.role });

/** What completing takes: notes, the handover code and the receipt amount, each optional. */
type DeliverRequestInput = NonNullable<DeliverRequestBody>;

/** How many expired requests one sweep claims per statement. */
const SWEEP_BATCH = 200;

/** What requests need of other features (handed in by the composition root). */
export interface RequestsPorts {
  /** Counts a give-up on the deliverer's record (their profile's cancellation rate), in the give-up's transaction. */
  members: { countGiveUp(tx: Executor, userId: string): Promise<void> };
}

type Context = Pick<AppContext, 'db' | 'events' | 'config'>;

/** What every request use case works with. */
interface Deps extends Context, RequestsPorts {
  handover: ReturnType<typeof createHandoverCodes>;
  /** The request as `viewer` sees it; only its requester's view opens the handover code. */
  presentRequest: (row: repo.RequestRow, viewer: policy.Viewer, now?: Date) => ReturnType<typeof presentWith>;
  /** For each available page answered, who may not accept one of its requests (see `barredOn`). */
  barredOnPage: WeakMap<object, string[]>;
}

/**
 * When the deliverer completes a request that asks for a handover code: the code must be right.
 * Each try is counted before it is compared; after the last allowed wrong one the code is locked
 * and only the requester's confirmation completes the request. Any code typed, right, wrong or
 * after the lock, marks the request picked up (the deliverer is at the handover), so the requester
 * may confirm receipt. Answers the hash the code matched (the completion requires it), or null when
 * there was nothing to check here (not their accepted request, or no code asked: the completion
 * then refuses or goes ahead by itself).
 */
async function checkHandoverCode(
  deps: Deps,
  actor: Actor,
  id: string,
  code: string | undefined,
): Promise<string | null> {
  const { db, handover } = deps;
  const locked = async () => {
    if (code) await typedAfterLock(deps, actor, id);
    return codeLocked();
  };
  const state = await repo.findHandover(db, id);
  if (!state?.required || state.status !== 'accepted' || state.delivererId !== actor.id) return null;
  if (state.attempts >= HANDOVER_CODE.maxAttempts) throw await locked();
  if (!code) throw codeWrong();
  const counted = await repo.countHandoverAttempt(db, id, actor.id, HANDOVER_CODE.maxAttempts);
  if (counted === undefined) {
    const now = await repo.findHandover(db, id);
    if (now?.status === 'accepted' && now.attempts >= HANDOVER_CODE.maxAttempts) throw await locked();
    return null;
  }
  if (!handover.matches(counted.hash, code)) {
    // The counted try marked it picked up (requests.repo.ts): open screens show the requester's Confirm receipt.
    await republish(deps, id, actor.id);
    throw codeWrong(Math.max(0, HANDOVER_CODE.maxAttempts - counted.attempts));
  }
  return counted.hash;
}

/** A code typed once the code is locked still marks the request picked up (first time: screens hear of it). */
async function typedAfterLock(deps: Deps, actor: Actor, id: string) {
  const row = await repo.markPickedUp(deps.db, id, actor.id);
  if (row) await publish(deps, row, { left: false });
}

/** After a refused UPDATE: 404, or the policy's reason for this actor. */
async function explainRefusal(
  { db }: Deps,
  id: string,
  action: Action,
  reason: (state: repo.RequestState) => policy.RequestRefusal | null,
  load?: policy.DeliveryLoad,
): Promise<AppError> {
  const state = await repo.findRequestState(db, id);
  if (!state) return notFound(REQUEST_MESSAGES.notFound);
  return refusalError(reason(state), action, load);
}

const eventBase = (row: repo.RequestRow) => ({
  requestId: row.id,
  number: row.number,
  itemName: row.itemName,
  requester: { id: row.requesterId, name: row.requesterName },
});
const delivererOf = (row: repo.RequestRow) =>
  row.delivererId ? { id: row.delivererId, name: row.delivererName ?? '' } : null;

/**
 * Tells open screens that `row` changed: each party (and a deliverer who just gave it up) gets it
 * as they may see it; every day scholar who may accept it gets it when it is on the available list
 * now, and all but its parties hear that it left the list when `left` (it was on the list just
 * before).
 */
async function publish(
  { events, presentRequest }: Deps,
  row: repo.RequestRow,
  opts: { left: boolean; formerDeliverer?: string },
) {
  const now = new Date();
  // A requester is always a hosteller and a deliverer a day scholar (the routes enforce both).
  const viewers: policy.Viewer[] = [{ id: row.requesterId, role: 'hosteller' }];
  if (row.delivererId) viewers.push({ id: row.delivererId, role: 'dayscholar' });
  if (opts.formerDeliverer) viewers.push({ id: opts.formerDeliverer, role: 'dayscholar' });
  await events.emit({
    type: 'request.updated',
    requestId: row.id,
    views: viewers.map((v) => ({ userId: v.id, request: presentRequest(row, v, now) })),
  });
  const open = presentRequest(row, ANY_DAY_SCHOLAR, now);
  if (open.can.accept)
    await events.emit({ type: 'request.available', request: open, except: policy.barredDeliverers(row) });
  else if (opts.left)
    await events.emit({ type: 'request.unavailable', requestId: row.id, except: viewers.map((v) => v.id) });
}

/** Tells open screens of the request as it is now (after a change that answers no row). */
async function republish(deps: Deps, id: string, viewerId: string) {
  const row = await repo.findRequest(deps.db, id, viewerId);
  if (row) await publish(deps, row, { left: false });
}

/** Answers the request as the actor sees it, after telling the rest of the server and open screens. */
async function done(
  deps: Deps,
  row: repo.RequestRow,
  actor: Actor,
  event: AppEvent | null,
  change: Parameters<typeof publish>[2],
) {
  if (event) await deps.events.emit(event);
  await publish(deps, row, change);
  return { request: deps.presentRequest(row, viewerOf(actor)) };
}

/** A delivered request (by its code, or confirmed by the requester): done, and no list loses it. */
function completed(deps: Deps, row: repo.RequestRow, actor: Actor) {
  const event: AppEvent = { type: 'request.completed', ...eventBase(row), deliverer: delivererOf(row)! };
  return done(deps, row, actor, event, { left: false });
}

// Reading: one request, the user's own lists, and the list of requests a day scholar may accept.

const page = (q: { limit: number; cursor?: string }) => ({ limit: q.limit, cursor: q.cursor });

function presentPage({ presentRequest }: Deps, rows: repo.ListedRequest[], limit: number, actor: Actor) {
  const { items, nextCursor } = pageOf(rows, limit, (r) => r.cursor);
  const viewer = viewerOf(actor);
  const now = new Date();
  return { items: items.map((r) => presentRequest(r, viewer, now)), nextCursor };
}

/**
 * An open request to any signed-in user, a closed one to its two parties only (to anyone else it
 * does not exist); contact details follow the policy.
 */
async function get({ db, presentRequest }: Deps, actor: Actor, id: string) {
  const row = await repo.findRequest(db, id, actor.id);
  // A request a moderator removed is gone for everyone (moderators see it in the queue).
  if (!row || row.moderation === 'removed' || !policy.canView(actor.id, row))
    throw notFound(REQUEST_MESSAGES.notFound);
  return { request: presentRequest(row, viewerOf(actor)) };
}

async function myRequests(deps: Deps, actor: Actor, q: MyRequestsQuery) {
  const statuses = q.status === 'all' ? undefined : [q.status];
  const rows = await repo.listByRequester(deps.db, actor.id, statuses, page(q));
  const { items, nextCursor } = presentPage(deps, rows, q.limit, actor);
  return { requests: items, nextCursor };
}

async function recentRequests({ db, presentRequest }: Deps, actor: Actor, limit: number) {
  const rows = await repo.listByRequester(db, actor.id, undefined, { limit });
  const viewer = viewerOf(actor);
  const now = new Date();
  return { requests: rows.slice(0, limit).map((r) => presentRequest(r, viewer, now)) };
}

async function myDeliveries(deps: Deps, actor: Actor, q: MyDeliveriesQuery) {
  const rows = await repo.listByDeliverer(deps.db, actor.id, DELIVERY_STATUSES[q.status], page(q));
  const { items, nextCursor } = presentPage(deps, rows, q.limit, actor);
  return { deliveries: items, nextCursor };
}

/** The list of requests a day scholar may accept. */
async function available(deps: Deps, actor: Actor, q: AvailableRequestsQuery) {
  const rows = await repo.listAvailable(
    deps.db,
    actor.id,
    {
      search: q.search,
      location: q.location,
      pickupFrom: q.pickupFrom,
      minFee: q.minFee === undefined ? undefined : toPaise(q.minFee),
      maxFee: q.maxFee === undefined ? undefined : toPaise(q.maxFee),
      sort: q.sort,
    },
    page(q),
  );
  const { items, nextCursor } = presentPage(deps, rows, q.limit, actor);
  const answer = { requests: items, nextCursor };
  deps.barredOnPage.set(answer, [
    ...new Set(rows.slice(0, q.limit).flatMap((r) => policy.barredDeliverers(r))),
  ]);
  return answer;
}

/**
 * Day scholars who may not accept some request on a page `available` answered (they gave it up
 * too often): a page read for every day scholar is not theirs to see.
 */
function barredOn({ barredOnPage }: Deps, answer: object) {
  return barredOnPage.get(answer) ?? [];
}

// The requester's side: posting, confirming receipt, cancelling and reposting.

/** The requester posts a request. */
async function create(deps: Deps, actor: Actor, body: CreateRequestBody) {
  const { db } = deps;
  const { id, created } = await repo.insertRequest(db, {
    requesterId: actor.id,
    itemName: body.itemName,
    description: body.description,
    quantity: body.quantity,
    expectedPrice: toPaise(body.expectedPrice),
    itemCost: body.itemCost === undefined ? null : toPaise(body.itemCost),
    pickupFrom: body.pickupFrom ?? null,
    deadline: body.deadline,
    deliveryLocation: body.deliveryLocation,
    isUrgent: body.isUrgent,
    category: body.category,
    handoverRequired: body.handoverCode,
    clientId: body.clientId ?? null,
  });
  const row = (await repo.findRequest(db, id, actor.id))!;
  // The same post sent again: the request as it is now, told to nobody a second time.
  if (!created) return { request: deps.presentRequest(row, viewerOf(actor)) };
  return done(deps, row, actor, null, { left: false });
}

/** The requester received the items: completed as by the deliverer (same notices, same ratings). */
async function confirmReceipt(deps: Deps, actor: Actor, id: string) {
  const row = await repo.markReceived(deps.db, id, actor.id);
  if (!row)
    throw await explainRefusal(deps, id, 'confirmReceipt', (s) => policy.confirmReceiptRefusal(actor.id, s));
  return completed(deps, row, actor);
}

/** The requester cancels their request. */
async function cancel(deps: Deps, actor: Actor, id: string) {
  const row = await repo.markCancelled(deps.db, id, actor.id);
  if (!row) throw await explainRefusal(deps, id, 'cancel', (s) => policy.cancelRefusal(actor.id, s));
  // Cancelled while pending (no deliverer): it was on the available list until now.
  return done(
    deps,
    row,
    actor,
    { type: 'request.cancelled', ...eventBase(row), deliverer: delivererOf(row) },
    { left: row.delivererId === null },
  );
}

/** The requester puts their expired request back on the list with a new deadline. */
async function repost(deps: Deps, actor: Actor, id: string, deadline: Date) {
  const row = await repo.markReposted(deps.db, id, actor.id, deadline);
  if (!row)
    throw await explainRefusal(deps, id, 'repost', (s) => policy.repostRefusal(actor.id, s, new Date()));
  return done(deps, row, actor, null, { left: false });
}

// The deliverer's side: accepting, completing and giving a delivery up.

/** A day scholar accepts a request to deliver. */
async function accept(deps: Deps, actor: Actor, id: string) {
  const { db, config, handover } = deps;
  const max = config.maxActiveDeliveries;
  const row = await repo.markAccepted(db, id, actor.id, max, handover.draw());
  if (!row) {
    const state = await repo.findRequestState(db, id);
    if (state && (await isBlockedBetween(db, actor.id, state.requesterId)))
      throw forbidden(BLOCK_MESSAGES.cannotAccept);
    const load = { active: await repo.countActiveDeliveries(db, actor.id), max };
    throw await explainRefusal(
      deps,
      id,
      'accept',
      (s) => policy.acceptRefusal(actor.id, s, new Date()) ?? policy.loadRefusal(load),
      load,
    );
  }
  return done(
    deps,
    row,
    actor,
    { type: 'request.accepted', ...eventBase(row), deliverer: delivererOf(row)! },
    { left: true },
  );
}

/** The deliverer completes the delivery (with the handover code, when one is asked). */
async function deliver(deps: Deps, actor: Actor, id: string, body: DeliverRequestInput) {
  const { db } = deps;
  const actualItemCost = body.actualItemCost === undefined ? null : toPaise(body.actualItemCost);
  // The item cost is set when the request is posted and never changes: refused before any code is counted.
  await checkReceiptAllowed(deps, actor, id, actualItemCost);
  const checked = await checkHandoverCode(deps, actor, id, body.handoverCode);
  const notes = body.deliveryNotes ?? null;
  const row = await repo.markCompleted(db, id, actor.id, { notes, actualItemCost }, checked);
  if (!row) {
    const state = await repo.findHandover(db, id);
    const theirs = state?.status === 'accepted' && state.delivererId === actor.id;
    if (theirs && actualItemCost !== null && !state.hasItemCost) throw receiptWithoutItemCost();
    // Accepted by this deliverer in the meantime and asking for a code nobody checked: say so.
    if (theirs && state.required) throw codeWrong();
    throw await explainRefusal(deps, id, 'deliver', (s) => policy.deliverRefusal(actor.id, s));
  }
  return completed(deps, row, actor);
}

/**
 * Refuses a receipt amount for the deliverer's accepted request when it has no item cost (nothing to
 * pay back); anything else is left to the transition.
 */
async function checkReceiptAllowed({ db }: Deps, actor: Actor, id: string, actualItemCost: number | null) {
  if (actualItemCost === null) return;
  const state = await repo.findHandover(db, id);
  if (state?.status === 'accepted' && state.delivererId === actor.id && !state.hasItemCost)
    throw receiptWithoutItemCost();
}

/**
 * The deliverer has the items (or is at the handover): the requester may confirm receipt from now
 * on. The receipt amount may come with it (the same field and rule as on completing).
 */
async function pickUp(deps: Deps, actor: Actor, id: string, body: NonNullable<PickedUpRequestBody>) {
  const actualItemCost = body.actualItemCost === undefined ? null : toPaise(body.actualItemCost);
  await checkReceiptAllowed(deps, actor, id, actualItemCost);
  const row = await repo.markPickedUp(deps.db, id, actor.id, actualItemCost);
  if (!row) throw await explainRefusal(deps, id, 'pickUp', (s) => policy.pickUpRefusal(actor.id, s));
  return done(
    deps,
    row,
    actor,
    { type: 'request.picked_up', ...eventBase(row), deliverer: delivererOf(row)! },
    { left: false },
  );
}

/**
 * The deliverer of a picked-up request is on the way, arriving in about `minutes`; sent again, the
 * estimate moves. The requester is told each time.
 */
async function onTheWay(deps: Deps, actor: Actor, id: string, minutes: number) {
  const result = await repo.markOnTheWay(deps.db, id, actor.id, minutes);
  if (!result) throw await explainRefusal(deps, id, 'onTheWay', (s) => policy.onTheWayRefusal(actor.id, s));
  const { row, updated } = result;
  return done(
    deps,
    row,
    actor,
    { type: 'request.on_the_way', ...eventBase(row), deliverer: delivererOf(row)!, minutes, updated },
    { left: false },
  );
}

/** The deliverer gives a delivery up. */
async function cancelDelivery(deps: Deps, actor: Actor, id: string) {
  const { db } = deps;
  const result = await repo.markDeliveryCancelled(db, deps.members, id, actor.id);
  if (!result)
    throw await explainRefusal(deps, id, 'cancelDelivery', (s) => policy.cancelDeliveryRefusal(actor.id, s));
  const { row, formerDelivererName } = result;
  await deps.events.emit({
    type: 'request.delivery_cancelled',
    ...eventBase(row),
    deliverer: { id: actor.id, name: formerDelivererName },
  });
  // What heard of it may have changed the request again (a shared run lets it go): show that.
  const now = (await repo.findRequest(db, id, actor.id)) ?? row;
  return done(deps, now, actor, null, { left: false, formerDeliverer: actor.id });
}

// For trips and shared runs, whose own statements accept or return requests in groups (handed in by
// the composition root): a fresh handover code for each accept, the requests as a viewer sees them,
// and the same notices and live updates a single accept, give-up or change would leave.

async function loadMany({ db }: Deps, ids: string[], viewerId: string) {
  return (await Promise.all(ids.map((id) => repo.findRequest(db, id, viewerId)))).filter(
    (r): r is repo.RequestRow => r !== undefined,
  );
}

/** A handover code for one accepted request: its hash and its sealed form (requests.handover.ts). */
function drawHandover({ handover }: Deps) {
  return handover.draw();
}

/** These requests as `viewer` sees them, in the order given (missing ones left out). */
async function presentMany(deps: Deps, ids: string[], viewer: policy.Viewer) {
  const now = new Date();
  return (await loadMany(deps, ids, viewer.id)).map((row) => deps.presentRequest(row, viewer, now));
}

/**
 * After requests changed by a trip's or a run's statement (committed): `accepted` (each
 * requester hears who accepted it; it leaves the available list), `returned` (pending again
 * without `formerDeliverer`), or `changed` (e.g. a run's fee shares). Also `cancelled`: pending
 * requests cancelled with their requester's account, told as the requester's own cancel is.
 */
async function announce(
  deps: Deps,
  ids: string[],
  change: 'accepted' | 'returned' | 'changed' | 'cancelled',
  formerDeliverer?: string,
) {
  for (const row of await loadMany(deps, ids, loadedFor(formerDeliverer))) {
    if (change === 'accepted')
      await deps.events.emit({
        type: 'request.accepted',
        ...eventBase(row),
        deliverer: delivererOf(row)!,
      });
    if (change === 'cancelled')
      await deps.events.emit({
        type: 'request.cancelled',
        ...eventBase(row),
        deliverer: delivererOf(row),
      });
    await publish(deps, row, {
      left: change === 'accepted' || change === 'cancelled',
      ...(change === 'returned' && formerDeliverer ? { formerDeliverer } : {}),
    });
  }
}

/**
 * Requests whose deadline passed leave the available list on every day scholar's screen, and
 * their requesters see them expired. Safe to run in every process at once: each expired request
 * is claimed by exactly one sweep (requests.repo.ts claimExpired). Answers how many it claimed.
 */
async function sweepExpired(deps: Deps) {
  let claimed = 0;
  for (;;) {
    const rows = await repo.claimExpired(deps.db, SWEEP_BATCH);
    for (const row of rows) await publish(deps, row, { left: true });
    claimed += rows.length;
    if (rows.length < SWEEP_BATCH) return claimed;
  }
}

/** Whose id a row is read for only decides its viewer-rated fields, which live updates do not use. */
const loadedFor = (id?: string) => id ?? '00000000-0000-0000-0000-000000000000';

/**
 * Delivery requests: posting, browsing, the transitions, reposting and the expiry sweep. After each
 * change has committed, open screens are told (docs/decisions/0006-entity-events.md).
 */
export function createRequestsService(ctx: Context, ports: RequestsPorts) {
  const { db, events, config } = ctx;
  const handover = createHandoverCodes(config.jwtSecrets);
  const presentRequest = (row: repo.RequestRow, viewer: policy.Viewer, now = new Date()) =>
    presentWith(row, viewer, now, handover.reveal);
  const deps: Deps = { ...ports, db, events, config, handover, presentRequest, barredOnPage: new WeakMap() };
  return bindUseCases(deps, {
    create,
    confirmReceipt,
    cancel,
    repost,
    get,
    myRequests,
    recentRequests,
    myDeliveries,
    available,
    barredOn,
    accept,
    deliver,
    pickUp,
    onTheWay,
    cancelDelivery,
    drawHandover,
    presentMany,
    announce,
    sweepExpired,
  });
}
export type RequestsService = ReturnType<typeof createRequestsService>;

/**
 * Runs the expiry sweep every `seconds` (never when 0) until stopped; a failed sweep is logged and
 * the next one tries again. `stop` waits for a sweep under way.
 */
export function startExpirySweep(
  service: Pick<RequestsService, 'sweepExpired'>,
  log: Pick<AppContext['log'], 'error'>,
  seconds: number,
) {
  return startSweep(() => service.sweepExpired(), seconds * 1000, log, 'request expiry sweep failed');
}
