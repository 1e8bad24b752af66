import type { ModerateReportBody } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** PUT /moderation/reports/{id} → { message }: closes every open report on its target. */
export const moderateReport = ({ reportId, body }: { reportId: string; body: ModerateReportBody }) =>
  api.put<{ message: string }>(`/moderation/reports/${encodeURIComponent(reportId)}`, body);

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
