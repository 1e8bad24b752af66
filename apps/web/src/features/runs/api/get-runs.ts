import type { RunListResponse } from '@campusrun/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runKeys } from './keys';

export const RUNS_PAGE_SIZE = 20;

/**
 * GET /runs?limit&cursor → { runs, nextCursor } (hosteller: open to join and their own, newest
 * first; day scholar: open to accept, soonest deadline first).
 */
export const getRuns = (cursor?: string, signal?: AbortSignal): Promise<RunListResponse> =>
  api.get<RunListResponse>('/runs', { signal, params: { limit: RUNS_PAGE_SIZE, cursor } });

export const runsQuery = () =>
  infiniteQueryOptions({
    queryKey: runKeys.list(),
    queryFn: ({ pageParam, signal }) => getRuns(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useRuns() {
  return useInfiniteQuery(runsQuery());
}
