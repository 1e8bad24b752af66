import {
  and,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListingModeration, RequestCategory, RequestSort, RequestStatus } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { ratings, requests, userBlocks, users } from '../../db/schema';
import { notBlocked } from '../../lib/listing-visibility';
import {
  afterCursorPlaceholders,
  containsPattern,
  cursorOf,
  cursorParams,
  listOrder,
  matchesPattern,
  matchesQuery,
  orderBy,
  prefixQuery,
  type ListOrder,
} from '../../lib/lists';
import { preparedStatements } from '../../lib/prepared';
import { ACCEPT_LOCK, activeDeliveries, availableTo } from '../../lib/request-availability';
import { isoText } from '../../lib/sql-time';
import { acceptedBy, type HandoverCode } from './requests.writes';

const requester = alias(users, 'requester');
const deliverer = alias(users, 'deliverer');

/**
 * A request with its parties, for one viewer. Timestamps are ISO 8601 strings in UTC with
 * milliseconds, as the API answers them; money in paise.
 */
export interface RequestRow {
  id: string;
  number: number;
  requesterId: string;
  delivererId: string | null;
  itemName: string;
  description: string;
  quantity: number;
  /** The delivery fee. */
  expectedPrice: number;
  /** The estimated cost of the goods (paise), or null. */
  itemCost: number | null;
  /** What the receipt said (paise), given on completing, or null. */
  actualItemCost: number | null;
  pickupFrom: string | null;
  tripId: string | null;
  runId: string | null;
  deadline: string;
  deliveryLocation: string;
  isUrgent: boolean;
  category: RequestCategory;
  status: RequestStatus;
  deliveryNotes: string | null;
  createdAt: string;
  acceptedAt: string | null;
  /** When the deliverer acted on it (picked up, typed the handover code, completed), or null. */
  pickedUpAt: string | null;
  /** When the deliverer last said they are on the way, or null. */
  onTheWayAt: string | null;
  /** When the deliverer expects to arrive (their last estimate), or null. */
  arrivalEta: string | null;
  deliveryTime: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  handoverRequired: boolean;
  /** The handover code sealed for the requester's view (requests.handover.ts); null until accepted. */
  handoverCodeSealed: string | null;
  /** Handover codes typed over the request's whole life. */
  handoverAttempts: number;
  /** Day scholars who gave the delivery up, once per give-up. */
  givenUpBy: string[];
  moderation: ListingModeration;
  requesterName: string;
  requesterAvatar: string | null;
  requesterPhone: string | null;
  requesterHostelBlock: string | null;
  requesterRoomNumber: string | null;
  delivererName: string | null;
  delivererAvatar: string | null;
  viewerHasRated: boolean;
  /** The stars the viewer gave the other party of this request (null before they rate). */
  viewerRating: number | null;
  /** Completed, and its requester or deliverer blocks the other: neither may rate the other. */
  partiesBlocked: boolean;
}

/** The request's own columns (never the search vector). */
const requestColumns = {
  id: requests.id,
  number: requests.number,
  requesterId: requests.requesterId,
  delivererId: requests.delivererId,
  itemName: requests.itemName,
  description: requests.description,
  quantity: requests.quantity,
  expectedPrice: requests.expectedPrice,
  itemCost: requests.itemCost,
  actualItemCost: requests.actualItemCost,
  pickupFrom: requests.pickupFrom,
  tripId: requests.tripId,
  runId: requests.runId,
  deadline: requests.deadline,
  deliveryLocation: requests.deliveryLocation,
  isUrgent: requests.isUrgent,
  category: requests.category,
  status: requests.status,
  deliveryNotes: requests.deliveryNotes,
  createdAt: requests.createdAt,
  acceptedAt: requests.acceptedAt,
  pickedUpAt: requests.pickedUpAt,
  onTheWayAt: requests.onTheWayAt,
  arrivalEta: requests.arrivalEta,
  deliveryTime: requests.deliveryTime,
  completedAt: requests.completedAt,
  cancelledAt: requests.cancelledAt,
  handoverRequired: requests.handoverRequired,
  handoverCodeSealed: requests.handoverCodeSealed,
  handoverAttempts: requests.handoverAttempts,
  givenUpBy: requests.givenUpBy,
  moderation: requests.moderation,
};

/** The viewer's own rating of the request, if any (at most one row: once per request and direction). */
const viewerRating = alias(ratings, 'viewer_rating');

/** The JSON key of each RequestRow field and the column or expression that fills it. */
const ROW_FIELDS: Record<keyof RequestRow, AnyColumn | SQL> = {
  ...requestColumns,
  deadline: isoText(requests.deadline),
  createdAt: isoText(requests.createdAt),
  acceptedAt: isoText(requests.acceptedAt),
  pickedUpAt: isoText(requests.pickedUpAt),
  onTheWayAt: isoText(requests.onTheWayAt),
  arrivalEta: isoText(requests.arrivalEta),
  deliveryTime: isoText(requests.deliveryTime),
  completedAt: isoText(requests.completedAt),
  cancelledAt: isoText(requests.cancelledAt),
  requesterName: requester.name,
  requesterAvatar: requester.avatar,
  requesterPhone: requester.phoneNumber,
  requesterHostelBlock: requester.hostelBlock,
  requesterRoomNumber: requester.roomNumber,
  delivererName: deliverer.name,
  delivererAvatar: deliverer.avatar,
  viewerHasRated: sql`${viewerRating.id} is not null`,
  viewerRating: viewerRating.rating,
  partiesBlocked: sql`${requests.status} = 'completed' and not ${notBlocked(requests.requesterId, requests.delivererId)}`,
};

/**
 * Each row comes back as one JSON text value, from an expression built once: decoding one field per
 * row instead of ~27 typed ones makes list pages several times cheaper. (The keys are this file's
 * own constants.)
 */
const ROW_JSON = sql`json_build_object(${sql.join(
  Object.entries(ROW_FIELDS).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
  sql`, `,
)})::text`;

const selectRequests = (db: Db, viewerId: string) =>
  db
    .select({ json: sql<string>`${ROW_JSON}` })
    .from(requests)
    .innerJoin(requester, eq(requester.id, requests.requesterId))
    .leftJoin(deliverer, eq(deliverer.id, requests.delivererId))
    .leftJoin(viewerRating, and(eq(viewerRating.requestId, requests.id), eq(viewerRating.raterId, viewerId)));

const parseRows = (rows: { json: string }[]) => rows.map((r) => JSON.parse(r.json) as RequestRow);

/** The states the policy needs to explain a refused transition. */
export type RequestState = Pick<
  typeof requests.$inferSelect,
  | 'id'
  | 'status'
  | 'requesterId'
  | 'delivererId'
  | 'deadline'
  | 'givenUpBy'
  | 'handoverRequired'
  | 'handoverAttempts'
  | 'pickedUpAt'
  | 'runId'
>;

export const findRequest = async (db: Db, id: string, viewerId: string) =>
  parseRows(await selectRequests(db, viewerId).where(eq(requests.id, id)).limit(1))[0];

export const findRequestState = async (db: Db, id: string): Promise<RequestState | undefined> =>
  (
    await db
      .select({
        id: requests.id,
        status: requests.status,
        requesterId: requests.requesterId,
        delivererId: requests.delivererId,
        deadline: requests.deadline,
        givenUpBy: requests.givenUpBy,
        handoverRequired: requests.handoverRequired,
        handoverAttempts: requests.handoverAttempts,
        pickedUpAt: requests.pickedUpAt,
        runId: requests.runId,
      })
      .from(requests)
      .where(eq(requests.id, id))
      .limit(1)
  )[0];

export interface NewRequest {
  requesterId: string;
  itemName: string;
  description: string;
  quantity: number;
  /** Paise. */
  expectedPrice: number;
  /** Paise, or null when not given. */
  itemCost: number | null;
  pickupFrom: string | null;
  deadline: Date;
  deliveryLocation: string;
  isUrgent: boolean;
  category: RequestCategory;
  handoverRequired: boolean;
  /** The poster's own id for the post, if they sent one. */
  clientId?: string | null;
}

/**
 * Inserts a request and answers its id, and whether it is new: a post that carries a client id the
 * requester already used answers that request's id instead (the same post sent again).
 */
export async function insertRequest(db: Db, values: NewRequest): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(requests)
    .values(values)
    .onConflictDoNothing({
      target: [requests.requesterId, requests.clientId],
      where: sql`${requests.clientId} is not null`,
    })
    .returning({ id: requests.id });
  if (row) return { id: row.id, created: true };
  const [same] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.requesterId, values.requesterId), eq(requests.clientId, values.clientId!)));
  return { id: same!.id, created: false };
}

// ---- Lists: keyset pagination (lib/lists.ts) over (sort key…, created_at, id) ----

const newest = listOrder('requests:newest', 'desc', [requests.createdAt, 'time'], [requests.id, 'uuid']);
const ORDERS: Record<RequestSort, ListOrder> = {
  newest,
  oldest: listOrder('requests:oldest', 'asc', [requests.createdAt, 'time'], [requests.id, 'uuid']),
  highestFee: listOrder(
    'requests:highestFee',
    'desc',
    [requests.expectedPrice, 'int'],
    [requests.createdAt, 'time'],
    [requests.id, 'uuid'],
  ),
  lowestFee: listOrder(
    'requests:lowestFee',
    'asc',
    [requests.expectedPrice, 'int'],
    [requests.createdAt, 'time'],
    [requests.id, 'uuid'],
  ),
};

/**
 * One page in two steps: the inner query finds the page's rows on the request indexes alone; only
 * those rows are joined to their parties and turned into JSON. The viewer and the limit may be
 * placeholders (prepared statements).
 */
function pageQuery(
  db: Db,
  viewerId: string | Placeholder,
  where: (SQL | undefined)[],
  limit: number | Placeholder,
  order: ListOrder,
) {
  const pageRows = db
    .select(requestColumns)
    .from(requests)
    .where(and(...where))
    .orderBy(...orderBy(order))
    .limit(limit)
    // Named like the table, so the row JSON, the order and the cursor read their columns from the page.
    .as('requests');
  return db
    .select({ json: sql<string>`${ROW_JSON}`, cursor: cursorOf(order) })
    .from(pageRows)
    .innerJoin(requester, eq(requester.id, pageRows.requesterId))
    .leftJoin(deliverer, eq(deliverer.id, pageRows.delivererId))
    .leftJoin(viewerRating, and(eq(viewerRating.requestId, pageRows.id), eq(viewerRating.raterId, viewerId)))
    .orderBy(...orderBy(order));
}

const listedRows = (rows: { json: string; cursor: string }[]): ListedRequest[] =>
  rows.map((r) => ({ ...(JSON.parse(r.json) as RequestRow), cursor: r.cursor }));

/** Whose list: the requester's own requests or the deliverer's deliveries. */
type OwnList = 'requester' | 'deliverer';

/**
 * The two personal lists are read on every dashboard visit: each combination (whose list, status
 * filter, first or later page) is one prepared statement per database, planned once per connection.
 */
const ownStatement = preparedStatements<ReturnType<typeof prepareOwnList>>();

function prepareOwnList(db: Db, name: string, owner: OwnList, statuses: boolean, after: boolean) {
  const p = sql.placeholder;
  return pageQuery(
    db,
    p('viewer'),
    [
      eq(owner === 'requester' ? requests.requesterId : requests.delivererId, p('viewer')),
      statuses ? sql`${requests.status} = any(${p('statuses')}::request_status[])` : undefined,
      after ? afterCursorPlaceholders(newest) : undefined,
    ],
    p('limit'),
    newest,
  ).prepare(name);
}

async function listOwn(
  db: Db,
  owner: OwnList,
  viewerId: string,
  statuses: RequestStatus[] | undefined,
  page: PageArgs,
): Promise<ListedRequest[]> {
  const after = cursorParams(newest, page.cursor);
  const name = `requests_own_${owner}_${statuses ? 1 : 0}${after ? 1 : 0}`;
  const statement = ownStatement(db, name, () =>
    prepareOwnList(db, name, owner, statuses !== undefined, after !== undefined),
  );
  return listedRows(await statement.execute({ viewer: viewerId, statuses, limit: page.limit + 1, ...after }));
}

/** A list row and where the page after it starts. */
export type ListedRequest = RequestRow & { cursor: string };

export interface PageArgs {
  limit: number;
  /** As the client sent it; checked here against the list's order. */
  cursor?: string;
}

/** The hosteller's own requests, newest first. */
export const listByRequester = (
  db: Db,
  requesterId: string,
  statuses: RequestStatus[] | undefined,
  page: PageArgs,
) => listOwn(db, 'requester', requesterId, statuses, page);

/** The day scholar's deliveries (requests they accepted and still hold), newest first. */
export const listByDeliverer = (
  db: Db,
  delivererId: string,
  statuses: RequestStatus[] | undefined,
  page: PageArgs,
) => listOwn(db, 'deliverer', delivererId, statuses, page);

export interface AvailableFilters {
  /** Words, each matched as a word prefix of the item's name or description. */
  search?: string;
  /** Text the delivery location contains. */
  location?: string;
  /** Text the pickup place contains. */
  pickupFrom?: string;
  /** Paise. */
  minFee?: number;
  /** Paise. */
  maxFee?: number;
  sort: RequestSort;
}

/**
 * The available list is the busiest read: each combination of filters present is built once per
 * database as a prepared statement, and later calls only bind their values.
 */
const availableStatement = preparedStatements<ReturnType<typeof prepareAvailable>>();

function prepareAvailable(
  db: Db,
  name: string,
  f: Record<'search' | 'location' | 'pickupFrom' | 'minFee' | 'maxFee' | 'after', boolean>,
  order: ListOrder,
) {
  const p = sql.placeholder;
  return pageQuery(
    db,
    p('viewer'),
    [
      availableTo(p('viewer')),
      f.search ? matchesQuery(requests.searchVector, p('search')) : undefined,
      f.location ? matchesPattern(requests.deliveryLocation, p('location')) : undefined,
      f.pickupFrom ? matchesPattern(requests.pickupFrom, p('pickupFrom')) : undefined,
      f.minFee ? gte(requests.expectedPrice, p('minFee')) : undefined,
      f.maxFee ? lte(requests.expectedPrice, p('maxFee')) : undefined,
      f.after ? afterCursorPlaceholders(order) : undefined,
    ],
    p('limit'),
    order,
  ).prepare(name);
}

export async function listAvailable(db: Db, viewerId: string, f: AvailableFilters, page: PageArgs) {
  const order = ORDERS[f.sort];
  const after = cursorParams(order, page.cursor);
  const search = prefixQuery(f.search);
  const location = f.location ? containsPattern(f.location) : undefined;
  const pickupFrom = f.pickupFrom ? containsPattern(f.pickupFrom) : undefined;
  const shape = {
    search: search !== undefined,
    location: location !== undefined,
    pickupFrom: pickupFrom !== undefined,
    minFee: f.minFee !== undefined,
    maxFee: f.maxFee !== undefined,
    after: after !== undefined,
  };
  const name = `requests_available_${f.sort}_${Object.values(shape)
    .map((present) => (present ? 1 : 0))
    .join('')}`;
  const statement = availableStatement(db, name, () => prepareAvailable(db, name, shape, order));
  return listedRows(
    await statement.execute({
      viewer: viewerId,
      search,
      location,
      pickupFrom,
      minFee: f.minFee,
      maxFee: f.maxFee,
      limit: page.limit + 1,
      ...after,
    }),
  );
}

// ---- Transitions: one conditional UPDATE each; no row back means the expected state was gone ----

type RequestColumnsRow = { [K in keyof typeof requestColumns]: (typeof requests.$inferSelect)[K] };

/**
 * Updated rows exactly as the UPDATE left them, with their parties (one more query). Answers an
 * empty list when the UPDATE matched nothing.
 */
async function allWithParties(db: Db, updated: RequestColumnsRow[]): Promise<RequestRow[]> {
  if (updated.length === 0) return [];
  const ids = [
    ...new Set(updated.flatMap((r) => (r.delivererId ? [r.requesterId, r.delivererId] : [r.requesterId]))),
  ];
  const people = await db
    .select({
      id: users.id,
      name: users.name,
      avatar: users.avatar,
      phoneNumber: users.phoneNumber,
      hostelBlock: users.hostelBlock,
      roomNumber: users.roomNumber,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  const blocks = await db
    .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(inArray(userBlocks.blockerId, ids), inArray(userBlocks.blockedId, ids)));
  const blockedBetween = (a: string, b: string | null) =>
    b !== null &&
    blocks.some((x) => (x.blocker === a && x.blocked === b) || (x.blocker === b && x.blocked === a));
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return updated.map((row) => {
    const r = byId.get(row.requesterId)!;
    const d = row.delivererId ? byId.get(row.delivererId) : undefined;
    return {
      ...row,
      deadline: row.deadline.toISOString(),
      createdAt: row.createdAt.toISOString(),
      acceptedAt: iso(row.acceptedAt),
      pickedUpAt: iso(row.pickedUpAt),
      onTheWayAt: iso(row.onTheWayAt),
      arrivalEta: iso(row.arrivalEta),
      deliveryTime: iso(row.deliveryTime),
      completedAt: iso(row.completedAt),
      cancelledAt: iso(row.cancelledAt),
      requesterName: r.name,
      requesterAvatar: r.avatar,
      requesterPhone: r.phoneNumber,
      requesterHostelBlock: r.hostelBlock,
      requesterRoomNumber: r.roomNumber,
      delivererName: d?.name ?? null,
      delivererAvatar: d?.avatar ?? null,
      // A transition never leaves a request that the viewer has already rated.
      viewerHasRated: false,
      viewerRating: null,
      partiesBlocked: row.status === 'completed' && blockedBetween(row.requesterId, row.delivererId),
    };
  });
}

/** The one updated row with its parties, or undefined when the UPDATE matched nothing. */
const withParties = async (db: Db, updated: RequestColumnsRow[]) => (await allWithParties(db, updated))[0];

const now = sql`now()`;

/** Accepted requests the day scholar holds (accepted, not yet completed or cancelled). */
export const countActiveDeliveries = async (db: Db, delivererId: string) =>
  Number((await queryRows<{ n: number }>(db, sql`select ${activeDeliveries(delivererId)} as n`))[0]!.n);

/**
 * Pending → accepted for `delivererId`, while they hold fewer than `maxActive` active deliveries.
 * Their accepts take turns on an advisory lock, so the count read by the UPDATE (a fresh snapshot
 * once the lock is held) already includes any accept of theirs that committed just before. The
 * handover tries already typed for the request stay: a new delivery draws a new code, not new tries.
 */
export async function markAccepted(
  db: Db,
  id: string,
  delivererId: string,
  maxActive: number,
  handover: HandoverCode,
) {
  const updated = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCEPT_LOCK}, hashtext(${delivererId}))`);
    return tx
      .update(requests)
      .set(acceptedBy(delivererId, handover))
      .where(
        and(
          eq(requests.id, id),
          availableTo(delivererId),
          sql`${activeDeliveries(delivererId)} < ${maxActive}`,
        ),
      )
      .returning(requestColumns);
  });
  return withParties(db, updated);
}

/**
 * Accepted → completed by its deliverer. A request that asks for a handover code completes only with
 * `checkedHash`, the hash the deliverer's code was found to match: the check and the completion are
 * one condition, so no accept or give-up in between can let a completion through without the code.
 */
export const markCompleted = async (
  db: Db,
  id: string,
  delivererId: string,
  done: { notes: string | null; actualItemCost: number | null },
  checkedHash: string | null,
) =>
  withParties(
    db,
    await db
      .update(requests)
      .set({
        status: 'completed',
        deliveryNotes: done.notes,
        // Left out, the receipt amount given on picking up stays.
        actualItemCost: done.actualItemCost ?? sql`${requests.actualItemCost}`,
        completedAt: now,
        deliveryTime: now,
        // Completing is the deliverer's act too.
        pickedUpAt: sql`coalesce(${requests.pickedUpAt}, now())`,
        updatedAt: now,
      })
      .where(
        and(
          eq(requests.id, id),
          eq(requests.status, 'accepted'),
          eq(requests.delivererId, delivererId),
          sql`(not ${requests.handoverRequired} or ${requests.handoverCodeHash} = ${checkedHash})`,
          // A receipt amount only for a request with an item cost.
          done.actualItemCost === null ? undefined : sql`${requests.itemCost} is not null`,
        ),
      )
      .returning(requestColumns),
  );

/**
 * The requester confirms they received the items: accepted → completed, as the deliverer's
 * completion, once its deliverer has acted on it (picked it up, typed the handover code).
 */
export const markReceived = async (db: Db, id: string, requesterId: string) =>
  withParties(
    db,
    await db
      .update(requests)
      .set({ status: 'completed', completedAt: now, deliveryTime: now, updatedAt: now })
      .where(
        and(
          eq(requests.id, id),
          eq(requests.status, 'accepted'),
          eq(requests.requesterId, requesterId),
          isNotNull(requests.pickedUpAt),
        ),
      )
      .returning(requestColumns),
  );

/**
 * Its deliverer marks the accepted request picked up (once): its requester may confirm receipt from
 * now on. The receipt amount (paise) may come with it, only for a request with an item cost.
 */
export const markPickedUp = async (
  db: Db,
  id: string,
  delivererId: string,
  actualItemCost: number | null = null,
) =>
  withParties(
    db,
    await db
      .update(requests)
      .set({ pickedUpAt: now, updatedAt: now, ...(actualItemCost === null ? {} : { actualItemCost }) })
      .where(
        and(
          eq(requests.id, id),
          eq(requests.status, 'accepted'),
          eq(requests.delivererId, delivererId),
          isNull(requests.pickedUpAt),
          actualItemCost === null ? undefined : isNotNull(requests.itemCost),
        ),
      )
      .returning(requestColumns),
  );

/**
 * Its deliverer is on the way with the picked-up items, arriving in about `minutes`: sets (or
 * moves) the estimate. Also answers whether they had said so before (an updated estimate).
 */
export async function markOnTheWay(db: Db, id: string, delivererId: string, minutes: number) {
  const updated = await db
    .update(requests)
    .set({
      onTheWayAt: now,
      arrivalEta: sql`now() + make_interval(mins => ${minutes}::integer)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(requests.id, id),
        eq(requests.status, 'accepted'),
        eq(requests.delivererId, delivererId),
        isNotNull(requests.pickedUpAt),
      ),
    )
    .returning({
      ...requestColumns,
      // Read in the statement's snapshot: the row as it was before this update.
      wasOnTheWay: sql<boolean>`(select r.on_the_way_at is not null from ${requests} r where r.id = ${id})`,
    });
  const row = await withParties(db, updated);
  return row && { row, updated: updated[0]!.wasOnTheWay };
}

/** What completing an accepted request with a handover code needs to know. */
export const findHandover = async (db: Db, id: string) =>
  (
    await db
      .select({
        status: requests.status,
        delivererId: requests.delivererId,
        required: requests.handoverRequired,
        attempts: requests.handoverAttempts,
        hasItemCost: sql<boolean>`${requests.itemCost} is not null`,
      })
      .from(requests)
      .where(eq(requests.id, id))
      .limit(1)
  )[0];

/**
 * Counts one try of the deliverer's code before it is compared, and answers the stored hash to
 * compare with and the tries counted so far, this one included; nothing once `maxAttempts` tries
 * were counted for the request, by any of its deliverers (or the request is not this deliverer's
 * accepted one). The count and its limit are one UPDATE, so parallel guesses each count and get at
 * most `maxAttempts` comparisons in all.
 */
export const countHandoverAttempt = async (
  db: Db,
  id: string,
  delivererId: string,
  maxAttempts: number,
): Promise<{ hash: string; attempts: number } | undefined> => {
  const [row] = await db
    .update(requests)
    // Typing a code, right or wrong, is the deliverer's act: they are at the handover.
    .set({
      handoverAttempts: sql`${requests.handoverAttempts} + 1`,
      pickedUpAt: sql`coalesce(${requests.pickedUpAt}, now())`,
    })
    .where(
      and(
        eq(requests.id, id),
        eq(requests.status, 'accepted'),
        eq(requests.delivererId, delivererId),
        sql`${requests.handoverCodeHash} is not null`,
        sql`${requests.handoverAttempts} < ${maxAttempts}`,
      ),
    )
    .returning({ hash: requests.handoverCodeHash, attempts: requests.handoverAttempts });
  return row?.hash ? { hash: row.hash, attempts: row.attempts } : undefined;
};

export const markCancelled = async (db: Db, id: string, requesterId: string) =>
  withParties(
    db,
    await db
      .update(requests)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(
        and(
          eq(requests.id, id),
          eq(requests.requesterId, requesterId),
          inArray(requests.status, ['pending', 'accepted']),
        ),
      )
      .returning(requestColumns),
  );

/**
 * The deliverer gives the delivery up: back to pending, without a deliverer, with the give-up
 * recorded against them on the request (a second one bars them from it) and the handover tries
 * typed so far kept. Also answers the former deliverer's name (the row no longer points at them).
 */
export async function markDeliveryCancelled(
  db: Db,
  members: { countGiveUp(tx: Executor, userId: string): Promise<void> },
  id: string,
  delivererId: string,
) {
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(requests)
      .set({
        status: 'pending',
        delivererId: null,
        acceptedAt: null,
        pickedUpAt: null,
        onTheWayAt: null,
        arrivalEta: null,
        // A receipt given on picking up belonged to that delivery.
        actualItemCost: null,
        // A trip's request given up by its runner is a plain pending request again.
        tripId: null,
        updatedAt: now,
        // The code belonged to that delivery; the next accept draws a new one.
        handoverCodeHash: null,
        handoverCodeSealed: null,
        givenUpBy: sql`array_append(${requests.givenUpBy}, ${delivererId}::uuid)`,
      })
      .where(and(eq(requests.id, id), eq(requests.status, 'accepted'), eq(requests.delivererId, delivererId)))
      .returning({
        ...requestColumns,
        formerDelivererName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${delivererId})`,
      });
    // Counted for the deliverer's cancellation rate on their public profile.
    if (rows.length) await members.countGiveUp(tx, delivererId);
    return rows;
  });
  const row = await withParties(db, updated);
  return row && { row, formerDelivererName: updated[0]!.formerDelivererName };
}

/**
 * The requester puts an expired request (pending, nobody accepted it, deadline passed) back on the
 * list with a new deadline.
 */
export const markReposted = async (db: Db, id: string, requesterId: string, deadline: Date) =>
  withParties(
    db,
    await db
      .update(requests)
      .set({ deadline, updatedAt: now })
      .where(
        and(
          eq(requests.id, id),
          eq(requests.requesterId, requesterId),
          sql`${requests.status} = 'pending'`,
          isNull(requests.delivererId),
          // A shared run's request keeps the run's deadline.
          isNull(requests.runId),
          sql`${requests.deadline} <= now()`,
        ),
      )
      .returning(requestColumns),
  );

/**
 * Claims up to `limit` requests whose deadline passed while they were on the available list, each
 * exactly once however many processes sweep at the same time: a pending request last changed before
 * its deadline is claimed by setting its updated_at to now (which is past the deadline, so it never
 * matches again until a repost moves the deadline); rows another sweep holds are skipped.
 */
export async function claimExpired(db: Db, limit: number) {
  const due = db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        sql`${requests.status} = 'pending'`,
        isNull(requests.delivererId),
        sql`${requests.deadline} <= now()`,
        sql`${requests.updatedAt} < ${requests.deadline}`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return allWithParties(
    db,
    await db
      .update(requests)
      .set({ updatedAt: now })
      .where(inArray(requests.id, due))
      .returning(requestColumns),
  );
}
