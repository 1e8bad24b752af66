import type { Settlement, SettlementKind } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settlementKeys } from './keys';

/**
 * GET /settlements/for?kind&targetId → { settlement } : the settlement of one request or sale, or
 * null (none yet, or the viewer is not one of its two parties).
 */
export const getSettlementFor = (kind: SettlementKind, targetId: string, signal?: AbortSignal) =>
  api
    .get<{ settlement: Settlement | null }>('/settlements/for', { signal, params: { kind, targetId } })
    .then((body) => body.settlement);

export const settlementForQuery = (kind: SettlementKind, targetId: string) =>
  queryOptions({
    queryKey: settlementKeys.lookup(kind, targetId),
    queryFn: ({ signal }) => getSettlementFor(kind, targetId, signal),
  });

export function useSettlementFor(kind: SettlementKind, targetId: string) {
  return useQuery(settlementForQuery(kind, targetId));
}
