import type { DeliveryRequest } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKeys } from './keys';

/** GET /requests/{id} → { request }; 404 'Request not found'. */
export const getRequest = (id: string, signal?: AbortSignal) =>
  api
    .get<{ request: DeliveryRequest }>(`/requests/${encodeURIComponent(id)}`, { signal })
    .then((body) => body.request);

export const requestQuery = (id: string) =>
  queryOptions({ queryKey: requestKeys.detail(id), queryFn: ({ signal }) => getRequest(id, signal) });

export function useRequest(id: string) {
  return useQuery(requestQuery(id));
}
