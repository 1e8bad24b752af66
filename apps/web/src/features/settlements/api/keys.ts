import type { Settlement, SettlementFilter, SettlementKind, SettlementListResponse } from '@campusrun/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

export const settlementKeys = {
  all: ['settlements'] as const,
  lists: () => [...settlementKeys.all, 'list'] as const,
  /** GET /settlements?status: the viewer's settlements in one state, newest first. */
  list: (status: SettlementFilter) => [...settlementKeys.lists(), status] as const,
  /** GET /settlements/summary: what the viewer owes and is owed, in all and per person. */
  summary: () => [...settlementKeys.all, 'summary'] as const,
  lookups: () => [...settlementKeys.all, 'for'] as const,
  /** GET /settlements/for: the settlement of one request or sale (null when the viewer is no party). */
  lookup: (kind: SettlementKind, targetId: string) => [...settlementKeys.lookups(), kind, targetId] as const,
};

type Pages = InfiniteData<SettlementListResponse, unknown>;

/**
 * A newer copy of a settlement: its request's or product's card takes it, and so does every cached
 * list showing it, in place; the totals are fetched again.
 */
export function applySettlement(queryClient: QueryClient, settlement: Settlement) {
  if (settlement.thing.id)
    queryClient.setQueryData(settlementKeys.lookup(settlement.kind, settlement.thing.id), settlement);
  queryClient.setQueriesData<Pages>({ queryKey: settlementKeys.lists() }, (data) => {
    if (!data?.pages.some((page) => page.settlements.some((s) => s.id === settlement.id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        settlements: page.settlements.map((s) => (s.id === settlement.id ? settlement : s)),
      })),
    };
  });
  void queryClient.invalidateQueries({ queryKey: settlementKeys.summary() });
}

/**
 * After the viewer's own change: the new copy in place, and the lists refetch (the settlement may
 * have moved from one tab to another).
 */
export function applySettlementChange(queryClient: QueryClient, settlement: Settlement) {
  applySettlement(queryClient, settlement);
  void queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
}

/** Toasts of the money screens close after 3 seconds, like the request pages'. */
export const SETTLEMENT_TOAST = { autoClose: 3000 } as const;
