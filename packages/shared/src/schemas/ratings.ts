import { z } from 'zod';
import { ALL_RATING_TYPES, RATING_TYPES, SALE_RATING_TYPES } from '../constants';
import { userText } from './common';
import { charactersNotAllowed } from '../messages/common';
import { RATING_LIMITS, RATING_MESSAGES } from '../messages/ratings';

const ratingValue = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: RATING_MESSAGES.ratingRequired })
    .int(RATING_MESSAGES.ratingRequired)
    .min(1, RATING_MESSAGES.ratingRequired)
    .max(5, RATING_MESSAGES.ratingRequired),
);

const ratingComment = userText('text', charactersNotAllowed('Comment'))
  .trim()
  .max(RATING_LIMITS.commentMax, RATING_MESSAGES.commentTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /ratings: the rater rates the other party of a completed request (`requestId`, `userId`, a
 * request rating type), or of a sale the seller closed with them (`productId`, a sale rating type;
 * the rated user follows from the sale).
 */
export const createRatingSchema = z
  .object({
    rating: ratingValue,
    comment: ratingComment,
    userId: z.uuid({ error: 'Invalid user id' }).optional(),
    requestId: z.uuid({ error: 'Invalid request id' }).optional(),
    productId: z.uuid({ error: 'Invalid product id' }).optional(),
    ratingType: z.enum(ALL_RATING_TYPES, { error: RATING_MESSAGES.ratingTypeInvalid }),
  })
  .superRefine((body, ctx) => {
    if (body.productId !== undefined) {
      if (body.requestId !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['requestId'],
          message: 'Give a requestId or a productId, not both',
        });
      if (!(SALE_RATING_TYPES as readonly string[]).includes(body.ratingType))
        ctx.addIssue({
          code: 'custom',
          path: ['ratingType'],
          message: RATING_MESSAGES.saleRatingTypeInvalid,
        });
      return;
    }
    if (body.requestId === undefined)
      ctx.addIssue({ code: 'custom', path: ['requestId'], message: 'Invalid request id' });
    if (body.userId === undefined)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Invalid user id' });
    if (!(RATING_TYPES as readonly string[]).includes(body.ratingType))
      ctx.addIssue({ code: 'custom', path: ['ratingType'], message: RATING_MESSAGES.ratingTypeInvalid });
  });
export type CreateRatingBody = z.infer<typeof createRatingSchema>;
/** What a client may send to POST /ratings (the comment may be left out). */
export type CreateRatingInput = z.input<typeof createRatingSchema>;

/** The rating dialog's own fields. */
export const ratingFormSchema = z.object({
  rating: ratingValue,
  comment: userText('text', charactersNotAllowed('Comment'))
    .trim()
    .max(RATING_LIMITS.commentMax, RATING_MESSAGES.commentTooLong)
    .optional(),
});

export const ratingSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid().nullable(),
  productId: z.uuid().nullable(),
  raterId: z.uuid(),
  userId: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  ratingType: z.enum(ALL_RATING_TYPES),
  createdAt: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;
export const createRatingResponseSchema = z.object({ message: z.string(), rating: ratingSchema });

/** GET /ratings/user/{userId}: average rounded to 1 decimal (0 when count is 0). */
export const ratingSummarySchema = z.object({ average: z.number(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
export const ratingSummaryResponseSchema = z.object({ rating: ratingSummarySchema });
