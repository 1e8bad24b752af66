import type { SettlementFilter, SettlementListResponse } from '@campusrun/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settlementKeys } from './keys';

export const SETTLEMENTS_PAGE_SIZE = 20;

/** GET /settlements?status&limit&cursor → { settlements, nextCursor } (the viewer's, newest first). */
export const getSettlements = (status: SettlementFilter, cursor?: string, signal?: AbortSignal) =>
  api.get<SettlementListResponse>('/settlements', {
    signal,
    params: { status, limit: SETTLEMENTS_PAGE_SIZE, cursor },
  });

export const settlementsQuery = (status: SettlementFilter) =>
  infiniteQueryOptions({
    queryKey: settlementKeys.list(status),
    queryFn: ({ pageParam, signal }) => getSettlements(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSettlements(status: SettlementFilter) {
  return useInfiniteQuery(settlementsQuery(status));
}
