import type { Run } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';

export const runKeys = {
  all: ['runs'] as const,
  /** GET /runs: a hosteller's open runs and their own; a day scholar's runs to accept. */
  list: () => [...runKeys.all, 'list'] as const,
  detail: (id: string) => [...runKeys.all, 'detail', id] as const,
};

/** After the viewer's own change to a run: its page takes the returned copy; the list refetches. */
export function applyRunChange(queryClient: QueryClient, run: Run) {
  queryClient.setQueryData(runKeys.detail(run.id), run);
  void queryClient.invalidateQueries({ queryKey: runKeys.list() });
}

export const RUN_TOAST = { autoClose: 3000 } as const;
