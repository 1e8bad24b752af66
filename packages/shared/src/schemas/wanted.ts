import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants';
import { charactersNotAllowed } from '../messages/common';
import { WANTED_LIMITS, WANTED_MESSAGES } from '../messages/wanted';
import { paginationQuerySchema, userText } from './common';
import { userRefSchema } from './users';

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** POST /wanted: what the member looks for, its category and the most they would pay (rupees). */
export const createWantedSchema = z.object({
  title: userText('line', charactersNotAllowed('Title'), { error: WANTED_MESSAGES.titleRequired })
    .trim()
    .min(1, WANTED_MESSAGES.titleRequired)
    .max(WANTED_LIMITS.titleMax, WANTED_MESSAGES.titleTooLong),
  details: userText('text', charactersNotAllowed('Details'))
    .trim()
    .max(WANTED_LIMITS.detailsMax, WANTED_MESSAGES.detailsTooLong)
    .optional(),
  category: z.preprocess(
    lower,
    z.enum(PRODUCT_CATEGORIES, {
      error: (iss) =>
        iss.input === undefined ? WANTED_MESSAGES.categoryRequired : WANTED_MESSAGES.categoryInvalid,
    }),
  ),
  maxPrice: z
    .number({
      error: (iss) =>
        iss.input === undefined ? WANTED_MESSAGES.maxPriceRequired : WANTED_MESSAGES.maxPriceInvalid,
    })
    .int(WANTED_MESSAGES.maxPriceInvalid)
    .min(1, WANTED_MESSAGES.maxPriceInvalid)
    .max(WANTED_LIMITS.priceMax, WANTED_MESSAGES.maxPriceTooHigh),
});
export type CreateWantedBody = z.infer<typeof createWantedSchema>;

/** GET /wanted: open wanted posts, newest first; words, category, or one poster's. */
export const wantedListQuerySchema = paginationQuerySchema.extend({
  search: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    userText('line', charactersNotAllowed('Search'))
      .trim()
      .max(100, 'Search must be at most 100 characters')
      .optional(),
  ),
  category: z.preprocess(
    (v) => (lower(v) === 'all' || v === '' ? undefined : lower(v)),
    z.enum(PRODUCT_CATEGORIES, { error: 'Unknown category' }).optional(),
  ),
  posterId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.uuid({ error: 'Invalid member id' }).optional(),
  ),
});
export type WantedListQuery = z.infer<typeof wantedListQuerySchema>;

export const WANTED_STATUSES = ['open', 'closed'] as const;

export const wantedPostSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  details: z.string().nullable(),
  category: z.enum(PRODUCT_CATEGORIES),
  /** Rupees. */
  maxPrice: z.number(),
  status: z.enum(WANTED_STATUSES),
  /** Past `expiresAt` it leaves the lists (still open by its link, to be renewed by its poster). */
  expired: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The optional photo (re-encoded WebP): the picture and its small copy for lists and cards. */
  photo: z.object({ url: z.string(), thumbnail: z.string() }).nullable(),
  poster: userRefSchema,
  can: z.object({
    /** "I have one": another member, while it is open, not across a block. */
    answer: z.boolean(),
    /** Renew, close, delete: its poster. */
    manage: z.boolean(),
  }),
});
export type WantedPost = z.infer<typeof wantedPostSchema>;

export const wantedListResponseSchema = z.object({
  posts: z.array(wantedPostSchema),
  nextCursor: z.string().nullable(),
});
export type WantedListResponse = z.infer<typeof wantedListResponseSchema>;
export const wantedResponseSchema = z.object({ post: wantedPostSchema });
export const wantedChangeResponseSchema = z.object({ post: wantedPostSchema, message: z.string() });

/** POST /wanted/{id}/answer: "I have one", with a note and, optionally, one of the answerer's listings. */
export const answerWantedSchema = z.object({
  content: userText('text', charactersNotAllowed('Message'))
    .trim()
    .max(1000, WANTED_MESSAGES.answerTooLong)
    .optional(),
  productId: z.uuid({ error: WANTED_MESSAGES.productNotYours }).optional(),
});
export type AnswerWantedBody = z.infer<typeof answerWantedSchema>;
/** The chat the answer opened: with whom (the poster). */
export const answerWantedResponseSchema = z.object({ receiverId: z.uuid(), message: z.string() });
