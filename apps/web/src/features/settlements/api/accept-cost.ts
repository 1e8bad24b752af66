import type { Settlement } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySettlementChange } from './keys';

/** PUT /settlements/{id}/accept-cost (the requester; adds the receipt above the estimate) → { settlement }. */
export const acceptCost = (id: string) =>
  api
    .put<{ settlement: Settlement }>(`/settlements/${encodeURIComponent(id)}/accept-cost`)
    .then((res) => res.settlement);

export function useAcceptCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptCost,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}
