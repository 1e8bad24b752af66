import {
  BLOCK_MESSAGES,
  PRODUCT_MESSAGES,
  SALE_MESSAGES,
  type CreateRatingBody,
  type SaleReviews,
  RATING_MESSAGES,
  RATING_NOTICES,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { isBlockedBetween } from '../../lib/listing-visibility';
import { isActiveUser } from '../../lib/user-ref';
import { ratingRefusal, saleSideOf } from './ratings.policy';
import { presentRating, presentReview } from './ratings.presenter';
import * as repo from './ratings.repo';
import { bindUseCases } from '../../lib/use-cases';

/** How many reviews a sale or a profile shows. */
const REVIEWS_SHOWN = 10;

type Deps = Pick<AppContext, 'db' | 'events'>;

async function store(db: Deps['db'], values: Parameters<typeof repo.insertRating>[1], duplicate: string) {
  try {
    const row = await repo.insertRating(db, values);
    return { message: RATING_MESSAGES.submitted, rating: presentRating(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(duplicate);
    throw err;
  }
}

async function rateRequest(
  db: Deps['db'],
  actor: Actor,
  body: CreateRatingBody & { requestId: string; userId: string },
) {
  const request = await repo.findRequestParties(db, body.requestId);
  if (!request) throw notFound(RATING_MESSAGES.requestNotFound);
  const type = body.ratingType;
  if (type !== 'hosteller_to_dayscholar' && type !== 'dayscholar_to_hosteller')
    throw fieldError('ratingType', RATING_MESSAGES.wrongType);
  const refusal = ratingRefusal(actor.id, request, { userId: body.userId, ratingType: type });
  switch (refusal) {
    case 'notParty':
      throw forbidden(RATING_MESSAGES.notParty, 'notParty');
    case 'notCompleted':
    case 'notDelivered':
      throw conflict(RATING_MESSAGES[refusal], refusal);
    case 'wrongType':
      throw fieldError('ratingType', RATING_MESSAGES.wrongType);
    case 'wrongUser':
      throw fieldError('userId', RATING_MESSAGES.wrongUser);
  }
  // A deleted account is rated no more: answered as a missing user.
  if (!(await isActiveUser(db, body.userId))) throw notFound(RATING_MESSAGES.userNotFound);
  if (await isBlockedBetween(db, actor.id, body.userId)) throw forbidden(BLOCK_MESSAGES.cannotReview);
  return store(
    db,
    {
      requestId: body.requestId,
      raterId: actor.id,
      userId: body.userId,
      rating: body.rating,
      comment: body.comment,
      ratingType: type,
    },
    RATING_MESSAGES.duplicate,
  );
}

async function rateSale({ db, events }: Deps, actor: Actor, body: CreateRatingBody & { productId: string }) {
  const sale = await repo.findSaleParties(db, body.productId);
  if (!sale) throw notFound(PRODUCT_MESSAGES.notFound);
  const side = saleSideOf(actor.id, sale);
  if (side === 'notSold' || side === 'notConfirmed') throw conflict(SALE_MESSAGES[side], side);
  if (side === 'notParty') throw forbidden(SALE_MESSAGES.notParty, side);
  if (body.ratingType !== side.ratingType) throw fieldError('ratingType', SALE_MESSAGES.wrongType);
  if (body.userId !== undefined && body.userId !== side.userId)
    throw fieldError('userId', SALE_MESSAGES.notParty);
  if (!(await isActiveUser(db, side.userId))) throw notFound(RATING_MESSAGES.userNotFound);
  // No review, and so no notice of one, between two users of whom either blocks the other.
  if (await isBlockedBetween(db, actor.id, side.userId)) throw forbidden(BLOCK_MESSAGES.cannotReview);
  const result = await store(
    db,
    {
      productId: body.productId,
      raterId: actor.id,
      userId: side.userId,
      rating: body.rating,
      comment: body.comment,
      ratingType: side.ratingType,
    },
    SALE_MESSAGES.duplicate,
  );
  await events.emit({
    type: 'users.noticed',
    userIds: [side.userId],
    notice: {
      type: 'product',
      message: RATING_NOTICES.reviewed(actor.name, body.rating),
      data: { productId: body.productId },
    },
  });
  return result;
}

/** A rating of the other side of a completed delivery or a confirmed sale; open screens show it. */
async function create(deps: Deps, actor: Actor, body: CreateRatingBody) {
  const result =
    body.productId !== undefined
      ? await rateSale(deps, actor, { ...body, productId: body.productId })
      : await rateRequest(deps.db, actor, { ...body, requestId: body.requestId!, userId: body.userId! });
  await deps.events.emit({ type: 'rating.changed', userId: result.rating.userId, raterId: actor.id });
  return result;
}

async function summary({ db }: Deps, userId: string) {
  if (!(await repo.userExists(db, userId))) throw notFound(RATING_MESSAGES.userNotFound);
  return { rating: await repo.summaryFor(db, userId) };
}

/**
 * GET /products/{id}/reviews: the sale's reviews; to its two sides, the buyer and whether they may
 * still review (only once the buyer confirmed the sale).
 */
async function saleReviews({ db }: Deps, actor: Actor, productId: string): Promise<SaleReviews> {
  const sale = await repo.findSaleParties(db, productId);
  if (!sale) throw notFound(PRODUCT_MESSAGES.notFound);
  const rows = await repo.reviews(db, { productId }, REVIEWS_SHOWN);
  const reviews = rows.map(presentReview);
  const side = saleSideOf(actor.id, sale);
  // To its two sides a sale waiting for the buyer names them, with nothing to review yet.
  if (side === 'notConfirmed') {
    const buyer = await repo.findUserRef(db, sale.proposedBuyerId!);
    return { buyer: buyer ?? null, reviews, canReview: null };
  }
  if (typeof side === 'string') return { buyer: null, reviews, canReview: null };
  const [buyer, rated] = await Promise.all([
    repo.findUserRef(db, sale.buyerId!),
    repo.findActiveUserRef(db, side.userId),
  ]);
  const done = rows.some((r) => r.rater.id === actor.id);
  const blocked = !done && (await isBlockedBetween(db, actor.id, side.userId));
  return {
    buyer: buyer ?? null,
    reviews,
    canReview: done || blocked || !rated ? null : { ratingType: side.ratingType, user: rated },
  };
}

/** Per kind: as deliverer, requester, seller and buyer; and the latest reviews (public profile). */
async function profileRatings({ db }: Deps, userId: string) {
  const [asDeliverer, asRequester, asSeller, asBuyer, latest] = await Promise.all([
    repo.summaryFor(db, userId, 'hosteller_to_dayscholar'),
    repo.summaryFor(db, userId, 'dayscholar_to_hosteller'),
    repo.summaryFor(db, userId, 'buyer_to_seller'),
    repo.summaryFor(db, userId, 'seller_to_buyer'),
    repo.reviews(db, { userId }, REVIEWS_SHOWN),
  ]);
  return { ratings: { asDeliverer, asRequester, asSeller, asBuyer }, reviews: latest.map(presentReview) };
}

/** Ratings after a completed delivery or a sale, and the summaries shown next to a user. */
export function createRatingsService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const deps: Deps = { db: ctx.db, events: ctx.events };
  return bindUseCases(deps, { create, summary, saleReviews, profileRatings });
}
export type RatingsService = ReturnType<typeof createRatingsService>;
