/** "Download my data": the member's own copy of everything CampusRun keeps about them. */
export const EXPORT_LIMITS = {
  /** Downloads per member per hour. */
  perHour: 3,
} as const;

export const EXPORT_MESSAGES = {
  tooMany: `You can download your data ${EXPORT_LIMITS.perHour} times an hour. Please try again later.`,
} as const;
