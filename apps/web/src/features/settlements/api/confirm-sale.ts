import type { Settlement } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySettlementChange } from './keys';

/** PUT /settlements/{id}/confirm (the buyer; proposed → open) → { settlement }. */
export const confirmSale = (id: string) =>
  api
    .put<{ settlement: Settlement }>(`/settlements/${encodeURIComponent(id)}/confirm`)
    .then((res) => res.settlement);

export function useConfirmSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSale,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}
