import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RUN_LIMITS, type RequestCategory } from '@campusrun/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { requests, runs, users } from '../../db/schema';
import { afterCursor, cursorOf, listOrder, orderBy, type ListOrder } from '../../lib/lists';
import { notBlocked, notSuspended } from '../../lib/listing-visibility';
import { ACCEPT_LOCK, activeDeliveries } from '../../lib/request-availability';
import { splitFee, type RunState, type StoredRunStatus } from './runs.policy';

const starter = alias(users, 'starter');
const deliverer = alias(users, 'deliverer');

/** A run with its people and its counts, for one viewer. Money in paise. */
export interface RunRow {
  id: string;
  starterId: string;
  starterName: string;
  starterAvatar: string | null;
  delivererId: string | null;
  delivererName: string | null;
  delivererAvatar: string | null;
  pickupFrom: string;
  cutoffAt: Date;
  deadline: Date;
  totalFee: number;
  status: StoredRunStatus;
  createdAt: Date;
  /** Live (not cancelled) requests. */
  participants: number;
  /** Total quantity of the live requests. */
  items: number;
  /** Different delivery locations of the live requests (case and spaces ignored). */
  blocks: number;
  /** The viewer's live request in it, if any. */
  myRequestId: string | null;
  /** The viewer has, or had, a request in it. */
  viewerTookPart: boolean;
  /** The viewer and the starter or a live participant block one another. */
  blockedWithViewer: boolean;
  /** The starter is suspended, or they and the viewer block one another (see policy.hiddenFrom). */
  starterHidden: boolean;
  /** Where the next page starts after this row (lists only). */
  cursor?: string;
}

/** A live request: in the run and not cancelled (pending while the run is open). */
const LIVE = sql.raw(`q.status <> 'cancelled'`);
const ofRun = (runId: SQL | string) => sql`q.run_id = ${runId}`;

/** Whether `viewerId` and the starter or a live participant of the run block one another. */
const blockedWith = (runId: SQL | string, starterId: SQL | string, viewerId: string) =>
  sql<boolean>`(not ${notBlocked(starterId, viewerId)} or exists (select 1 from ${requests} q
    where ${ofRun(runId)} and ${LIVE} and not ${notBlocked(sql`q.requester_id`, viewerId)}))`;

const participantsOf = (runId: SQL) =>
  sql<number>`(select count(*)::int from ${requests} q where ${ofRun(runId)} and ${LIVE})`;

/** The starter may be shown to the viewer: not suspended, and neither blocks the other. */
const starterVisibleTo = (viewerId: string, starterId: AnyColumn | string = runs.starterId) =>
  and(notSuspended(starterId), notBlocked(starterId, viewerId))!;

const runColumns = (viewerId: string) => ({
  id: runs.id,
  starterId: runs.starterId,
  starterName: starter.name,
  starterAvatar: starter.avatar,
  delivererId: runs.delivererId,
  delivererName: deliverer.name,
  delivererAvatar: deliverer.avatar,
  pickupFrom: runs.pickupFrom,
  cutoffAt: runs.cutoffAt,
  deadline: runs.deadline,
  totalFee: runs.totalFee,
  status: runs.status,
  createdAt: runs.createdAt,
  participants: participantsOf(sql`${runs.id}`).mapWith(Number),
  items: sql<number>`(select coalesce(sum(q.quantity), 0)::int from ${requests} q
    where ${ofRun(sql`${runs.id}`)} and ${LIVE})`.mapWith(Number),
  blocks: sql<number>`(select count(distinct lower(regexp_replace(q.delivery_location, '\\s', '', 'g')))::int
    from ${requests} q where ${ofRun(sql`${runs.id}`)} and ${LIVE})`.mapWith(Number),
  myRequestId: sql<string | null>`(select q.id from ${requests} q
    where ${ofRun(sql`${runs.id}`)} and ${LIVE} and q.requester_id = ${viewerId} order by q.number desc limit 1)`,
  viewerTookPart: sql<boolean>`exists (select 1 from ${requests} q
    where ${ofRun(sql`${runs.id}`)} and q.requester_id = ${viewerId})`,
  blockedWithViewer: blockedWith(sql`${runs.id}`, sql`${runs.starterId}`, viewerId),
  starterHidden: sql<boolean>`not (${starterVisibleTo(viewerId)})`,
});

const selectRuns = (db: Db, viewerId: string, extra: { cursor?: SQL<string> } = {}) =>
  db
    .select({ ...runColumns(viewerId), ...extra })
    .from(runs)
    .innerJoin(starter, eq(starter.id, runs.starterId))
    .leftJoin(deliverer, eq(deliverer.id, runs.delivererId));

export const findRun = async (db: Db, id: string, viewerId: string): Promise<RunRow | undefined> =>
  (await selectRuns(db, viewerId).where(eq(runs.id, id)).limit(1))[0];

/** A hosteller's list: newest first. */
const hostellerOrder = listOrder('runs:hosteller', 'desc', [runs.createdAt, 'time'], [runs.id, 'uuid']);
/** A day scholar's list: the soonest deadline first. */
const dayScholarOrder = listOrder('runs:dayscholar', 'asc', [runs.deadline, 'time'], [runs.id, 'uuid']);

/** Which page of a list: its size, and where the one before it ended. */
export interface Page {
  limit: number;
  cursor?: string;
}

/** One page of a list after `cursor` (limit + 1 rows, for pageOf), each row with its own cursor. */
const pageOfRuns = (db: Db, viewerId: string, where: SQL, order: ListOrder, page: Page): Promise<RunRow[]> =>
  selectRuns(db, viewerId, { cursor: cursorOf(order) })
    .where(and(where, afterCursor(order, page.cursor)))
    .orderBy(...orderBy(order))
    .limit(page.limit + 1);

/**
 * A hosteller's runs, newest first: those open to join (open, cutoff not passed, room left, the
 * starter not hidden from them) and every run they are in (a live request of theirs).
 */
export const listForHosteller = (db: Db, viewerId: string, page: Page) =>
  pageOfRuns(
    db,
    viewerId,
    sql`((${runs.status} = 'open' and ${runs.cutoffAt} > now()
        and ${participantsOf(sql`${runs.id}`)} between 1 and ${RUN_LIMITS.participantsMax - 1}
        and ${starterVisibleTo(viewerId)})
        or exists (select 1 from ${requests} q
          where ${ofRun(sql`${runs.id}`)} and ${LIVE} and q.requester_id = ${viewerId}))`,
    hostellerOrder,
    page,
  );

/**
 * A day scholar's runs, the soonest deadline first: those open to accept (open, deadline not
 * passed, someone in it, the starter not hidden from them). The cutoff may have passed: accepting
 * closes joining anyway.
 */
export const listForDayScholar = (db: Db, viewerId: string, page: Page) =>
  pageOfRuns(
    db,
    viewerId,
    and(
      sql`${runs.status} = 'open'`,
      sql`${runs.deadline} > now()`,
      sql`${participantsOf(sql`${runs.id}`)} > 0`,
      starterVisibleTo(viewerId),
    )!,
    dayScholarOrder,
    page,
  );

/** The run's requests (all, or only the live ones), first first. */
export const requestIdsOf = async (db: Db, runId: string, opts: { liveOnly?: boolean } = {}) =>
  (
    await db
      .select({ id: requests.id })
      .from(requests)
      .where(
        and(eq(requests.runId, runId), opts.liveOnly ? sql`${requests.status} <> 'cancelled'` : undefined),
      )
      .orderBy(requests.number)
  ).map((r) => r.id);

/** The viewer's requests in the run, newest first (a participant sees only their own). */
export const requestIdsOfRequester = async (db: Db, runId: string, requesterId: string) =>
  (
    await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.runId, runId), eq(requests.requesterId, requesterId)))
      .orderBy(desc(requests.number))
  ).map((r) => r.id);

/** The run a request belongs to, if any. */
export const runIdOfRequest = async (db: Db, requestId: string) =>
  (await db.select({ runId: requests.runId }).from(requests).where(eq(requests.id, requestId)))[0]?.runId ??
  null;

// ---- Writes: each in one transaction that holds the run's row ----

/** A participant's item: an ordinary request's own fields (money in paise). */
export interface RunItem {
  itemName: string;
  quantity: number;
  itemCost: number | null;
  description: string;
  deliveryLocation: string;
  category: RequestCategory;
}

interface LockedRun extends RunState {
  id: string;
  totalFee: number;
  pickupFrom: string;
}

/** The one row a plain SELECT answers. */
const one = async <T>(tx: Tx, query: SQL) => (await queryRows<T>(tx, query))[0]!;

/** The run's row, held until the transaction ends, with its live participants counted. */
async function lockRun(tx: Tx, id: string): Promise<LockedRun | undefined> {
  const [row] = await tx
    .select({
      id: runs.id,
      starterId: runs.starterId,
      delivererId: runs.delivererId,
      status: runs.status,
      cutoffAt: runs.cutoffAt,
      deadline: runs.deadline,
      totalFee: runs.totalFee,
      pickupFrom: runs.pickupFrom,
    })
    .from(runs)
    .where(eq(runs.id, id))
    .for('update');
  if (!row) return undefined;
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(requests)
    .where(and(eq(requests.runId, id), sql`${requests.status} <> 'cancelled'`));
  return { ...row, participants: count!.n };
}

/**
 * The viewer's live request in the run, whether they and someone in it block one another, and
 * whether its starter is hidden from them (suspended, or blocked with them).
 */
async function viewerPart(tx: Tx, run: LockedRun, viewerId: string): Promise<ViewerPart> {
  const [mine] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.runId, run.id),
        eq(requests.requesterId, viewerId),
        sql`${requests.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  const seen = await one<{ blocked: boolean; hidden: boolean }>(
    tx,
    sql`select ${blockedWith(run.id, run.starterId, viewerId)} as blocked,
      not (${starterVisibleTo(viewerId, run.starterId)}) as hidden`,
  );
  return { requestId: mine?.id ?? null, blocked: seen.blocked === true, starterHidden: seen.hidden === true };
}

/**
 * The fee shared out again among the run's pending requests (the first one by number carries the
 * remainder). Answers the requests whose share changed.
 */
async function resplit(
  tx: Tx,
  writes: RunRequestWrites,
  run: Pick<LockedRun, 'id' | 'totalFee'>,
): Promise<string[]> {
  const rows = await tx
    .select({ id: requests.id, fee: requests.expectedPrice })
    .from(requests)
    .where(and(eq(requests.runId, run.id), sql`${requests.status} = 'pending'`))
    .orderBy(requests.number)
    .for('update');
  const shares = splitFee(run.totalFee, rows.length);
  const changed: string[] = [];
  for (const [i, row] of rows.entries()) {
    if (row.fee === shares[i]) continue;
    await writes.setFee(tx, row.id, shares[i]!);
    changed.push(row.id);
  }
  return changed;
}

/** A handover code for one delivery: its hash and its sealed form. */
export interface HandoverCode {
  hash: string;
  sealed: string;
}

/** One participant's request in a run, as the requests feature stores it (money in paise). */
export interface RunRequest extends RunItem {
  requesterId: string;
  runId: string;
  pickupFrom: string;
  deadline: Date;
  fee: number;
}

/** The writes to requests a run makes, in its transaction (the requests feature's, through `RunsPorts`). */
export interface RunRequestWrites {
  insertRunRequest(tx: Executor, values: RunRequest): Promise<string>;
  setFee(tx: Executor, id: string, fee: number): Promise<void>;
  cancelPending(tx: Executor, id: string): Promise<void>;
  leaveAcceptedRun(tx: Executor, requestId: string, runId: string): Promise<boolean>;
  releaseHiddenFromRun(tx: Executor, runId: string): Promise<void>;
  lockPendingOfRun(tx: Executor, runId: string): Promise<string[]>;
  acceptGroup(
    tx: Executor,
    group: { requestIds: string[]; delivererId: string; drawCode: () => HandoverCode },
  ): Promise<string[]>;
}

const runRequest = (
  run: Pick<LockedRun, 'id' | 'pickupFrom' | 'deadline'>,
  requesterId: string,
  item: RunItem,
  fee: number,
): RunRequest => ({
  ...item,
  requesterId,
  runId: run.id,
  pickupFrom: run.pickupFrom,
  deadline: run.deadline,
  fee,
});

export interface NewRun {
  starterId: string;
  pickupFrom: string;
  cutoffAt: Date;
  deadline: Date;
  /** Paise. */
  totalFee: number;
  item: RunItem;
}

/**
 * The run and its starter's request (the whole fee, while they are alone in it), together, unless
 * the starter already has `openMax` runs open to joining (not cancelled, not accepted, before the
 * cutoff). Their starts take turns on their own user row (FOR UPDATE), so two at once cannot both
 * see room. Answers undefined at the cap.
 */
export const insertRun = (db: Db, writes: RunRequestWrites, values: NewRun, openMax: number) =>
  db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.starterId)).for('update');
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(runs)
      .where(
        and(
          eq(runs.starterId, values.starterId),
          sql`${runs.status} = 'open'`,
          sql`${runs.cutoffAt} > now()`,
        ),
      );
    if (open!.n >= openMax) return undefined;
    const [run] = await tx
      .insert(runs)
      .values({
        starterId: values.starterId,
        pickupFrom: values.pickupFrom,
        cutoffAt: values.cutoffAt,
        deadline: values.deadline,
        totalFee: values.totalFee,
      })
      .returning({ id: runs.id, pickupFrom: runs.pickupFrom, deadline: runs.deadline });
    const requestId = await writes.insertRunRequest(
      tx,
      runRequest(run!, values.starterId, values.item, values.totalFee),
    );
    return { runId: run!.id, requestId };
  });

/** The viewer's part in a run, as found with its row held. */
export interface ViewerPart {
  requestId: string | null;
  blocked: boolean;
  starterHidden: boolean;
}

/** What the service decides with the run's row held: a refusal, or null to go ahead. */
export type Decide<R> = (run: RunState, viewer: ViewerPart) => R | null;

/** The run is not there, or `decide` refused, or what the write did. */
type Outcome<R, T> =
  | { missing: true; refused?: undefined }
  | { missing?: undefined; refused: R }
  | ({ missing?: undefined; refused?: undefined } & T);

/** A hosteller's request joins the run, and the fee is shared out again, if `decide` allows. */
export const joinRun = <R>(
  db: Db,
  writes: RunRequestWrites,
  runId: string,
  viewerId: string,
  item: RunItem,
  decide: Decide<R>,
): Promise<Outcome<R, { requestId: string; changed: string[] }>> =>
  db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) return { missing: true as const };
    const refused = decide(run, await viewerPart(tx, run, viewerId));
    if (refused !== null) return { refused };
    const requestId = await writes.insertRunRequest(tx, runRequest(run, viewerId, item, run.totalFee));
    const changed = await resplit(tx, writes, run);
    return { requestId, changed: changed.filter((id) => id !== requestId) };
  });

/** A participant's request leaves the run (cancelled), and the fee is shared out again. */
export const leaveRun = <R>(
  db: Db,
  writes: RunRequestWrites,
  runId: string,
  viewerId: string,
  decide: Decide<R>,
): Promise<Outcome<R, { requestId: string; changed: string[] }>> =>
  db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) return { missing: true as const };
    const part = await viewerPart(tx, run, viewerId);
    const refused = decide(run, part);
    if (refused !== null) return { refused };
    const requestId = part.requestId!;
    await writes.cancelPending(tx, requestId);
    return { requestId, changed: await resplit(tx, writes, run) };
  });

/**
 * After one of the run's requests was cancelled: while the run is open the fee is shared out again
 * among those left; with no live request left the run is cancelled. Answers the requests whose
 * share changed and whether the run was cancelled now.
 */
export const afterRequestCancelled = (db: Db, writes: RunRequestWrites, runId: string) =>
  db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run || run.status === 'cancelled') return { changed: [], cancelled: false };
    if (run.participants === 0) {
      await tx
        .update(runs)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(runs.id, runId));
      return { changed: [], cancelled: true };
    }
    return { changed: run.status === 'open' ? await resplit(tx, writes, run) : [], cancelled: false };
  });

/**
 * The deliverer of an accepted run gave one of its requests up (the requests feature's own
 * give-up): that request is pending again, and since a run's requests are never accepted alone it
 * leaves the run and goes on the available list as an ordinary request, with its share as its fee.
 * Answers whether it was a run's request.
 */
export async function detachReturnedRequest(db: Db, writes: RunRequestWrites, requestId: string) {
  const runId = await runIdOfRequest(db, requestId);
  if (!runId) return null;
  return (await writes.leaveAcceptedRun(db, requestId, runId)) ? runId : null;
}

/** Thrown inside the accept's transaction to undo it. */
class AcceptUndone extends Error {}

/**
 * A day scholar accepts the whole run: every pending request of it is accepted by them, each with
 * its own handover code, in one transaction, or none is. Their accepts take turns on the same
 * advisory lock as single accepts (requests.repo markAccepted), so the active-delivery count they
 * read is current; the run counts once. `decide` sees the run with its row held.
 */
export async function acceptRun<R>(
  db: Db,
  writes: RunRequestWrites,
  runId: string,
  delivererId: string,
  opts: {
    decide: Decide<R>;
    /** A refusal when the day scholar holds `active` deliveries already (the cap), or null. */
    loadRefusal: (active: number) => R | null;
    /** What to answer when no pending request was left to accept (all cancelled meanwhile). */
    empty: R;
    draw: () => { hash: string; sealed: string };
  },
): Promise<Outcome<R, { requestIds: string[] }>> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCEPT_LOCK}, hashtext(${delivererId}))`);
      const run = await lockRun(tx, runId);
      if (!run) return { missing: true as const };
      const refused = opts.decide(run, await viewerPart(tx, run, delivererId));
      if (refused !== null) return { refused };
      const load = await one<{ n: number }>(tx, sql`select ${activeDeliveries(delivererId)} as n`);
      const tooMany = opts.loadRefusal(Number(load.n));
      if (tooMany !== null) return { refused: tooMany };
      const taken = await tx
        .update(runs)
        .set({ status: 'accepted', delivererId, acceptedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(runs.id, runId), sql`${runs.status} = 'open'`, sql`${runs.deadline} > now()`))
        .returning({ id: runs.id });
      if (taken.length === 0) return { refused: opts.empty };
      // A request moderation holds or removed, or whose requester is suspended, is not delivered:
      // it leaves the run and follows the ordinary rules (it shows nowhere while hidden).
      await writes.releaseHiddenFromRun(tx, runId);
      const requestIds = await writes.acceptGroup(tx, {
        requestIds: await writes.lockPendingOfRun(tx, runId),
        delivererId,
        drawCode: opts.draw,
      });
      if (requestIds.length === 0) throw new AcceptUndone();
      return { requestIds };
    });
  } catch (err) {
    if (err instanceof AcceptUndone) return { refused: opts.empty };
    throw err;
  }
}
