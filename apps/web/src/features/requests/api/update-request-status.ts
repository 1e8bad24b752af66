import type { DeliveryRequest } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRequestChange, requestKeys } from './keys';

export type RequestAction = 'accept' | 'deliver' | 'cancel' | 'cancel-delivery' | 'confirm-receipt';

/**
 * PUT /requests/{id}/accept | /deliver { deliveryNotes?, handoverCode? } | /cancel | /cancel-delivery |
 * /confirm-receipt → { request }.
 * 403/409 carry a clear message.
 */
export const updateRequestStatus = ({
  id,
  action,
  deliveryNotes,
  handoverCode,
}: {
  id: string;
  action: RequestAction;
  deliveryNotes?: string;
  handoverCode?: string;
}) =>
  api
    .put<{ request: DeliveryRequest }>(
      `/requests/${encodeURIComponent(id)}/${action}`,
      action === 'deliver'
        ? {
            deliveryNotes: deliveryNotes?.trim() || undefined,
            handoverCode: handoverCode?.trim() || undefined,
          }
        : undefined,
    )
    .then((res) => res.request);

export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequestStatus,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      invalidateAfterRequestChange(queryClient);
    },
  });
}
