import type { ModerationReport, ReportStatus } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /moderation/reports?status= → { reports } (the first 100: a campus queue is short). */
export const getModerationReports = (status: ReportStatus, signal?: AbortSignal) =>
  api
    .get<{ reports: ModerationReport[] }>('/moderation/reports', { params: { status, limit: 100 }, signal })
    .then((b) => b.reports);

export const moderationReportsQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ signal }) => getModerationReports(status, signal),
  });

export function useModerationReports(status: ReportStatus) {
  return useQuery(moderationReportsQuery(status));
}
