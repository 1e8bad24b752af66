import type { Run } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runKeys } from './keys';

/** GET /runs/{id} → { run } (with its requests as the viewer may see them). */
export const getRun = (id: string, signal?: AbortSignal) =>
  api.get<{ run: Run }>(`/runs/${encodeURIComponent(id)}`, { signal }).then((body) => body.run);

export const runQuery = (id: string) =>
  queryOptions({ queryKey: runKeys.detail(id), queryFn: ({ signal }) => getRun(id, signal) });

export function useRun(id: string) {
  return useQuery(runQuery(id));
}
