import type { Dispute, DisputeSettlementBody } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settlementKeys } from './keys';

/**
 * POST /settlements/{id}/dispute { reason, details } (either party) → 201 { dispute }. Named by the
 * settlement, so it works after the product sold was deleted.
 */
export const openDispute = ({ settlementId, ...body }: DisputeSettlementBody & { settlementId: string }) =>
  api.post<{ dispute: Dispute }>(`/settlements/${settlementId}/dispute`, body).then((res) => res.dispute);

export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    // The settlement is now disputed: its card, the lists and the totals fetch it again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}
