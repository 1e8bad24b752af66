import type { Settlement } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySettlementChange } from './keys';

/** PUT /settlements/{id}/decline (the buyer; proposed → void) → { settlement }. */
export const declineSale = (id: string) =>
  api
    .put<{ settlement: Settlement }>(`/settlements/${encodeURIComponent(id)}/decline`)
    .then((res) => res.settlement);

export function useDeclineSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineSale,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}
