import type { Run, RunItemBody } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyRunChange } from './keys';

/**
 * POST /runs/{id}/join (hosteller) with the item → 201 { run }; DELETE /runs/{id}/join (leave) → { run }.
 * 409 when the run is closed to joining or full.
 */
export const joinRun = (input: { id: string; item: RunItemBody } | { id: string; leave: true }) => {
  const path = `/runs/${encodeURIComponent(input.id)}/join`;
  const call = 'item' in input ? api.post<{ run: Run }>(path, input.item) : api.delete<{ run: Run }>(path);
  return call.then((res) => res.run);
};

export function useJoinRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinRun, onSuccess: (run) => applyRunChange(queryClient, run) });
}
