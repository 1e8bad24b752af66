import { z } from 'zod';
import { COMMON_MESSAGES } from '../errors';
import {
  LISTING_MODERATION,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../constants';
import { charactersNotAllowed, userText } from './common';

export const MODERATION_LIMITS = { reasonMax: 500, daysMax: 365 } as const;

export const MODERATION_MESSAGES = {
  reasonRequired: 'Please give a reason',
  reasonTooLong: `Reason must be at most ${MODERATION_LIMITS.reasonMax} characters`,
  daysInvalid: `Days must be a whole number from 1 to ${MODERATION_LIMITS.daysMax}`,
  actionInvalid: 'Choose dismiss, remove or suspend',
  reportNotFound: 'Report not found',
  userNotFound: COMMON_MESSAGES.userNotFound,
  closed: 'This report is already closed',
  own: 'You cannot act on a report about yourself or your own content',
  removeUser: 'A user cannot be removed; suspend them instead',
  notSuspended: 'This account is not suspended',
  onlyModerators: 'Only moderators can do that',
  done: {
    dismiss: 'Report dismissed',
    remove: 'Removed',
    suspend: 'Account suspended',
    unsuspend: 'Suspension lifted',
  },
} as const;

/** Login's refusal of a suspended account (`until` null: until a moderator lifts it). */
export function suspendedMessage(until: Date | null): string {
  if (!until) return 'Your account is suspended until further notice.';
  const date = until.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Your account is suspended until ${date}.`;
}

/** The owner's notification when a moderator removes their listing or message. */
export const removedNotice = (what: string, reason: string) =>
  `Your ${what} was removed by a moderator: ${reason}`;

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
  /** A product's or request's name, a user's name; null for a message. */
  title: z.string().nullable(),
  /** Description, request details, the message's text. */
  text: z.string().nullable(),
  /** Rupees: a product's price or a request's fee. */
  price: z.number().nullable(),
  photos: z.array(z.string()),
  /** A message's neighbours in its conversation, oldest first. */
  context: z.array(z.object({ fromOwner: z.boolean(), content: z.string(), sentAt: z.string() })),
  moderation: z.enum(LISTING_MODERATION).nullable(),
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
