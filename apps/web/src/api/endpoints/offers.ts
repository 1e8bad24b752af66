// Generated from packages/shared/src/routes/offers.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.offers;

/** PUT /api/offers/:id/accept */
export const accept = (input: RouteInput<Routes['accept']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['accept']>>(
    'PUT',
    `/offers/${encodeURIComponent(input.params.id)}/accept`,
    options,
  );

/** PUT /api/offers/:id/decline */
export const decline = (input: RouteInput<Routes['decline']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['decline']>>(
    'PUT',
    `/offers/${encodeURIComponent(input.params.id)}/decline`,
    options,
  );

/** GET /api/products/:id/offers */
export const list = (input: RouteInput<Routes['list']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>(
    'GET',
    `/products/${encodeURIComponent(input.params.id)}/offers`,
    options,
  );

/** POST /api/products/:id/offers */
export const make = (input: RouteInput<Routes['make']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['make']>>('POST', `/products/${encodeURIComponent(input.params.id)}/offers`, {
    body: input.body,
    ...options,
  });

/** PUT /api/offers/:id/withdraw */
export const withdraw = (input: RouteInput<Routes['withdraw']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['withdraw']>>(
    'PUT',
    `/offers/${encodeURIComponent(input.params.id)}/withdraw`,
    options,
  );
