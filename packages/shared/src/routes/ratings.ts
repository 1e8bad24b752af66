import {
  createRatingResponseSchema,
  createRatingSchema,
  ratingSummaryResponseSchema,
} from '../schemas/ratings';
import { saleReviewsResponseSchema } from '../schemas/market';
import { idParams, route, userIdParams } from './contract';

const tags = ['ratings'] as const;

export const create = route({
  method: 'POST',
  path: '/ratings',
  tags,
  body: createRatingSchema,
  response: { 201: createRatingResponseSchema },
});
export const saleReviews = route({
  method: 'GET',
  path: '/products/:id/reviews',
  tags,
  description: 'A sale’s reviews; its seller and buyer also get the buyer and whether they may still review.',
  params: idParams,
  response: { 200: saleReviewsResponseSchema },
});
export const summary = route({
  method: 'GET',
  path: '/ratings/user/:userId',
  tags,
  params: userIdParams,
  response: { 200: ratingSummaryResponseSchema },
});
