import type { Settlement } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LaterRefetches } from '@/lib/live-cache';
import { applySettlement, settlementKeys } from '@/api/cache';

/**
 * The settlements' cache under settlement:updated (the viewer is payer or payee): the request's or
 * product's settle card and the Money lists take the new copy in place and the totals refetch; the
 * lists refetch once shortly after, since a new or changed settlement may belong in another tab.
 */
export function settlementsLive(queryClient: QueryClient, later: LaterRefetches) {
  return {
    updated(settlement: Settlement) {
      applySettlement(queryClient, settlement);
      later.add(settlementKeys.lists());
    },

    reconnected() {
      void queryClient.invalidateQueries({ queryKey: settlementKeys.all });
    },
  };
}
