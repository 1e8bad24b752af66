import { RATING_TYPES, SALE_RATING_TYPES } from '../constants';
import { COMMON_MESSAGES } from '../errors';

export const RATING_LIMITS = { commentMax: 500 } as const;

export const RATING_MESSAGES = {
  ratingRequired: 'Please select a rating',
  commentTooLong: `Comment must be at most ${RATING_LIMITS.commentMax} characters`,
  ratingTypeInvalid: `ratingType must be ${RATING_TYPES.join(' or ')}`,
  saleRatingTypeInvalid: `ratingType must be ${SALE_RATING_TYPES.join(' or ')}`,
  // rating a delivery (a sale's are SALE_MESSAGES)
  submitted: 'Rating submitted successfully',
  requestNotFound: 'Request not found',
  userNotFound: COMMON_MESSAGES.userNotFound,
  notParty: 'Only the requester and the deliverer of this request can rate it',
  notCompleted: 'You can rate only after the delivery is completed',
  notDelivered: 'There is no delivery to rate: the deliverer never picked this request up',
  wrongType: 'This rating type does not match your side of the delivery',
  wrongUser: 'You can only rate the other party of this delivery',
  duplicate: 'You have already rated this delivery',
} as const;

/** The labels of the star selector. */
export const RATING_LABELS = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very Good', 5: 'Excellent' } as const;

/** The notice a member gets when someone reviews them. */
export const RATING_NOTICES = {
  reviewed: (reviewer: string, stars: number) => `${reviewer} reviewed you (${stars}★)`,
} as const;
