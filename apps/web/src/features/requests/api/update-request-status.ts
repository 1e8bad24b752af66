import type { DeliveryRequest } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRequestChange, requestKeys } from './keys';

export type RequestAction =
  'accept' | 'picked-up' | 'deliver' | 'cancel' | 'cancel-delivery' | 'confirm-receipt';

/** Typed rupees as a number; blank is not given (the server refuses anything else with a message). */
const rupeesOf = (text: string | undefined) => {
  const value = text?.trim() ?? '';
  if (value === '') return undefined;
  return Number.isFinite(Number(value)) ? Number(value) : value;
};

/**
 * PUT /requests/{id}/accept | /picked-up | /deliver { deliveryNotes?, handoverCode?, actualItemCost? } |
 * /cancel | /cancel-delivery | /confirm-receipt (once its deliverer picked it up) → { request }.
 * 403/409 carry a clear message.
 */
export const updateRequestStatus = ({
  id,
  action,
  deliveryNotes,
  handoverCode,
  actualItemCost,
}: {
  id: string;
  action: RequestAction;
  deliveryNotes?: string;
  handoverCode?: string;
  /** Rupees as typed: the receipt amount of a request with an item cost. */
  actualItemCost?: string;
}) =>
  api
    .put<{ request: DeliveryRequest }>(
      `/requests/${encodeURIComponent(id)}/${action}`,
      action === 'deliver'
        ? {
            deliveryNotes: deliveryNotes?.trim() || undefined,
            handoverCode: handoverCode?.trim() || undefined,
            actualItemCost: rupeesOf(actualItemCost),
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
