import type { CreateReportBody } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /reports → 201 { report: { id } }. */
const sendReport = (body: CreateReportBody) => api.post<{ report: { id: string } }>('/reports', body);

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
