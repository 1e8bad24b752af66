import type { RatingType } from '@campusrun/shared';
import { rateRefusal, ratedPartyOf, ratingTypeFor, type RatingParties } from '../../lib/rating-rule';

export type RatingRefusal = 'notParty' | 'notCompleted' | 'wrongType' | 'wrongUser';

/**
 * Only the two parties of a completed request rate (lib/rating-rule.ts), each the other party, in
 * their own direction. Pure: the once-per-direction rule is the database's unique index.
 */
export function ratingRefusal(
  raterId: string,
  r: RatingParties,
  body: { userId: string; ratingType: RatingType },
): RatingRefusal | null {
  const refused = rateRefusal(raterId, r);
  if (refused) return refused;
  const type = ratingTypeFor(raterId, r)!;
  if (body.ratingType !== type) return 'wrongType';
  if (body.userId !== ratedPartyOf(type, r)) return 'wrongUser';
  return null;
}
