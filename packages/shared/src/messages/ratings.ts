import { RATING_TYPES, SALE_RATING_TYPES } from '../constants';

export const RATING_LIMITS = { commentMax: 500 } as const;

export const RATING_MESSAGES = {
  ratingRequired: 'Please select a rating',
  commentTooLong: `Comment must be at most ${RATING_LIMITS.commentMax} characters`,
  ratingTypeInvalid: `ratingType must be ${RATING_TYPES.join(' or ')}`,
  saleRatingTypeInvalid: `ratingType must be ${SALE_RATING_TYPES.join(' or ')}`,
} as const;

/** The labels of the star selector. */
export const RATING_LABELS = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very Good', 5: 'Excellent' } as const;
