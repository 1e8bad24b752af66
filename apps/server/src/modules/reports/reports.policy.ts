import { REPORTS_TO_HOLD, type ReportTargetType } from '@campusrun/shared';

/**
 * Who may report what, and how many reports hold it. Pure. Nobody reports themselves or something of
 * their own (a product, request, post, claim or message); what only some members see is reported by
 * them alone: a completed or cancelled request by its parties, a lost and found claim by the finder
 * of its post.
 */
export type ReportRefusal = 'own' | 'notVisible';

export function reportRefusal(
  reporterId: string,
  target: { ownerId: string; seenOnlyBy?: (string | null)[] },
): ReportRefusal | null {
  if (target.ownerId === reporterId) return 'own';
  if (target.seenOnlyBy && !target.seenOnlyBy.includes(reporterId)) return 'notVisible';
  return null;
}

/**
 * How many different established members' open reports hold a listing until a moderator decides
 * (see `holdIfReported`): REPORTS_TO_HOLD, but one for a lost and found claim, which the finder of its
 * post alone sees and may report (holding it takes it out of their own list only).
 */
export const reportsToHold = (type: ReportTargetType) => (type === 'lost_found_claim' ? 1 : REPORTS_TO_HOLD);
