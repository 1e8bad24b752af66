import type { RatingType, SaleRatingType } from '@campusrun/shared';
import { rateRefusal, ratedPartyOf, ratingTypeFor, type RatingParties } from '../../lib/rating-rule';

export type RatingRefusal = 'notParty' | 'notCompleted' | 'notDelivered' | 'wrongType' | 'wrongUser';

/**
 * Only the two parties of a completed request its deliverer acted on rate (lib/rating-rule.ts), each
 * the other party, in their own direction. Pure: the once-per-direction rule is the database's unique index.
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

/** The two sides of a sale, as the rating rule needs them. */
export interface SaleParties {
  status: 'available' | 'reserved' | 'sold';
  sellerId: string;
  buyerId: string | null;
  /** The buyer wrote to the seller about the product or made an offer on it. */
  buyerEngaged: boolean;
}

/**
 * The seller rates the buyer, the buyer the seller, once the seller has marked it sold to them; a
 * sale to someone who never wrote about the product nor offered on it is no sale to review.
 */
export function saleSideOf(
  raterId: string,
  sale: SaleParties,
): { ratingType: SaleRatingType; userId: string } | 'notSold' | 'notParty' {
  if (sale.status !== 'sold' || sale.buyerId === null || !sale.buyerEngaged) return 'notSold';
  if (raterId === sale.sellerId) return { ratingType: 'seller_to_buyer', userId: sale.buyerId };
  if (raterId === sale.buyerId) return { ratingType: 'buyer_to_seller', userId: sale.sellerId };
  return 'notParty';
}
