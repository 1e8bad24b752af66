import type { DeliveryRequest, RepostRequestBody } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRequestChange, requestKeys } from './keys';

/** PUT /requests/{id}/repost { deadline } → { request }: an expired request back on the list. */
export const repostRequest = ({ id, deadline }: { id: string } & RepostRequestBody) =>
  api
    .put<{ request: DeliveryRequest }>(`/requests/${encodeURIComponent(id)}/repost`, {
      deadline: deadline.toISOString(),
    })
    .then((res) => res.request);

export function useRepostRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repostRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      invalidateAfterRequestChange(queryClient);
    },
  });
}
