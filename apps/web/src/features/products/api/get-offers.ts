import type { Offer } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /products/{id}/offers → { offers }: the seller's all, a buyer's own. */
export const getOffers = (productId: string, signal?: AbortSignal) =>
  api
    .get<{ offers: Offer[] }>(`/products/${encodeURIComponent(productId)}/offers`, { signal })
    .then((b) => b.offers);

export const offersQuery = (productId: string) =>
  queryOptions({
    queryKey: productKeys.offers(productId),
    queryFn: ({ signal }) => getOffers(productId, signal),
  });

export function useOffers(productId: string, enabled = true) {
  return useQuery({ ...offersQuery(productId), enabled });
}
