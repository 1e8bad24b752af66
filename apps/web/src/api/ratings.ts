import type { CreateRatingInput } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as endpoints from './endpoints/ratings';
import { ratingKeys } from './cache';

/** POST /ratings (a delivery's or a sale's) → 201 { message, rating }. */
export const createRating = (body: CreateRatingInput) => endpoints.create({ body });

/** GET /ratings/user/{userId} → { rating: { average, count } }. */
const getUserRating = (userId: string, signal?: AbortSignal) =>
  endpoints.summary({ params: { userId } }, { signal }).then((body) => body.rating);

/** A failed rating load silently hides the rating, so no retries and no error screen. */
const userRatingQuery = (userId: string) =>
  queryOptions({
    queryKey: ratingKeys.user(userId),
    queryFn: ({ signal }) => getUserRating(userId, signal),
    retry: false,
    staleTime: 60_000,
  });

/** A user's rating summary (a requester, deliverer or seller), shared by every screen that shows it. */
export function useUserRating(userId: string) {
  return useQuery(userRatingQuery(userId));
}
