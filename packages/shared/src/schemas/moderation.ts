import { z } from 'zod';
import {
  LISTING_MODERATION,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../constants';
import { userText } from './common';
import { charactersNotAllowed } from '../messages/common';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '../messages/moderation';

const reason = userText('text', charactersNotAllowed('Reason'), { error: MODERATION_MESSAGES.reasonRequired })
  .trim()
  .min(1, MODERATION_MESSAGES.reasonRequired)
  .max(MODERATION_LIMITS.reasonMax, MODERATION_MESSAGES.reasonTooLong);

/** PUT /moderation/reports/{id}. */
export const moderateReportSchema = z.object({
  action: z.enum(['dismiss', 'remove', 'suspend'], { error: MODERATION_MESSAGES.actionInvalid }),
  reason,
  days: z
    .number({ error: MODERATION_MESSAGES.daysInvalid })
    .int(MODERATION_MESSAGES.daysInvalid)
    .min(1, MODERATION_MESSAGES.daysInvalid)
    .max(MODERATION_LIMITS.daysMax, MODERATION_MESSAGES.daysInvalid)
    .optional(),
});
export type ModerateReportBody = z.infer<typeof moderateReportSchema>;

/** PUT /moderation/users/{id}/unsuspend. */
export const unsuspendSchema = z.object({ reason });

export const moderationListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'status must be open or closed' }).default('open'),
  cursor: userText('line', 'Invalid cursor').max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** What a moderator sees of the reported thing. */
export const reportTargetSchema = z.object({
  type: z.enum(REPORT_TARGET_TYPES),
  id: z.uuid(),
  owner: z.object({ id: z.uuid(), name: z.string(), suspended: z.boolean() }),
  /** A product's or request's name, a post's title, a user's name; null for a message or a claim. */
  title: z.string().nullable(),
  /** Description, request details, the message's text, a claim's answer. */
  text: z.string().nullable(),
  /** Rupees: a product's price or a request's fee. */
  price: z.number().nullable(),
  photos: z.array(z.string()),
  /** A message's neighbours in its conversation, oldest first. */
  context: z.array(z.object({ fromOwner: z.boolean(), content: z.string(), sentAt: z.string() })),
  moderation: z.enum(LISTING_MODERATION).nullable(),
  /**
   * A lost and found claim's post: its title and the finder's question (never the answer the finder
   * expects). Null for any other target.
   */
  post: z.object({ id: z.uuid(), title: z.string(), question: z.string().nullable() }).nullable(),
});

export const moderationReportSchema = z.object({
  id: z.uuid(),
  reporter: z.object({ id: z.uuid(), name: z.string() }),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.enum(MODERATION_ACTIONS).nullable(),
  createdAt: z.string(),
  target: reportTargetSchema,
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;
export const moderationReportsResponseSchema = z.object({
  reports: z.array(moderationReportSchema),
  nextCursor: z.string().nullable(),
});

export const moderationActionSchema = z.object({
  id: z.uuid(),
  moderator: z.object({ id: z.uuid(), name: z.string() }),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  reason: z.string(),
  days: z.number().nullable(),
  createdAt: z.string(),
});
export type ModerationActionEntry = z.infer<typeof moderationActionSchema>;
export const moderationActionsResponseSchema = z.object({
  actions: z.array(moderationActionSchema),
  nextCursor: z.string().nullable(),
});
export const moderationDoneSchema = z.object({ message: z.string() });
