import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportReason } from '../constants';
import { charactersNotAllowed, userText } from './common';

export const REPORT_LIMITS = { detailsMax: 1000 } as const;

export const REPORT_MESSAGES = {
  targetTypeInvalid: `targetType must be one of ${REPORT_TARGET_TYPES.join(', ')}`,
  targetIdInvalid: 'targetId must be the id of what you report',
  reasonRequired: 'Please choose a reason',
  detailsTooLong: `Details must be at most ${REPORT_LIMITS.detailsMax} characters`,
  own: 'You cannot report yourself or something of your own',
  notFound: 'There is nothing to report there',
  tooMany: 'Too many reports. Please try again in {seconds} seconds.',
  sent: 'Thanks for your report. A moderator will look at it.',
} as const;

/** How each reason reads in the report dialog. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam',
  prohibited_item: 'Prohibited item',
  inappropriate: 'Inappropriate',
  harassment: 'Harassment',
  other: 'Other',
};

/** Open reports from this many different users hide a product or request until a moderator decides. */
export const REPORTS_TO_HOLD = 3;

/** POST /reports. */
export const createReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: REPORT_MESSAGES.targetTypeInvalid }),
  targetId: z.uuid({ error: REPORT_MESSAGES.targetIdInvalid }),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  details: z.preprocess(
    (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
    userText('text', charactersNotAllowed('Details'))
      .trim()
      .max(REPORT_LIMITS.detailsMax, REPORT_MESSAGES.detailsTooLong)
      .optional(),
  ),
});
export type CreateReportBody = z.infer<typeof createReportSchema>;

/** A report as its reporter sees it. */
export const reportSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponseSchema = z.object({ report: reportSchema });
