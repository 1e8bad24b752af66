import type { Settlement } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySettlementChange } from './keys';

/** PUT /settlements/{id}/received (the payee; open or paid → settled) → { settlement }. */
export const markReceived = (id: string) =>
  api
    .put<{ settlement: Settlement }>(`/settlements/${encodeURIComponent(id)}/received`)
    .then((res) => res.settlement);

export function useMarkReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReceived,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}
