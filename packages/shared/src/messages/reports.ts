import { REPORT_TARGET_TYPES, type ReportReason, type ReportTargetType } from '../constants';

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

/** What the moderators are told when something gets its first open report. */
export const REPORT_NOTICES = {
  toReview: (type: ReportTargetType, label: string, reason: ReportReason) =>
    `New report to review: ${REPORT_TARGET_WORDS[type](label)} (${REPORT_REASON_LABELS[reason]})`,
} as const;

/** How a reported thing is named in a notice. */
const REPORT_TARGET_WORDS: Record<ReportTargetType, (label: string) => string> = {
  user: (name) => `the member ${name}`,
  product: (name) => `the product "${name}"`,
  request: (item) => `the request for ${item}`,
  message: (sender) => `a message from ${sender}`,
  lost_found_post: (title) => `the lost and found post "${title}"`,
  lost_found_claim: (title) => `a claim on the lost and found post "${title}"`,
};

/** How each reason reads in the report dialog. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam',
  prohibited_item: 'Prohibited item',
  inappropriate: 'Inappropriate',
  harassment: 'Harassment',
  other: 'Other',
};

/**
 * Open reports from this many different established users hide a product, request, lost and found post
 * or claim until a moderator decides.
 */
export const REPORTS_TO_HOLD = 3;
