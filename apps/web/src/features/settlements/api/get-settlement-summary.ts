import type { SettlementSummary } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settlementKeys } from './keys';

/** GET /settlements/summary → { youOwe, owedToYou, byPerson } (rupees still owed: open, paid, disputed). */
export const getSettlementSummary = (signal?: AbortSignal) =>
  api.get<SettlementSummary>('/settlements/summary', { signal });

export const settlementSummaryQuery = () =>
  queryOptions({ queryKey: settlementKeys.summary(), queryFn: ({ signal }) => getSettlementSummary(signal) });

export function useSettlementSummary() {
  return useQuery(settlementSummaryQuery());
}
