import type { RatingSummary } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /ratings/user/{userId} → { rating: { average, count } }. */
export const getSellerRating = (userId: string, signal?: AbortSignal) =>
  api
    .get<{ rating: RatingSummary }>(`/ratings/user/${encodeURIComponent(userId)}`, { signal })
    .then((body) => body.rating);

/** Spec §8: a failed rating load silently hides the rating, so no retries and no error screen. */
export const sellerRatingQuery = (userId: string) =>
  queryOptions({
    queryKey: productKeys.sellerRating(userId),
    queryFn: ({ signal }) => getSellerRating(userId, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useSellerRating(userId: string) {
  return useQuery(sellerRatingQuery(userId));
}
