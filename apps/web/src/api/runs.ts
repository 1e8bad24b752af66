import type { CreateRunBody, Run, RunItemBody, RunListResponse } from '@campusrun/shared';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as endpoints from './endpoints/runs';
import { runKeys } from './cache';

/** After the viewer's own change to a run: its page takes the returned copy; the list refetches. */
function applyRunChange(queryClient: QueryClient, run: Run) {
  queryClient.setQueryData(runKeys.detail(run.id), run);
  void queryClient.invalidateQueries({ queryKey: runKeys.list() });
}

export const RUN_TOAST = { autoClose: 3000 } as const;

/** PUT /runs/{id}/accept (day scholar: every request of the run at once) → { run }; 409 taken. */
const acceptRun = (id: string) => endpoints.accept({ params: { id } }).then((res) => res.run);

export function useAcceptRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptRun, onSuccess: (run) => applyRunChange(queryClient, run) });
}

/**
 * POST /runs (hosteller) { pickupFrom, cutoffAt, deadline, totalFee, item } → 201 { run }; the times go
 * as ISO 8601 with Z. 400 with field errors (`item.itemName` and so on for the item's).
 */
const createRun = (body: CreateRunBody) =>
  endpoints
    .create({
      body: {
        ...body,
        cutoffAt: body.cutoffAt.toISOString(),
        deadline: body.deadline.toISOString(),
      },
    })
    .then((res) => res.run);

export function useCreateRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRun, onSuccess: (run) => applyRunChange(queryClient, run) });
}

/** GET /runs/{id} → { run } (with its requests as the viewer may see them). */
const getRun = (id: string, signal?: AbortSignal) =>
  endpoints.get({ params: { id } }, { signal }).then((body) => body.run);

const runQuery = (id: string) =>
  queryOptions({ queryKey: runKeys.detail(id), queryFn: ({ signal }) => getRun(id, signal) });

export function useRun(id: string) {
  return useQuery(runQuery(id));
}

const RUNS_PAGE_SIZE = 20;

/**
 * GET /runs?limit&cursor → { runs, nextCursor } (hosteller: open to join and their own, newest
 * first; day scholar: open to accept, soonest deadline first).
 */
const getRuns = (cursor?: string, signal?: AbortSignal): Promise<RunListResponse> =>
  endpoints.list({ query: { limit: RUNS_PAGE_SIZE, cursor } }, { signal });

const runsQuery = () =>
  infiniteQueryOptions({
    queryKey: runKeys.list(),
    queryFn: ({ pageParam, signal }) => getRuns(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useRuns() {
  return useInfiniteQuery(runsQuery());
}

/**
 * POST /runs/{id}/join (hosteller) with the item → 201 { run }; DELETE /runs/{id}/join (leave) → { run }.
 * 409 when the run is closed to joining or full.
 */
const joinRun = (input: { id: string; item: RunItemBody } | { id: string; leave: true }) => {
  const call =
    'item' in input
      ? endpoints.join({ params: { id: input.id }, body: input.item })
      : endpoints.leave({ params: { id: input.id } });
  return call.then((res) => res.run);
};

export function useJoinRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinRun, onSuccess: (run) => applyRunChange(queryClient, run) });
}
