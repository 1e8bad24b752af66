import type { Run } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyRunChange } from './keys';

/** PUT /runs/{id}/accept (day scholar: every request of the run at once) → { run }; 409 taken. */
export const acceptRun = (id: string) =>
  api.put<{ run: Run }>(`/runs/${encodeURIComponent(id)}/accept`).then((res) => res.run);

export function useAcceptRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptRun, onSuccess: (run) => applyRunChange(queryClient, run) });
}
