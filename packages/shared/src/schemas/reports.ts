import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from '../constants';
import { userText } from './common';
import { charactersNotAllowed } from '../messages/common';
import { REPORT_LIMITS, REPORT_MESSAGES } from '../messages/reports';

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
