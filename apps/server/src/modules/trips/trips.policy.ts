import type { RequestStatus, Role, TripCan, TripReason, TripStatus } from '@campusrun/shared';

/**
 * Every rule about who may do what with a trip. Pure: no I/O. The service refuses with these (inside
 * the transaction that holds the trip's row), and the presenter turns them into each trip's `can`.
 * Whether a time has passed comes from the database (`cutoffPassed`, `expired`), so the rule and
 * the conditional UPDATE read one clock.
 */

/** A refusal: one of the trip reasons, or a trip or request that does not exist for the actor. */
export type TripRefusal = TripReason | 'tripNotFound' | 'requestNotFound';

export interface Viewer {
  id: string;
  role: Role | null;
}

/** What the rules need of a trip. */
export interface TripState {
  id: string;
  runnerId: string;
  status: TripStatus;
  cutoffPassed: boolean;
  arriveAt: Date;
  capacity: number;
  /** Its requests that are accepted or completed. */
  attached: number;
  /** Its runner is suspended: the trip is gone for everyone else. */
  runnerSuspended: boolean;
}

/** What the rules need of a request a hosteller adds to a trip or takes off it. */
export interface RequestState {
  requesterId: string;
  status: RequestStatus;
  delivererId: string | null;
  runId: string | null;
  tripId: string | null;
  deadline: Date;
  /** Its deadline has passed. */
  expired: boolean;
  /** Neither held nor removed by moderation. */
  visible: boolean;
  /** Its deliverer marked it picked up (or acted on it otherwise): it stays with them. */
  pickedUp: boolean;
}

/** As the trip's screens show it: open until the cutoff, then closed; or cancelled. */
export const displayStatus = (t: Pick<TripState, 'status' | 'cutoffPassed'>) =>
  t.status === 'cancelled' ? 'cancelled' : t.cutoffPassed ? 'closed' : 'open';

/** Open to new requests: not cancelled, the cutoff not passed. */
const isOpen = (t: Pick<TripState, 'status' | 'cutoffPassed'>) => displayStatus(t) === 'open';

const tripClosed = (t: TripState): TripRefusal | null =>
  t.status === 'cancelled' ? 'cancelled' : t.cutoffPassed ? 'cutoffPassed' : null;

/** A pending request nobody holds, in no run or trip, not expired, visible. */
const isAttachable = (r: RequestState) =>
  r.status === 'pending' &&
  r.delivererId === null &&
  r.runId === null &&
  r.tripId === null &&
  !r.expired &&
  r.visible;

/** Why `actorId` (a hosteller) may not add `request` to `trip` now, or null. */
export function attachRefusal(
  actorId: string,
  trip: TripState | undefined,
  request: RequestState | undefined,
  blocked: boolean,
): TripRefusal | null {
  if (!trip || trip.runnerSuspended) return 'tripNotFound';
  if (!request) return 'requestNotFound';
  if (request.requesterId !== actorId) return 'notYourRequest';
  if (blocked) return 'blocked';
  const closed = tripClosed(trip);
  if (closed) return closed;
  if (!isAttachable(request)) return 'requestNotPending';
  if (trip.attached >= trip.capacity) return 'full';
  if (request.deadline.getTime() < trip.arriveAt.getTime()) return 'deadlineBeforeArrival';
  return null;
}

/** Why `actorId` (a hosteller) may not take `request` off `trip` now, or null. */
export function detachRefusal(
  actorId: string,
  trip: TripState | undefined,
  request: RequestState | undefined,
): TripRefusal | null {
  if (!trip || trip.runnerSuspended) return 'tripNotFound';
  if (!request) return 'requestNotFound';
  if (request.requesterId !== actorId) return 'notYourRequest';
  if (request.tripId !== trip.id || request.status !== 'accepted') return 'notOnTrip';
  if (request.pickedUp) return 'pickedUp';
  return tripClosed(trip);
}

/** Why `actorId` may not cancel `trip`, or null. Allowed while its status is open, even after the cutoff. */
export function cancelRefusal(actorId: string, trip: TripState | undefined): TripRefusal | null {
  if (!trip) return 'tripNotFound';
  if (trip.runnerId !== actorId) return 'notRunner';
  if (trip.status === 'cancelled') return 'cancelled';
  return null;
}

/** Only the runner reads the stop list. */
export const stopsRefusal = (actorId: string, trip: TripState | undefined): TripRefusal | null =>
  !trip ? 'tripNotFound' : trip.runnerId !== actorId ? 'notRunner' : null;

/**
 * What `viewer` may do with `trip`; `viewerOnTrip` are the viewer's accepted requests on it that its
 * runner has not picked up yet (the ones `detachRefusal` lets them take off while it is open).
 */
export function tripCan(
  viewer: Viewer,
  trip: Omit<TripState, 'id' | 'runnerSuspended'>,
  viewerOnTrip: string[],
): TripCan {
  const hosteller = viewer.role === 'hosteller' && viewer.id !== trip.runnerId;
  const runner = viewer.id === trip.runnerId;
  const detachable = hosteller && isOpen(trip) ? viewerOnTrip : [];
  return {
    attach: hosteller && isOpen(trip) && trip.attached < trip.capacity,
    detach: detachable.length > 0,
    detachable,
    cancel: runner && trip.status === 'open',
    stops: runner,
  };
}
