import type { RatingType, RequestStatus } from '@campusrun/shared';

/**
 * Who rates whom after a delivery. Shared by the ratings feature (which stores ratings) and the
 * requests feature (which tells a viewer whether they may rate): one rule, one home. Pure: no I/O.
 */
export interface RatingParties {
  status: RequestStatus;
  requesterId: string;
  delivererId: string | null;
  /** When its deliverer acted on it (picked it up, typed the handover code, completed it), or null. */
  pickedUpAt: Date | string | null;
}

export type RateRefusal = 'notParty' | 'notCompleted' | 'notDelivered';

/** The rating direction for the rater's side of the request, or null when they are not a party. */
export function ratingTypeFor(
  raterId: string,
  r: Pick<RatingParties, 'requesterId' | 'delivererId'>,
): RatingType | null {
  if (r.requesterId === raterId) return 'hosteller_to_dayscholar';
  if (r.delivererId !== null && r.delivererId === raterId) return 'dayscholar_to_hosteller';
  return null;
}

/** The id of the party `type` rates: the deliverer for a hosteller's rating, else the requester. */
export const ratedPartyOf = (type: RatingType, r: Pick<RatingParties, 'requesterId' | 'delivererId'>) =>
  type === 'hosteller_to_dayscholar' ? r.delivererId : r.requesterId;

/**
 * Only the two parties of a completed request rate, each the other party, and only a request its
 * deliverer acted on: one completed without them (nothing they picked up or handed over) is no
 * delivery of theirs to rate. The once-per-direction rule is the database's unique index; a caller
 * that knows the rater has rated says so.
 */
export function rateRefusal(raterId: string, r: RatingParties): RateRefusal | null {
  if (!ratingTypeFor(raterId, r)) return 'notParty';
  if (r.status !== 'completed') return 'notCompleted';
  return r.pickedUpAt === null ? 'notDelivered' : null;
}
