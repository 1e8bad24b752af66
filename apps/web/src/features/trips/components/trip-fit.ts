import type { DeliveryRequest, Role, Trip } from '@campusrun/shared';
import { pageNow } from '@/lib/page-clock';

/** A request that may ride on this trip: pending, in no trip or run, due no earlier than it arrives. */
export const fitsTrip = (request: DeliveryRequest, trip: Trip) =>
  request.status === 'pending' &&
  !request.isExpired &&
  request.tripId === null &&
  request.runId === null &&
  Date.parse(request.deadline) >= Date.parse(trip.arriveAt);

/**
 * The open trips a hosteller may add a request due at `deadline` to (any deadline when not known),
 * soonest first: the server says whether they may add to it (`can.attach`), the clock whether its
 * cutoff is still ahead.
 */
export const tripsFor = (trips: Trip[], deadline: number | null, now = pageNow()) =>
  trips.filter(
    (trip) =>
      trip.can.attach &&
      trip.status === 'open' &&
      Date.parse(trip.cutoffAt) > now &&
      (deadline === null || deadline >= Date.parse(trip.arriveAt)),
  );

/** "Ravi" of "Ravi Kumar": how a trip's runner is named in a sentence. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** A hosteller's own pending request that rides on no trip or run yet: an open trip may still take it. */
export const mayRideATrip = (request: DeliveryRequest, viewer: { id: string; role: Role | null } | null) =>
  viewer?.role === 'hosteller' &&
  request.requesterId === viewer.id &&
  request.status === 'pending' &&
  !request.isExpired &&
  request.tripId === null &&
  request.runId === null;
