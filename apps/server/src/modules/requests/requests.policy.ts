import type { RequestState } from './requests.repo';

/** Why an actor may not move a request on; null when they may. Pure: no I/O. */
export type RequestRefusal =
  | 'ownRequest'
  | 'notRequester'
  | 'notDeliverer'
  | 'alreadyYours'
  | 'taken'
  | 'expired'
  | 'completed'
  | 'cancelled'
  | 'notAccepted'
  | 'tooManyActive';

type State = Pick<RequestState, 'status' | 'requesterId' | 'delivererId' | 'deadline'>;

const closed = (r: Pick<State, 'status'>): RequestRefusal | null =>
  r.status === 'completed' ? 'completed' : r.status === 'cancelled' ? 'cancelled' : null;

/** A day scholar's deliveries in progress (accepted, not completed or cancelled) and how many they may hold. */
export interface DeliveryLoad {
  active: number;
  max: number;
}

/**
 * A day scholar accepts a pending request that is not theirs and not past its deadline, while
 * holding fewer active deliveries than the limit (one person cannot hoard every open request).
 */
export function acceptRefusal(
  actorId: string,
  r: State,
  now: Date,
  load: DeliveryLoad,
): RequestRefusal | null {
  if (r.requesterId === actorId) return 'ownRequest';
  const done = closed(r);
  if (done) return done;
  if (r.status !== 'pending' || r.delivererId) return r.delivererId === actorId ? 'alreadyYours' : 'taken';
  if (r.deadline.getTime() <= now.getTime()) return 'expired';
  if (load.active >= load.max) return 'tooManyActive';
  return null;
}

/** Only the assigned deliverer completes, and only an accepted request. */
export function deliverRefusal(actorId: string, r: State): RequestRefusal | null {
  if (r.delivererId !== actorId) return 'notDeliverer';
  return closed(r) ?? (r.status === 'accepted' ? null : 'notAccepted');
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
 * Who may open a request: while it is open (pending or accepted), any signed-in user, since day
 * scholars choose what to accept; once completed or cancelled, only its requester and deliverer.
 */
export const canView = (viewerId: string, r: Pick<State, 'status' | 'requesterId' | 'delivererId'>) =>
  closed(r) === null || r.requesterId === viewerId || r.delivererId === viewerId;

/** The requester's phone and room: for the assigned deliverer of an accepted request only. */
export const canSeeContact = (viewerId: string, r: Pick<State, 'status' | 'delivererId'>) =>
  r.status === 'accepted' && r.delivererId === viewerId;
