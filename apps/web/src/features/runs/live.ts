import type { QueryClient } from '@tanstack/react-query';
import type { LaterRefetches } from '@/lib/live-cache';
import { runKeys } from '@/api/cache';

/**
 * The runs' cache under run:changed. What a run shows (shares, requests, whether the viewer may join
 * or accept) is the viewer's own, so nothing presented is pushed: its page fetches it again at once,
 * the list shortly after (a burst of joins refetches it once).
 */
export function runsLive(queryClient: QueryClient, later: LaterRefetches) {
  return {
    changed(id: string) {
      void queryClient.invalidateQueries({ queryKey: runKeys.detail(id), exact: true });
      later.add(runKeys.list());
    },

    reconnected() {
      void queryClient.invalidateQueries({ queryKey: runKeys.all });
    },
  };
}
