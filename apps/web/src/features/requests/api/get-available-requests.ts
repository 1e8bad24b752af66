import type { RequestListResponse } from '@campusrun/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REQUESTS_PAGE_SIZE } from './get-my-requests';
import { type AvailableFilters, requestKeys } from './keys';

/** GET /dayscholar/requests/available?search&location&pickupFrom&minFee&maxFee&sort&limit&cursor. */
export const getAvailableRequests = (filters: AvailableFilters, cursor?: string, signal?: AbortSignal) =>
  api.get<RequestListResponse>('/dayscholar/requests/available', {
    signal,
    params: {
      search: filters.search,
      location: filters.location,
      pickupFrom: filters.pickupFrom,
      minFee: filters.minFee,
      maxFee: filters.maxFee,
      sort: filters.sort,
      limit: REQUESTS_PAGE_SIZE,
      cursor,
    },
  });

export const availableRequestsQuery = (filters: AvailableFilters) =>
  infiniteQueryOptions({
    queryKey: requestKeys.available(filters),
    queryFn: ({ pageParam, signal }) => getAvailableRequests(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The previous results stay on screen while a new filter loads. */
export function useAvailableRequests(filters: AvailableFilters) {
  return useInfiniteQuery({ ...availableRequestsQuery(filters), placeholderData: keepPreviousData });
}
