import type { RatingType, RequestStatus } from '@campusrun/shared';

export type RatingRefusal = 'notParty' | 'notCompleted' | 'wrongType' | 'wrongUser';

interface Parties {
  status: RequestStatus;
  requesterId: string;
  delivererId: string | null;
}

/** The rating direction for the rater's side of the request, or null when they are not a party. */
export function ratingTypeFor(raterId: string, r: Parties): RatingType | null {
  if (r.requesterId === raterId) return 'hosteller_to_dayscholar';
  if (r.delivererId !== null && r.delivererId === raterId) return 'dayscholar_to_hosteller';
  return null;
}

/**
 * Only the two parties of a completed request rate, each the other party, in their own direction.
 * Pure: the once-per-direction rule is the database's unique index.
 */
export function ratingRefusal(
  raterId: string,
  r: Parties,
  body: { userId: string; ratingType: RatingType },
): RatingRefusal | null {
  const type = ratingTypeFor(raterId, r);
  if (!type) return 'notParty';
  if (r.status !== 'completed') return 'notCompleted';
  if (body.ratingType !== type) return 'wrongType';
  const other = type === 'hosteller_to_dayscholar' ? r.delivererId : r.requesterId;
  if (body.userId !== other) return 'wrongUser';
  return null;
}
