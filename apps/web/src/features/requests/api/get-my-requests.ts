import type { RequestListResponse, RequestStatusFilter } from '@campusrun/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKeys } from './keys';

export const REQUESTS_PAGE_SIZE = 20;

/** GET /requests/my-requests?status&limit&cursor → { requests, nextCursor } (the hosteller's own). */
export const getMyRequests = (status: RequestStatusFilter, cursor?: string, signal?: AbortSignal) =>
  api.get<RequestListResponse>('/requests/my-requests', {
    signal,
    params: { status, limit: REQUESTS_PAGE_SIZE, cursor },
  });

export const myRequestsQuery = (status: RequestStatusFilter) =>
  infiniteQueryOptions({
    queryKey: requestKeys.mine(status),
    queryFn: ({ pageParam, signal }) => getMyRequests(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMyRequests(status: RequestStatusFilter) {
  return useInfiniteQuery({ ...myRequestsQuery(status), placeholderData: keepPreviousData });
}
