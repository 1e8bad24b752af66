import type { CreateRequestBody, DeliveryRequest } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRequestChange, requestKeys } from './keys';

/** POST /requests → 201 { request } (hostellers). The deadline goes as ISO 8601 with Z. */
export const createRequest = (body: CreateRequestBody) =>
  api
    .post<{ request: DeliveryRequest }>('/requests', { ...body, deadline: body.deadline.toISOString() })
    .then((res) => res.request);

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      invalidateAfterRequestChange(queryClient);
    },
  });
}
