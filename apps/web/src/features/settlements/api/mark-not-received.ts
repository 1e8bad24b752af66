import type { Settlement } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySettlementChange } from './keys';

/** PUT /settlements/{id}/not-received (the payee; paid → disputed, a dispute opens) → { settlement }. */
export const markNotReceived = (id: string) =>
  api
    .put<{ settlement: Settlement }>(`/settlements/${encodeURIComponent(id)}/not-received`)
    .then((res) => res.settlement);

export function useMarkNotReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotReceived,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}
