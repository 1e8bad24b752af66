import type { CreateRatingBody, Rating } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ratingKeys } from '@/components/ratings/user-rating';
import { api } from '@/lib/api-client';
import { requestKeys } from './keys';

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
      if (body.userId) void queryClient.invalidateQueries({ queryKey: ratingKeys.user(body.userId) });
      if (body.requestId)
        return queryClient.invalidateQueries({ queryKey: requestKeys.detail(body.requestId) });
    },
  });
}
