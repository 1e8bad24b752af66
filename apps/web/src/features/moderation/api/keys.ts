import type { DisputeStatus, ReportStatus } from '@campusrun/shared';

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus) => ['moderation', 'reports', status] as const,
  actions: ['moderation', 'actions'] as const,
  disputes: ['moderation', 'disputes'] as const,
  disputeList: (status: DisputeStatus) => ['moderation', 'disputes', status] as const,
};
