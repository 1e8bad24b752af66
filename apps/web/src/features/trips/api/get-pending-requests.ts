import type { DeliveryRequest, RequestListResponse } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from './keys';

/**
 * GET /requests/my-requests?status=pending&limit=20 → { requests } (the hosteller's own pending
 * requests, newest first): the ones they may add to a trip. One page is plenty to choose from.
 */
export const getPendingRequests = (signal?: AbortSignal): Promise<DeliveryRequest[]> =>
  api
    .get<RequestListResponse>('/requests/my-requests', { signal, params: { status: 'pending', limit: 20 } })
    .then((body) => body.requests);

export const pendingRequestsQuery = () =>
  queryOptions({ queryKey: tripKeys.pendingRequests(), queryFn: ({ signal }) => getPendingRequests(signal) });

export function usePendingRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingRequestsQuery(), enabled });
}
