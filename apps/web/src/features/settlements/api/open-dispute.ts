import type { Dispute, OpenDisputeBody } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settlementKeys } from './keys';

/** POST /disputes { targetType, targetId, reason, details } (either party) → 201 { dispute }. */
export const openDispute = (body: OpenDisputeBody) =>
  api.post<{ dispute: Dispute }>('/disputes', body).then((res) => res.dispute);

export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    // The settlement it is about is now disputed: its card, the lists and the totals fetch it again.
    onSuccess: (_dispute, body) => {
      void queryClient.invalidateQueries({ queryKey: settlementKeys.lookup(body.targetType, body.targetId) });
      void queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: settlementKeys.summary() });
    },
  });
}
