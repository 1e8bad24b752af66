import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants';
import { charactersNotAllowed } from '../messages/common';
import {
  LOST_FOUND_CLAIM_STATUSES,
  LOST_FOUND_KINDS,
  LOST_FOUND_LIMITS,
  LOST_FOUND_MESSAGES as M,
  LOST_FOUND_STATES,
} from '../messages/lost-found';
import { paginationQuerySchema, userText } from './common';
import { blank, ISO_DATETIME, ISO_DATETIME_DOC } from './requests';
import { reliabilitySchema } from './settlements';
import { userRefSchema } from './users';

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

const line = (what: string, max: number, required: string, tooLong: string) =>
  userText('line', charactersNotAllowed(what), { error: required }).trim().min(1, required).max(max, tooLong);

const category = z.preprocess(
  lower,
  z.enum(PRODUCT_CATEGORIES, {
    error: (iss) => (iss.input === undefined ? M.categoryRequired : M.categoryInvalid),
  }),
);

/** When it was lost or found: an ISO 8601 date-time, not in the future, within the last year. */
const whenField = z
  .preprocess(
    blank,
    z
      .string({ error: (iss) => (iss.input === undefined ? M.whenRequired : M.whenInvalid) })
      .refine((s) => ISO_DATETIME.test(s) && !Number.isNaN(Date.parse(s)), {
        message: M.whenInvalid,
        abort: true,
      })
      .transform((s) => new Date(s))
      // A minute of grace for a phone's clock a little ahead.
      .refine((d) => d.getTime() <= Date.now() + 60_000, { message: M.whenInFuture, abort: true })
      .refine((d) => d.getTime() >= Date.now() - LOST_FOUND_LIMITS.whenMaxDays * 86_400_000, {
        message: M.whenTooOld,
      }),
  )
  .meta(ISO_DATETIME_DOC);

const fields = {
  title: line('Title', LOST_FOUND_LIMITS.titleMax, M.titleRequired, M.titleTooLong),
  category,
  place: line('Place', LOST_FOUND_LIMITS.placeMax, M.placeRequired, M.placeTooLong),
  when: whenField,
  details: userText('text', charactersNotAllowed('Details'))
    .trim()
    .max(LOST_FOUND_LIMITS.detailsMax, M.detailsTooLong)
    .optional(),
  /** Found posts: what only the owner can answer (shown to members)… */
  question: z.preprocess(
    blank,
    line('Question', LOST_FOUND_LIMITS.questionMax, M.questionRequired, M.questionTooLong).optional(),
  ),
  /** …and the answer the finder expects (never shown to anyone but the finder). */
  answer: z.preprocess(
    blank,
    line('Answer', LOST_FOUND_LIMITS.answerMax, M.answerRequired, M.answerTooLong).optional(),
  ),
};

/**
 * POST /lost-found: a lost or found thing. A found post must hold back one identifying detail: a
 * `question` only the owner can answer and the `answer` the finder expects; a lost post has neither.
 */
export const createLostFoundSchema = z
  .object({
    kind: z.preprocess(
      lower,
      z.enum(LOST_FOUND_KINDS, {
        error: (iss) => (iss.input === undefined ? M.kindRequired : M.kindInvalid),
      }),
    ),
    ...fields,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'found') {
      if (v.question === undefined)
        ctx.addIssue({ code: 'custom', path: ['question'], message: M.questionRequired });
      if (v.answer === undefined)
        ctx.addIssue({ code: 'custom', path: ['answer'], message: M.answerRequired });
    } else if (v.question !== undefined || v.answer !== undefined)
      ctx.addIssue({ code: 'custom', path: ['question'], message: M.questionOnlyFound });
  });
export type CreateLostFoundBody = z.infer<typeof createLostFoundSchema>;

/** PATCH /lost-found/{id}: the fields given change (the kind does not). */
export const editLostFoundSchema = z.object({
  title: fields.title.optional(),
  category: category.optional(),
  place: fields.place.optional(),
  when: whenField.optional(),
  details: fields.details,
  question: fields.question,
  answer: fields.answer,
});
export type EditLostFoundBody = z.infer<typeof editLostFoundSchema>;

/** GET /lost-found: open posts, newest first; lost or found, words, category. */
export const lostFoundListQuerySchema = paginationQuerySchema.extend({
  kind: z.preprocess(
    (v) => (v === '' || lower(v) === 'all' ? undefined : lower(v)),
    z.enum(LOST_FOUND_KINDS, { error: M.kindInvalid }).optional(),
  ),
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    userText('line', charactersNotAllowed('Search')).trim().max(100, M.searchTooLong).optional(),
  ),
  category: z.preprocess(
    (v) => (lower(v) === 'all' || v === '' ? undefined : lower(v)),
    z.enum(PRODUCT_CATEGORIES, { error: M.categoryInvalid }).optional(),
  ),
});
export type LostFoundListQuery = z.infer<typeof lostFoundListQuerySchema>;

/** GET /lost-found/places?q=: places named in earlier posts, most used first. */
export const lostFoundPlacesQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    userText('line', charactersNotAllowed('Place'))
      .trim()
      .max(LOST_FOUND_LIMITS.placeMax, M.placeTooLong)
      .optional(),
  ),
});
export const lostFoundPlacesResponseSchema = z.object({ places: z.array(z.string()) });

export const lostFoundPostSchema = z.object({
  id: z.uuid(),
  kind: z.enum(LOST_FOUND_KINDS),
  title: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  place: z.string(),
  /** When it was lost or found. */
  when: z.string(),
  details: z.string().nullable(),
  /** A found post's question for its owner (null on a lost post). */
  question: z.string().nullable(),
  /** The answer the finder expects: only in the finder's own view of their found post. */
  answer: z.string().optional(),
  /** open, resolved ("Returned to its owner") or expired (out of the lists, its poster may renew). */
  state: z.enum(LOST_FOUND_STATES),
  expiresAt: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  photos: z.array(z.object({ url: z.string(), thumbnail: z.string() })),
  poster: userRefSchema,
  /** The viewer's own claim on it, if any. */
  myClaim: z.object({ id: z.uuid(), status: z.enum(LOST_FOUND_CLAIM_STATUSES) }).nullable(),
  /** Open claims waiting for the finder: only in the finder's view. */
  openClaims: z.number().int().optional(),
  can: z.object({
    /** "That's mine": another member, on an open found post, not claimed before. */
    claim: z.boolean(),
    /** Edit, renew, resolve, delete, see the claims: its poster. */
    manage: z.boolean(),
  }),
});
export type LostFoundPost = z.infer<typeof lostFoundPostSchema>;

export const lostFoundListResponseSchema = z.object({
  posts: z.array(lostFoundPostSchema),
  nextCursor: z.string().nullable(),
});
export const lostFoundResponseSchema = z.object({ post: lostFoundPostSchema });
export const lostFoundChangeResponseSchema = z.object({ post: lostFoundPostSchema, message: z.string() });

/** POST /lost-found/{id}/claims: "That's mine", with the claimant's answer to the finder's question. */
export const claimLostFoundSchema = z.object({
  answer: line('Answer', LOST_FOUND_LIMITS.answerMax, M.claimAnswerRequired, M.answerTooLong),
});
export type ClaimLostFoundBody = z.infer<typeof claimLostFoundSchema>;

/** A claim as its finder sees it: the claimant's answer, who they are and their reliability record. */
export const lostFoundClaimSchema = z.object({
  id: z.uuid(),
  status: z.enum(LOST_FOUND_CLAIM_STATUSES),
  answer: z.string(),
  createdAt: z.string(),
  claimant: userRefSchema,
  reliability: reliabilitySchema,
});
export type LostFoundClaim = z.infer<typeof lostFoundClaimSchema>;
export const lostFoundClaimsResponseSchema = z.object({ claims: z.array(lostFoundClaimSchema) });
export const lostFoundClaimResponseSchema = z.object({
  claim: z.object({ id: z.uuid(), status: z.enum(LOST_FOUND_CLAIM_STATUSES) }),
  message: z.string(),
});
/** Accepting a claim: the post (resolved) and whom the chat is with. */
export const acceptLostFoundClaimResponseSchema = z.object({
  post: lostFoundPostSchema,
  receiverId: z.uuid(),
  message: z.string(),
});
