import type { Rating, Review } from '@campusrun/shared';
import type { RatingRow, ReviewRow } from './ratings.repo';

export const presentRating = (r: RatingRow): Rating => ({
  id: r.id,
  requestId: r.requestId,
  productId: r.productId,
  raterId: r.raterId,
  userId: r.userId,
  rating: r.rating,
  comment: r.comment,
  ratingType: r.ratingType,
  createdAt: r.createdAt.toISOString(),
});

export const presentReview = (r: ReviewRow): Review => ({
  id: r.id,
  rating: r.rating,
  comment: r.comment,
  ratingType: r.ratingType,
  rater: r.rater,
  userId: r.userId,
  createdAt: r.createdAt.toISOString(),
});
