import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { notifications, requests, trips, users } from '../../db/schema';
import { notBlocked, notSuspended, visibleListing } from '../../lib/listing-visibility';
import type { RequestState, TripRefusal, TripState } from './trips.policy';

/** A trip with its runner and counts, for one viewer. */
export interface TripRow extends TripState {
  from: string;
  cutoffAt: Date;
  note: string | null;
  createdAt: Date;
  runnerName: string;
  runnerAvatar: string | null;
  /** Average stars the runner received as a deliverer (1 decimal), or null before any. */
  rating: number | null;
  ratingCount: number;
  /** The viewer's accepted requests on it that its runner has not picked up yet. */
  viewerDetachable: string[];
  /** The runner and the viewer block one another. */
  blockedWithViewer: boolean;
}

/** Accepted or completed requests on the trip: the seats taken. */
const attachedCount = sql<number>`(select count(*)::int from ${requests} ar
  where ar.trip_id = ${trips.id} and ar.status in ('accepted', 'completed'))`;

/** Open to new requests: its status is open and its cutoff has not passed. */
const isOpen = sql`${trips.status} = 'open' and ${trips.cutoffAt} > now()`;

const tripColumns = (viewerId: string) => ({
  id: trips.id,
  runnerId: trips.runnerId,
  status: trips.status,
  cutoffPassed: sql<boolean>`${trips.cutoffAt} <= now()`,
  arriveAt: trips.arriveAt,
  capacity: trips.capacity,
  attached: attachedCount,
  runnerSuspended: sql<boolean>`not ${notSuspended(trips.runnerId)}`,
  from: trips.from,
  cutoffAt: trips.cutoffAt,
  note: trips.note,
  createdAt: trips.createdAt,
  runnerName: users.name,
  runnerAvatar: users.avatar,
  rating: sql<string | null>`(select round(avg(rt.rating)::numeric, 1) from ratings rt
    where rt.user_id = ${trips.runnerId} and rt.rating_type = 'hosteller_to_dayscholar')`,
  ratingCount: sql<number>`(select count(*)::int from ratings rt
    where rt.user_id = ${trips.runnerId} and rt.rating_type = 'hosteller_to_dayscholar')`,
  viewerDetachable: sql<string[]>`(select coalesce(json_agg(vr.id order by vr.accepted_at, vr.id), '[]'::json)
    from ${requests} vr where vr.trip_id = ${trips.id} and vr.requester_id = ${viewerId}
      and vr.status = 'accepted' and vr.picked_up_at is null)`,
  blockedWithViewer: sql<boolean>`not ${notBlocked(trips.runnerId, viewerId)}`,
});

async function selectTrips(
  db: Db,
  viewerId: string,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<TripRow[]> {
  const rows = await db
    .select(tripColumns(viewerId))
    .from(trips)
    .innerJoin(users, eq(users.id, trips.runnerId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    rating: r.rating === null ? null : Number(r.rating),
    ratingCount: Number(r.ratingCount),
    attached: Number(r.attached),
  }));
}

export const findTrip = async (db: Db, id: string, viewerId: string) =>
  (await selectTrips(db, viewerId, eq(trips.id, id), [], 1))[0];

/** Open trips the viewer may see (runner not suspended, not blocked with them), soonest arrival first. */
export const listOpen = (db: Db, viewerId: string, limit: number) =>
  selectTrips(
    db,
    viewerId,
    and(isOpen, notSuspended(trips.runnerId), notBlocked(trips.runnerId, viewerId)),
    [asc(trips.arriveAt), asc(trips.id)],
    limit,
  );

/** The runner's trips that are open or still carry accepted requests, newest first. */
export const listMine = (db: Db, runnerId: string, limit: number) =>
  selectTrips(
    db,
    runnerId,
    and(
      eq(trips.runnerId, runnerId),
      sql`((${isOpen}) or exists (select 1 from ${requests} mr
        where mr.trip_id = ${trips.id} and mr.status = 'accepted'))`,
    ),
    [desc(trips.createdAt), desc(trips.id)],
    limit,
  );

/** The ids of the requests on the trip (only `requesterId`'s when given), in the order they joined. */
export const requestIdsOn = async (db: Db, tripId: string, requesterId?: string) =>
  (
    await db
      .select({ id: requests.id })
      .from(requests)
      .where(
        and(
          eq(requests.tripId, tripId),
          requesterId === undefined ? undefined : eq(requests.requesterId, requesterId),
        ),
      )
      .orderBy(asc(requests.acceptedAt), asc(requests.number))
  ).map((r) => r.id);

export interface NewTrip {
  from: string;
  arriveAt: Date;
  cutoffAt: Date;
  capacity: number;
  note: string | null;
}

/**
 * Inserts the trip unless the runner already has an open one. Their posts take turns on their own
 * user row (FOR UPDATE), so two at once cannot both see none. Answers the new id, or undefined.
 */
export const insertTripOnce = (db: Db, runnerId: string, values: NewTrip) =>
  db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, runnerId)).for('update');
    const [open] = await tx
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.runnerId, runnerId), isOpen))
      .limit(1);
    if (open) return undefined;
    const [row] = await tx
      .insert(trips)
      .values({ runnerId, ...values })
      .returning({ id: trips.id });
    return row!.id;
  });

/** Hostellers with a pending request the runner could carry, due after `arriveAt` (each once). */
export const hostellersToTell = async (db: Db, runnerId: string, arriveAt: Date) =>
  (
    await db
      .selectDistinct({ id: requests.requesterId })
      .from(requests)
      .where(
        and(
          sql`${requests.status} = 'pending'`,
          isNull(requests.delivererId),
          isNull(requests.runId),
          isNull(requests.tripId),
          sql`${requests.deadline} > ${arriveAt.toISOString()}::timestamptz`,
          sql`${requests.deadline} > now()`,
          visibleListing(requests.moderation),
          notSuspended(requests.requesterId),
          notBlocked(requests.requesterId, runnerId),
          sql`${requests.requesterId} <> ${runnerId}`,
        ),
      )
  ).map((r) => r.id);

/** The trip's row, locked until the transaction ends. */
async function lockTrip(tx: Tx, id: string): Promise<TripState | undefined> {
  const [row] = await tx
    .select({
      id: trips.id,
      runnerId: trips.runnerId,
      status: trips.status,
      cutoffPassed: sql<boolean>`${trips.cutoffAt} <= now()`,
      arriveAt: trips.arriveAt,
      capacity: trips.capacity,
      runnerSuspended: sql<boolean>`not ${notSuspended(trips.runnerId)}`,
    })
    .from(trips)
    .where(eq(trips.id, id))
    .for('update');
  if (!row) return undefined;
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${requests}
      where trip_id = ${id} and status in ('accepted', 'completed')`,
  );
  return { ...row, attached: Number(count?.n ?? 0) };
}

async function requestState(tx: Tx, id: string): Promise<RequestState | undefined> {
  const [row] = await tx
    .select({
      requesterId: requests.requesterId,
      status: requests.status,
      delivererId: requests.delivererId,
      runId: requests.runId,
      tripId: requests.tripId,
      deadline: requests.deadline,
      expired: sql<boolean>`${requests.deadline} <= now()`,
      visible: sql<boolean>`${visibleListing(requests.moderation)}`,
      pickedUp: sql<boolean>`${requests.pickedUpAt} is not null`,
    })
    .from(requests)
    .where(eq(requests.id, id));
  return row;
}

const blockedBetween = async (tx: Tx, a: string, b: string) =>
  (await queryRows<{ blocked: boolean }>(tx, sql`select not ${notBlocked(a, b)} as blocked`))[0]?.blocked ===
  true;

type Outcome<T> = { refusal: TripRefusal } | ({ refusal: null } & T);

/** The writes to requests a trip makes, in its transaction (the requests feature's, through `TripsPorts`). */
export interface TripRequestWrites {
  acceptGroup(
    tx: Executor,
    group: {
      requestIds: string[];
      delivererId: string;
      drawCode: () => HandoverCode;
      trip: { id: string; requesterId: string };
    },
  ): Promise<string[]>;
  returnFromTrip(
    tx: Executor,
    input: { tripId: string; requestId: string; requesterId: string },
  ): Promise<boolean>;
  returnTripRequests(tx: Executor, tripId: string): Promise<{ id: string; requesterId: string }[]>;
}

/** A handover code for one delivery: its hash and its sealed form. */
export interface HandoverCode {
  hash: string;
  sealed: string;
}

/**
 * Adds the hosteller's pending request to the trip, accepted by its runner, in one transaction that
 * holds the trip's row: the rules (`refuse`, given the locked trip with its seats counted afresh)
 * and the conditional UPDATE see the same seats, so two hostellers at the last seat get one each
 * of yes and no.
 */
export const attachRequest = (
  db: Db,
  writes: TripRequestWrites,
  input: { tripId: string; requestId: string; actorId: string; drawCode: () => HandoverCode },
  refuse: (
    trip: TripState | undefined,
    request: RequestState | undefined,
    blocked: boolean,
  ) => TripRefusal | null,
): Promise<Outcome<{ runnerId: string }>> =>
  db.transaction(async (tx) => {
    const trip = await lockTrip(tx, input.tripId);
    const request = await requestState(tx, input.requestId);
    const blocked = !!trip && !!request && (await blockedBetween(tx, trip.runnerId, request.requesterId));
    const refusal = refuse(trip, request, blocked);
    if (refusal) return { refusal };
    const updated = await writes.acceptGroup(tx, {
      requestIds: [input.requestId],
      delivererId: trip!.runnerId,
      drawCode: input.drawCode,
      trip: { id: trip!.id, requesterId: input.actorId },
    });
    if (updated.length === 0) return { refusal: 'requestNotPending' as const };
    return { refusal: null, runnerId: trip!.runnerId };
  });

/**
 * Takes the hosteller's accepted request off the trip, pending again as before it was added, only
 * while its runner has not picked it up: a pickup between the rules and the UPDATE is answered as one.
 */
export const detachRequest = (
  db: Db,
  writes: TripRequestWrites,
  input: { tripId: string; requestId: string; actorId: string },
  refuse: (trip: TripState | undefined, request: RequestState | undefined) => TripRefusal | null,
): Promise<Outcome<{ runnerId: string }>> =>
  db.transaction(async (tx) => {
    const trip = await lockTrip(tx, input.tripId);
    const request = await requestState(tx, input.requestId);
    const refusal = refuse(trip, request);
    if (refusal) return { refusal };
    const returned = await writes.returnFromTrip(tx, {
      tripId: input.tripId,
      requestId: input.requestId,
      requesterId: input.actorId,
    });
    if (!returned)
      return { refusal: refuse(trip, await requestState(tx, input.requestId)) ?? ('notOnTrip' as const) };
    return { refusal: null, runnerId: trip!.runnerId };
  });

/**
 * Cancels the trip and returns every request still accepted on it to pending, in one transaction.
 * Answers those requests (id, requester).
 */
export const cancelTrip = (
  db: Db,
  writes: TripRequestWrites,
  input: { tripId: string; actorId: string },
  refuse: (trip: TripState | undefined) => TripRefusal | null,
): Promise<Outcome<{ returned: { id: string; requesterId: string }[] }>> =>
  db.transaction(async (tx) => {
    const trip = await lockTrip(tx, input.tripId);
    const refusal = refuse(trip);
    if (refusal) return { refusal };
    await tx
      .update(trips)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(trips.id, input.tripId), eq(trips.status, 'open')));
    const returned = await writes.returnTripRequests(tx, input.tripId);
    return { refusal: null, returned };
  });

/** The trip's requests the runner carries (accepted or completed), in the order they joined. */
export const stopRequests = (db: Db, tripId: string) =>
  db
    .select({
      id: requests.id,
      number: requests.number,
      itemName: requests.itemName,
      quantity: requests.quantity,
      status: requests.status,
      pickupFrom: requests.pickupFrom,
      deliveryLocation: requests.deliveryLocation,
    })
    .from(requests)
    .where(and(eq(requests.tripId, tripId), inArray(requests.status, ['accepted', 'completed'])))
    .orderBy(asc(requests.acceptedAt), asc(requests.number));
export type StopRequest = Awaited<ReturnType<typeof stopRequests>>[number];

/**
 * Whether the runner was already told that this request was added to this trip (a request taken off
 * and added again is not announced twice).
 */
export const runnerToldOf = async (db: Db, runnerId: string, tripId: string, requestId: string) =>
  (
    await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, runnerId),
          eq(notifications.type, 'trip'),
          sql`${notifications.data}->>'tripId' = ${tripId}`,
          sql`${notifications.data}->>'requestId' = ${requestId}`,
        ),
      )
      .limit(1)
  ).length > 0;

/** The item name and requester of a request, for the runner's notice. */
export const requestSummary = async (db: Db, id: string) =>
  (
    await db
      .select({ itemName: requests.itemName, requesterName: users.name })
      .from(requests)
      .innerJoin(users, eq(users.id, requests.requesterId))
      .where(eq(requests.id, id))
      .limit(1)
  )[0];
