import type { ReportStatus } from '@campusrun/shared';

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus) => ['moderation', 'reports', status] as const,
  actions: ['moderation', 'actions'] as const,
};
