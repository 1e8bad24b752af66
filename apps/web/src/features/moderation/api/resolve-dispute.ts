import type { Dispute, ResolveDisputeBody } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** PUT /moderation/disputes/{id} {outcome, note} → { dispute }: both parties are told. */
export const resolveDispute = ({ disputeId, body }: { disputeId: string; body: ResolveDisputeBody }) =>
  api.put<{ dispute?: Dispute; message?: string }>(
    `/moderation/disputes/${encodeURIComponent(disputeId)}`,
    body,
  );

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    // The decision also leaves a row in the action log.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
