import type { ReportTargetType } from '../constants';
import { COMMON_MESSAGES } from '../errors';

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

/** How a removed thing is named to its owner: a listing by its name, a claim by its post's title. */
const REMOVED_WORDS: Record<Exclude<ReportTargetType, 'user'>, (name: string) => string> = {
  product: (name) => `product "${name}"`,
  request: (name) => `request "${name}"`,
  message: () => 'message',
  lost_found_post: (title) => `lost and found post "${title}"`,
  lost_found_claim: (title) => `claim on the lost and found post "${title}"`,
};

/** The owner's notification when a moderator removes their listing, message or claim. */
export const removedNotice = (type: Exclude<ReportTargetType, 'user'>, name: string, reason: string) =>
  `Your ${REMOVED_WORDS[type](name)} was removed by a moderator: ${reason}`;
