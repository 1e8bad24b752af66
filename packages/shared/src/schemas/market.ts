import { z } from 'zod';
import { reliabilitySchema } from './settlements';
import { ALL_RATING_TYPES, OFFER_STATUSES, ROLES, SALE_RATING_TYPES } from '../constants';
import { userText } from './common';
import { followStateSchema } from './follows';
import { productSchema } from './products';
import { userRefSchema } from './users';
import { OFFER_MESSAGES } from '../messages/market';

/** POST /products/{id}/offers: whole rupees (the 10× cap is checked against the price on the server). */
export const createOfferSchema = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: OFFER_MESSAGES.amountRequired })
      .int(OFFER_MESSAGES.amountInvalid)
      .min(1, OFFER_MESSAGES.amountMin)
      .max(100_000_000, OFFER_MESSAGES.amountMax),
  ),
});
export type CreateOfferBody = z.infer<typeof createOfferSchema>;

export const offerSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  buyer: userRefSchema,
  /** Rupees. */
  amount: z.number(),
  status: z.enum(OFFER_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResponseSchema = z.object({ offer: offerSchema, message: z.string() });
export const offerListResponseSchema = z.object({ offers: z.array(offerSchema) });

/** PUT /products/{id}/sold: the buyer, or none ("someone else"). */
export const markSoldSchema = z.object({ buyerId: z.uuid({ error: 'Invalid buyer' }).nullish() });
export type MarkSoldBody = z.infer<typeof markSoldSchema>;

/**
 * GET /products/{id}/buyers: whom the seller may name as the buyer, and the one among them whose
 * offer the seller accepted (null when none is), for the dialog to choose first, with its amount.
 */
export const buyerCandidatesResponseSchema = z.object({
  buyers: z.array(userRefSchema),
  acceptedBuyerId: z.uuid().nullable(),
  /** Rupees: that buyer's accepted offer, what they will owe (anyone else owes the listing price). */
  acceptedAmount: z.number().nullable(),
});
export type BuyerCandidates = z.infer<typeof buyerCandidatesResponseSchema>;

export const savedListQuerySchema = z.object({
  cursor: userText('line', 'Invalid cursor').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const savedListResponseSchema = z.object({
  products: z.array(productSchema),
  nextCursor: z.string().nullable(),
});
export const saveResponseSchema = z.object({ isSaved: z.boolean(), message: z.string() });

/** A review as shown on a profile or a sale. */
export const reviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  ratingType: z.enum(ALL_RATING_TYPES),
  rater: userRefSchema,
  userId: z.uuid(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /products/{id}/reviews: the sale's reviews, and the viewer's side if they may still review. */
export const saleReviewsResponseSchema = z.object({
  /** Shown to the seller and the buyer only. */
  buyer: userRefSchema.nullable(),
  reviews: z.array(reviewSchema),
  canReview: z.object({ ratingType: z.enum(SALE_RATING_TYPES), user: userRefSchema }).nullable(),
});
export type SaleReviews = z.infer<typeof saleReviewsResponseSchema>;

const summary = z.object({ average: z.number(), count: z.number().int() });

/** GET /users/{id}/profile: never the e-mail, phone or room. */
export const publicProfileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  memberSince: z.string(),
  ratings: z.object({ asDeliverer: summary, asRequester: summary, asSeller: summary, asBuyer: summary }),
  reviews: z.array(reviewSchema),
  stats: z.object({
    deliveriesCompleted: z.number().int(),
    requestsCompleted: z.number().int(),
    itemsSold: z.number().int(),
    /** Deliveries given up ÷ deliveries accepted (completed + given up); null before the first. */
    deliveryCancellationRate: z.number().nullable(),
  }),
  reliability: reliabilitySchema,
  listings: z.array(productSchema),
  /** Whether the viewer follows them, how many do, and whether the viewer may follow them. */
  ...followStateSchema.shape,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export const publicProfileResponseSchema = z.object({ profile: publicProfileSchema });
