import type {
  ModerateReportBody,
  ModerationActionEntry,
  ModerationReport,
  ReportStatus,
} from '@campusrun/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus) => ['moderation', 'reports', status] as const,
  actions: ['moderation', 'actions'] as const,
};

/** GET /moderation/reports?status= (the first 100: a campus queue is short). */
export function useModerationReports(status: ReportStatus) {
  return useQuery({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ signal }) =>
      api
        .get<{ reports: ModerationReport[] }>('/moderation/reports', {
          params: { status, limit: 100 },
          signal,
        })
        .then((b) => b.reports),
  });
}

/** GET /moderation/actions: the log, newest first. */
export function useModerationActions() {
  return useQuery({
    queryKey: moderationKeys.actions,
    queryFn: ({ signal }) =>
      api
        .get<{ actions: ModerationActionEntry[] }>('/moderation/actions', { params: { limit: 100 }, signal })
        .then((b) => b.actions),
  });
}

/** PUT /moderation/reports/{id}: closes every open report on its target. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ModerateReportBody }) =>
      api.put<{ message: string }>(`/moderation/reports/${encodeURIComponent(reportId)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
