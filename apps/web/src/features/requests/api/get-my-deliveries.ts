import type { DeliveryListResponse, DeliveryStatusFilter } from '@campusrun/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REQUESTS_PAGE_SIZE } from './get-my-requests';
import { requestKeys } from './keys';

/** GET /requests/my-deliveries?status&limit&cursor → { deliveries, nextCursor } (the day scholar's). */
export const getMyDeliveries = (status: DeliveryStatusFilter, cursor?: string, signal?: AbortSignal) =>
  api.get<DeliveryListResponse>('/requests/my-deliveries', {
    signal,
    params: { status, limit: REQUESTS_PAGE_SIZE, cursor },
  });

export const myDeliveriesQuery = (status: DeliveryStatusFilter) =>
  infiniteQueryOptions({
    queryKey: requestKeys.deliveries(status),
    queryFn: ({ pageParam, signal }) => getMyDeliveries(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMyDeliveries(status: DeliveryStatusFilter) {
  return useInfiniteQuery(myDeliveriesQuery(status));
}
