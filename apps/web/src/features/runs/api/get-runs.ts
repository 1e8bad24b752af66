import type { Run, RunListResponse } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runKeys } from './keys';

/** GET /runs → { runs } (hosteller: open to join and their own; day scholar: open to accept). */
export const getRuns = (signal?: AbortSignal): Promise<Run[]> =>
  api.get<RunListResponse>('/runs', { signal }).then((body) => body.runs);

export const runsQuery = () =>
  queryOptions({ queryKey: runKeys.list(), queryFn: ({ signal }) => getRuns(signal) });

export function useRuns() {
  return useQuery(runsQuery());
}
