import {
  HANDOVER_CODE,
  type RatingType,
  type RequestCan,
  type RequestRefusal,
  type Role,
} from '@campusrun/shared';
import { rateRefusal, ratingTypeFor } from '../../lib/rating-rule';
import { MAX_GIVE_UPS } from '../../lib/request-availability';
import type { RequestState } from './requests.repo';

/**
 * Every rule about who may do what with a request. Pure: no I/O. The services refuse with these,
 * and the presenter turns them into the `can` of each request it sends, so the client shows exactly
 * the actions the server will accept.
 */
export type { RequestRefusal } from '@campusrun/shared';

type State = Pick<
  RequestState,
  | 'status'
  | 'requesterId'
  | 'delivererId'
  | 'deadline'
  | 'givenUpBy'
  | 'handoverRequired'
  | 'handoverAttempts'
  | 'pickedUpAt'
> & {
  /** The shared run it belongs to, if any: such a request is accepted with its run, never alone. */
  runId?: string | null;
};

/** Who is looking: the role decides which side's actions apply at all. */
export interface Viewer {
  id: string;
  role: Role | null;
}

const closed = (r: Pick<State, 'status'>): RequestRefusal | null =>
  r.status === 'completed' ? 'completed' : r.status === 'cancelled' ? 'cancelled' : null;

/** Pending with its deadline passed: off the available list until the requester reposts it. */
export const isExpired = (r: Pick<State, 'status' | 'deadline'>, now: Date) =>
  r.status === 'pending' && r.deadline.getTime() <= now.getTime();

/** A day scholar's deliveries in progress (accepted, not completed or cancelled) and how many they may hold. */
export interface DeliveryLoad {
  active: number;
  max: number;
}

/** How many times this day scholar gave the request up. */
const giveUpsBy = (actorId: string, r: Pick<State, 'givenUpBy'>) =>
  r.givenUpBy.filter((id) => id === actorId).length;

/** Day scholars who gave the request up too often to accept it again. */
export const barredDeliverers = (r: Pick<State, 'givenUpBy'>) =>
  [...new Set(r.givenUpBy)].filter((id) => giveUpsBy(id, r) >= MAX_GIVE_UPS);

/**
 * Wrong handover codes were typed too often over the request's life (every delivery of it counts
 * together): the deliverer can no longer complete it, only the requester's confirmation does.
 */
export const isHandoverLocked = (r: Pick<State, 'handoverRequired' | 'handoverAttempts'>) =>
  r.handoverRequired && r.handoverAttempts >= HANDOVER_CODE.maxAttempts;

/**
 * A day scholar accepts a pending request that is not theirs, not past its deadline, not one they
 * gave up twice already and not part of a shared run (the run is accepted whole). (The SQL form of
 * the same rule is lib/request-availability.ts.)
 */
export function acceptRefusal(actorId: string, r: State, now: Date): RequestRefusal | null {
  if (r.requesterId === actorId) return 'ownRequest';
  const done = closed(r);
  if (done) return done;
  if (r.runId && r.status === 'pending' && !r.delivererId) return 'partOfRun';
  if (giveUpsBy(actorId, r) >= MAX_GIVE_UPS) return 'gaveUpTwice';
  if (r.status !== 'pending' || r.delivererId) return r.delivererId === actorId ? 'alreadyYours' : 'taken';
  if (isExpired(r, now)) return 'expired';
  return null;
}

/** A day scholar holds fewer active deliveries than the limit (one person cannot hoard every request). */
export const loadRefusal = (load: DeliveryLoad): RequestRefusal | null =>
  load.active >= load.max ? 'tooManyActive' : null;

/** Only the assigned deliverer completes, and only an accepted request. */
export function deliverRefusal(actorId: string, r: State): RequestRefusal | null {
  if (r.delivererId !== actorId) return 'notDeliverer';
  return closed(r) ?? (r.status === 'accepted' ? null : 'notAccepted');
}

/**
 * Only the assigned deliverer marks an accepted request picked up, once: from then on its requester
 * may confirm receipt.
 */
export function pickUpRefusal(actorId: string, r: State): RequestRefusal | null {
  return deliverRefusal(actorId, r) ?? (r.pickedUpAt === null ? null : 'alreadyPickedUp');
}

/**
 * Only the assigned deliverer says they are on the way (with about how many minutes), only on an
 * accepted request they already picked up; again, to update the estimate.
 */
export function onTheWayRefusal(actorId: string, r: State): RequestRefusal | null {
  return deliverRefusal(actorId, r) ?? (r.pickedUpAt === null ? 'notPickedUp' : null);
}

/**
 * Only the requester confirms receipt, and only of an accepted request its deliverer has acted on
 * (marked it picked up or typed the handover code): it completes the request as the deliverer's
 * completion would. Nothing the requester does alone makes someone their deliverer of record.
 */
export function confirmReceiptRefusal(actorId: string, r: State): RequestRefusal | null {
  if (r.requesterId !== actorId) return 'notRequester';
  const done = closed(r);
  if (done) return done;
  if (r.status !== 'accepted') return 'notAccepted';
  return r.pickedUpAt === null ? 'notPickedUp' : null;
}

/** Only the requester cancels, while the request is pending or accepted. */
export function cancelRefusal(actorId: string, r: State): RequestRefusal | null {
  if (r.requesterId !== actorId) return 'notRequester';
  return closed(r);
}

/** Only the assigned deliverer gives a delivery up, and only while it is accepted. */
export function cancelDeliveryRefusal(actorId: string, r: State): RequestRefusal | null {
  return deliverRefusal(actorId, r);
}

/**
 * Only the requester reposts, and only a request that expired while nobody had accepted it. A shared
 * run's request keeps the run's deadline: it is not reposted alone (its requester cancels it).
 */
export function repostRefusal(actorId: string, r: State, now: Date): RequestRefusal | null {
  if (r.requesterId !== actorId) return 'notRequester';
  const done = closed(r);
  if (done) return done;
  if (r.status !== 'pending') return 'taken';
  if (r.runId) return 'partOfRun';
  return isExpired(r, now) ? null : 'notExpired';
}

/**
 * Who may open a request: while it is open (pending or accepted), any signed-in user, since day
 * scholars choose what to accept; once completed or cancelled, only its requester and deliverer.
 */
export const canView = (viewerId: string, r: Pick<State, 'status' | 'requesterId' | 'delivererId'>) =>
  closed(r) === null || r.requesterId === viewerId || r.delivererId === viewerId;

/** The requester's phone and room: for the assigned deliverer of an accepted request only. */
export const canSeeContact = (viewerId: string, r: Pick<State, 'status' | 'delivererId'>) =>
  r.status === 'accepted' && r.delivererId === viewerId;

/** The handover code: for the requester of an accepted request only (never its deliverer). */
export const canSeeHandoverCode = (viewerId: string, r: Pick<State, 'status' | 'requesterId'>) =>
  r.status === 'accepted' && r.requesterId === viewerId;

/**
 * The other party for this viewer: the requester talks to their deliverer (none while pending);
 * anyone else, the deliverer included, talks to the requester.
 */
export function counterpartOf(
  viewerId: string,
  r: Pick<State, 'requesterId' | 'delivererId'>,
): 'requester' | 'deliverer' | null {
  if (r.requesterId !== viewerId) return 'requester';
  return r.delivererId && r.delivererId !== viewerId ? 'deliverer' : null;
}

/** The direction of the viewer's rating when they are a party (lib/rating-rule.ts). */
export const viewerRatingType = (
  viewerId: string,
  r: Pick<State, 'requesterId' | 'delivererId'>,
): RatingType | null => ratingTypeFor(viewerId, r);

/**
 * What the viewer may do now, for the client's buttons: each value is exactly "the matching call
 * would not be refused by a rule above". Two things are left to the call itself: the cap on active
 * deliveries (the refusal says how many the day scholar holds) and races with other users.
 * `hasRated`: the viewer already rated the other party of this request. `partiesBlocked`: its
 * requester or deliverer blocks the other, so neither rates the other.
 */
export function requestCan(
  viewer: Viewer,
  r: State,
  now: Date,
  hasRated: boolean,
  partiesBlocked = false,
): RequestCan {
  const dayScholar = viewer.role === 'dayscholar';
  const hosteller = viewer.role === 'hosteller';
  return {
    accept: dayScholar && acceptRefusal(viewer.id, r, now) === null,
    // Once the handover code is locked the deliverer's completion is refused (the service says why).
    complete: dayScholar && deliverRefusal(viewer.id, r) === null && !isHandoverLocked(r),
    cancel: hosteller && cancelRefusal(viewer.id, r) === null,
    cancelDelivery: dayScholar && cancelDeliveryRefusal(viewer.id, r) === null,
    pickUp: dayScholar && pickUpRefusal(viewer.id, r) === null,
    onTheWay: dayScholar && onTheWayRefusal(viewer.id, r) === null,
    rate: !hasRated && !partiesBlocked && rateRefusal(viewer.id, r) === null,
    // Anyone who may see the request talks to its requester; a closed one, only its parties do.
    chat: viewer.role !== null && canView(viewer.id, r) && counterpartOf(viewer.id, r) !== null,
    repost: hosteller && repostRefusal(viewer.id, r, now) === null,
    confirmReceipt: hosteller && confirmReceiptRefusal(viewer.id, r) === null,
    report: viewer.role !== null && r.requesterId !== viewer.id && canView(viewer.id, r),
  };
}
