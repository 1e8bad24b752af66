import type { CreateRatingBody } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { ratingRefusal } from './ratings.policy';
import { presentRating } from './ratings.presenter';
import * as repo from './ratings.repo';

export const RATING_ERRORS = {
  submitted: 'Rating submitted successfully',
  requestNotFound: 'Request not found',
  userNotFound: 'User not found',
  notParty: 'Only the requester and the deliverer of this request can rate it',
  notCompleted: 'You can rate only after the delivery is completed',
  wrongType: 'This rating type does not match your side of the delivery',
  wrongUser: 'You can only rate the other party of this delivery',
  duplicate: 'You have already rated this delivery',
} as const;

/** Ratings after a completed delivery, and the summary shown next to a user. */
export function createRatingsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async create(actor: Actor, body: CreateRatingBody) {
      const request = await repo.findRequestParties(db, body.requestId);
      if (!request) throw notFound(RATING_ERRORS.requestNotFound);
      switch (ratingRefusal(actor.id, request, body)) {
        case 'notParty':
          throw forbidden(RATING_ERRORS.notParty);
        case 'notCompleted':
          throw conflict(RATING_ERRORS.notCompleted);
        case 'wrongType':
          throw fieldError('ratingType', RATING_ERRORS.wrongType);
        case 'wrongUser':
          throw fieldError('userId', RATING_ERRORS.wrongUser);
      }
      try {
        const row = await repo.insertRating(db, {
          requestId: body.requestId,
          raterId: actor.id,
          userId: body.userId,
          rating: body.rating,
          comment: body.comment,
          ratingType: body.ratingType,
        });
        return { message: RATING_ERRORS.submitted, rating: presentRating(row) };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(RATING_ERRORS.duplicate);
        throw err;
      }
    },

    async summary(userId: string) {
      if (!(await repo.userExists(db, userId))) throw notFound(RATING_ERRORS.userNotFound);
      return { rating: await repo.summaryFor(db, userId) };
    },
  };
}
