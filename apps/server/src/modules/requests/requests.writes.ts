import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { RequestCategory } from '@campusrun/shared';
import type { Executor } from '../../db/client';
import { requests, runs } from '../../db/schema';
import { notSuspended, visibleListing } from '../../lib/listing-visibility';

/**
 * The writes to the requests table that other features make inside their own transactions (trips,
 * shared runs, deleting an account, moderation, reports). Only the requests feature writes the
 * table: each function takes the caller's executor, so the caller's transaction stays one, and
 * `services.ts` hands them to the other features through their ports.
 */

/** A handover code for one delivery: its hash and its sealed form. */
export interface HandoverCode {
  hash: string;
  sealed: string;
}

const now = sql`now()`;

/**
 * What pending → accepted sets: the deliverer, the time, no pickup yet (its requester cannot
 * confirm receipt), and a new code for this delivery, kept only when the request asks for one.
 */
export const acceptedBy = (delivererId: string, code: HandoverCode) => ({
  status: 'accepted' as const,
  delivererId,
  acceptedAt: now,
  pickedUpAt: null,
  onTheWayAt: null,
  arrivalEta: null,
  updatedAt: now,
  handoverCodeHash: sql`case when ${requests.handoverRequired} then ${code.hash} end`,
  handoverCodeSealed: sql`case when ${requests.handoverRequired} then ${code.sealed} end`,
});

/**
 * What a request returned to pending clears: its deliverer, trip, acceptance, pickup (with the
 * receipt amount given then and the deliverer's arrival estimate) and handover code.
 */
const backToPending = {
  status: 'pending' as const,
  delivererId: null,
  tripId: null,
  acceptedAt: null,
  pickedUpAt: null,
  onTheWayAt: null,
  arrivalEta: null,
  actualItemCost: null,
  handoverCodeHash: null,
  handoverCodeSealed: null,
  updatedAt: now,
};

/** Requests accepted together: a shared run's pending requests, or one request joining a trip. */
interface GroupAccept {
  requestIds: string[];
  delivererId: string;
  /** A fresh code for each request. */
  drawCode: () => HandoverCode;
  /**
   * A request its requester adds to a trip: it joins the trip, and only while it is theirs, still
   * on no run or trip, before its deadline and visible.
   */
  trip?: { id: string; requesterId: string };
}

const tripRequestOf = (requesterId: string): SQL =>
  and(
    eq(requests.requesterId, requesterId),
    isNull(requests.delivererId),
    isNull(requests.runId),
    isNull(requests.tripId),
    sql`${requests.deadline} > now()`,
    visibleListing(requests.moderation),
  )!;

/**
 * Pending → accepted for each of the group, in the order given, each with its own handover code.
 * Answers the ids accepted (a request no longer pending is left out).
 */
export async function acceptGroup(tx: Executor, group: GroupAccept): Promise<string[]> {
  const { trip } = group;
  const accepted: string[] = [];
  for (const id of group.requestIds) {
    const done = await tx
      .update(requests)
      .set({ ...acceptedBy(group.delivererId, group.drawCode()), ...(trip && { tripId: trip.id }) })
      .where(
        and(
          eq(requests.id, id),
          sql`${requests.status} = 'pending'`,
          trip && tripRequestOf(trip.requesterId),
        ),
      )
      .returning({ id: requests.id });
    accepted.push(...done.map((r) => r.id));
  }
  return accepted;
}

/**
 * Takes the requester's accepted request off the trip, pending again, only while its runner has not
 * picked it up. Answers whether it was taken off.
 */
export const returnFromTrip = async (
  tx: Executor,
  input: { tripId: string; requestId: string; requesterId: string },
) =>
  (
    await tx
      .update(requests)
      .set(backToPending)
      .where(
        and(
          eq(requests.id, input.requestId),
          eq(requests.tripId, input.tripId),
          eq(requests.requesterId, input.requesterId),
          eq(requests.status, 'accepted'),
          isNull(requests.pickedUpAt),
        ),
      )
      .returning({ id: requests.id })
  ).length > 0;

/** Every request still accepted on the (cancelled) trip, pending again; answers them. */
export const returnTripRequests = (tx: Executor, tripId: string) =>
  tx
    .update(requests)
    .set(backToPending)
    .where(and(eq(requests.tripId, tripId), eq(requests.status, 'accepted')))
    .returning({ id: requests.id, requesterId: requests.requesterId });

/** One participant's item of a shared run, as the requests table keeps it (money in paise). */
interface RunRequest {
  requesterId: string;
  runId: string;
  itemName: string;
  description: string;
  quantity: number;
  itemCost: number | null;
  deliveryLocation: string;
  category: RequestCategory;
  pickupFrom: string;
  deadline: Date;
  /** Paise: the participant's share of the run's fee. */
  fee: number;
}

/** A participant's request in a shared run; answers its id. */
export const insertRunRequest = async (tx: Executor, values: RunRequest) =>
  (
    await tx
      .insert(requests)
      .values({
        requesterId: values.requesterId,
        runId: values.runId,
        itemName: values.itemName,
        description: values.description,
        quantity: values.quantity,
        itemCost: values.itemCost,
        deliveryLocation: values.deliveryLocation,
        category: values.category,
        pickupFrom: values.pickupFrom,
        deadline: values.deadline,
        expectedPrice: values.fee,
        isUrgent: false,
        // Each participant hands over to the deliverer with their own code.
        handoverRequired: true,
      })
      .returning({ id: requests.id })
  )[0]!.id;

/** A pending request's fee (a shared run's share, paise). */
export const setFee = async (tx: Executor, id: string, fee: number) => {
  await tx.update(requests).set({ expectedPrice: fee, updatedAt: now }).where(eq(requests.id, id));
};

/** Pending → cancelled (a participant leaves a shared run). */
export const cancelPending = async (tx: Executor, id: string) => {
  await tx
    .update(requests)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(requests.id, id), sql`${requests.status} = 'pending'`));
};

/**
 * A request of an accepted run given up by its deliverer, pending again, leaves the run: it goes on
 * the available list as an ordinary request, with its share as its fee. Answers whether it left.
 */
export const leaveAcceptedRun = async (tx: Executor, requestId: string, runId: string) =>
  (
    await tx
      .update(requests)
      .set({ runId: null, updatedAt: now })
      .where(
        and(
          eq(requests.id, requestId),
          eq(requests.runId, runId),
          sql`${requests.status} = 'pending'`,
          sql`${requests.delivererId} is null`,
          sql`exists (select 1 from ${runs} r where r.id = ${runId} and r.status = 'accepted')`,
        ),
      )
      .returning({ id: requests.id })
  ).length > 0;

/**
 * A run being accepted leaves behind the pending requests moderation holds or removed, or whose
 * requester is suspended: they are not delivered, and follow the ordinary rules (hidden meanwhile).
 */
export const releaseHiddenFromRun = async (tx: Executor, runId: string) => {
  await tx
    .update(requests)
    .set({ runId: null, updatedAt: now })
    .where(
      and(
        eq(requests.runId, runId),
        sql`${requests.status} = 'pending'`,
        sql`not (${visibleListing(requests.moderation)} and ${notSuspended(requests.requesterId)})`,
      ),
    );
};

/** The run's pending requests by number, held for the accept. */
export const lockPendingOfRun = async (tx: Executor, runId: string) =>
  (
    await tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.runId, runId), sql`${requests.status} = 'pending'`))
      .orderBy(requests.number)
      .for('update')
  ).map((r) => r.id);

/**
 * A leaving member's pending requests, cancelled; those in a shared run still open stay (the run
 * keeps the member from leaving). Answers the cancelled ids.
 */
export const cancelPendingOfMember = async (tx: Executor, userId: string) =>
  (
    await tx
      .update(requests)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(
        and(
          eq(requests.requesterId, userId),
          eq(requests.status, 'pending'),
          sql`not exists (select 1 from ${runs} u where u.id = ${requests.runId}
            and u.status = 'open' and u.deadline > now())`,
        ),
      )
      .returning({ id: requests.id })
  ).map((r) => r.id);

/**
 * Forgets where a leaving member's requests were brought (filled in from their block and room):
 * every one of them is finished or cancelled by then, so nobody needs it any more.
 */
export const forgetDeliveryLocations = async (tx: Executor, userId: string) => {
  await tx.update(requests).set({ deliveryLocation: '' }).where(eq(requests.requesterId, userId));
};

/** Sets a request's moderation state from one of `from`; answers its item name when it changed. */
export const setModeration = async (
  tx: Executor,
  id: string,
  to: 'visible' | 'removed',
  from: ('visible' | 'held')[],
) =>
  (
    await tx
      .update(requests)
      .set({ moderation: to })
      .where(and(eq(requests.id, id), inArray(requests.moderation, from)))
      .returning({ name: requests.itemName })
  )[0]?.name;

/**
 * Holds a visible request while `enough` (the reports' rule) holds; answers its requester when this
 * call held it (once, however many reports race).
 */
export const holdIfVisible = async (tx: Executor, id: string, enough: SQL) =>
  (
    await tx
      .update(requests)
      .set({ moderation: 'held' })
      .where(and(eq(requests.id, id), eq(requests.moderation, 'visible'), enough))
      .returning({ ownerId: requests.requesterId })
  )[0];
