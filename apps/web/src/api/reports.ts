import type { CreateReportBody, ReportResponse } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /reports → { report } (201 new, 200 the reporter's report already open on it). */
const sendReport = (body: CreateReportBody) => api.post<ReportResponse>('/reports', body);

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
