// Generated from packages/shared/src/routes/ratings.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.ratings;

/** POST /api/ratings */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/ratings', { body: input.body, ...options });

/** GET /api/products/:id/reviews */
export const saleReviews = (input: RouteInput<Routes['saleReviews']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['saleReviews']>>(
    'GET',
    `/products/${encodeURIComponent(input.params.id)}/reviews`,
    options,
  );

/** GET /api/ratings/user/:userId */
export const summary = (input: RouteInput<Routes['summary']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['summary']>>(
    'GET',
    `/ratings/user/${encodeURIComponent(input.params.userId)}`,
    options,
  );
