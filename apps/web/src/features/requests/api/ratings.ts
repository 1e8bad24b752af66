import type { CreateRatingBody, Rating, RatingSummary } from '@campusrun/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKeys } from './keys';

/** GET /ratings/user/{userId} → { rating: { average, count } }. */
export const getUserRating = (userId: string, signal?: AbortSignal) =>
  api
    .get<{ rating: RatingSummary }>(`/ratings/user/${encodeURIComponent(userId)}`, { signal })
    .then((body) => body.rating);

/** Spec §8: a failed rating load silently hides the rating, so no retries and no error screen. */
export const userRatingQuery = (userId: string) =>
  queryOptions({
    queryKey: requestKeys.userRating(userId),
    queryFn: ({ signal }) => getUserRating(userId, signal),
    retry: false,
    staleTime: 60_000,
  });

export function useUserRating(userId: string) {
  return useQuery(userRatingQuery(userId));
}

/** POST /ratings → 201 { message, rating }. */
export const createRating = (body: CreateRatingBody) =>
  api.post<{ message: string; rating: Rating }>('/ratings', body);

export function useCreateRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    onSuccess: (_, body) => {
      // The rated user's average changed. The request's `can` now says no rating is left: the
      // mutation ends once it is fetched, so the Rate button never shows after a rating.
      void queryClient.invalidateQueries({ queryKey: requestKeys.userRating(body.userId) });
      return queryClient.invalidateQueries({ queryKey: requestKeys.detail(body.requestId) });
    },
  });
}
