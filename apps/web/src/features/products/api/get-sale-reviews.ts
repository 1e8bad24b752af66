import type { SaleReviews } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /products/{id}/reviews → the sale's reviews by its buyer and seller. */
export const getSaleReviews = (productId: string, signal?: AbortSignal) =>
  api.get<SaleReviews>(`/products/${encodeURIComponent(productId)}/reviews`, { signal });

export const saleReviewsQuery = (productId: string) =>
  queryOptions({
    queryKey: productKeys.reviews(productId),
    queryFn: ({ signal }) => getSaleReviews(productId, signal),
  });

export function useSaleReviews(productId: string, enabled: boolean) {
  return useQuery({ ...saleReviewsQuery(productId), enabled });
}
