import type { MarkPaidBody, Settlement } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applySettlementChange } from './keys';

/** PUT /settlements/{id}/paid { method } (the payer; open → paid) → { settlement }. */
export const markPaid = ({ id, ...body }: MarkPaidBody & { id: string }) =>
  api
    .put<{ settlement: Settlement }>(`/settlements/${encodeURIComponent(id)}/paid`, body)
    .then((res) => res.settlement);

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaid,
    onSuccess: (settlement) => applySettlementChange(queryClient, settlement),
  });
}
