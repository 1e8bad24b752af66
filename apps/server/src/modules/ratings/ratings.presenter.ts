import type { Rating } from '@campusrun/shared';
import type { RatingRow } from './ratings.repo';

export const presentRating = (r: RatingRow): Rating => ({
  id: r.id,
  requestId: r.requestId,
  raterId: r.raterId,
  userId: r.userId,
  rating: r.rating,
  comment: r.comment,
  ratingType: r.ratingType,
  createdAt: r.createdAt.toISOString(),
});
