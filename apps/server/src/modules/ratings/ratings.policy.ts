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

/** The two sides of a sale, as the rating rule needs them (lib/sale-rule.ts). */
export interface SaleParties {
  sellerId: string;
  /** The buyer who confirmed buying it, in a sale that is not void; null when none did. */
  buyerId: string | null;
  /** The buyer the seller named in a sale that waits for their confirmation, or null. */
  proposedBuyerId: string | null;
}

/**
 * The seller rates the buyer, the buyer the seller, once the buyer confirmed the sale: the seller
 * marking it sold alone makes nobody a buyer to review. To its two sides a sale that waits for the
 * buyer is `notConfirmed`; to anyone else it is no sale.
 */
export function saleSideOf(
  raterId: string,
  sale: SaleParties,
): { ratingType: SaleRatingType; userId: string } | 'notSold' | 'notConfirmed' | 'notParty' {
  if (sale.buyerId === null) {
    const side = raterId === sale.sellerId || raterId === sale.proposedBuyerId;
    return side && sale.proposedBuyerId !== null ? 'notConfirmed' : 'notSold';
  }
  if (raterId === sale.sellerId) return { ratingType: 'seller_to_buyer', userId: sale.buyerId };
  if (raterId === sale.buyerId) return { ratingType: 'buyer_to_seller', userId: sale.sellerId };
  return 'notParty';
}
