import type { BuyerCandidates } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /products/{id}/buyers (the seller) → the candidates, and whose offer was accepted. */
export const getBuyerCandidates = (productId: string, signal?: AbortSignal) =>
  api
    .get<BuyerCandidates>(`/products/${encodeURIComponent(productId)}/buyers`, { signal })
    .then((b) => ({ buyers: b.buyers, acceptedBuyerId: b.acceptedBuyerId ?? null }));

export const buyerCandidatesQuery = (productId: string) =>
  queryOptions({
    queryKey: productKeys.buyers(productId),
    queryFn: ({ signal }) => getBuyerCandidates(productId, signal),
  });

export function useBuyerCandidates(productId: string, enabled: boolean) {
  return useQuery({ ...buyerCandidatesQuery(productId), enabled });
}
