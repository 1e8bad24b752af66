// Generated from packages/shared/src/routes/trips.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.trips;

/** PUT /api/trips/:id/attach */
export const attach = (input: RouteInput<Routes['attach']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['attach']>>('PUT', `/trips/${encodeURIComponent(input.params.id)}/attach`, {
    body: input.body,
    ...options,
  });

/** PUT /api/trips/:id/cancel */
export const cancel = (input: RouteInput<Routes['cancel']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['cancel']>>('PUT', `/trips/${encodeURIComponent(input.params.id)}/cancel`, options);

/** POST /api/trips */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/trips', { body: input.body, ...options });

/** PUT /api/trips/:id/detach */
export const detach = (input: RouteInput<Routes['detach']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['detach']>>('PUT', `/trips/${encodeURIComponent(input.params.id)}/detach`, {
    body: input.body,
    ...options,
  });

/** GET /api/trips/:id */
export const get = (input: RouteInput<Routes['get']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['get']>>('GET', `/trips/${encodeURIComponent(input.params.id)}`, options);

/** GET /api/trips */
export const list = (options?: CallOptions) => call<RouteAnswer<Routes['list']>>('GET', '/trips', options);

/** GET /api/trips/mine */
export const mine = (options?: CallOptions) =>
  call<RouteAnswer<Routes['mine']>>('GET', '/trips/mine', options);

/** GET /api/trips/:id/stops */
export const stops = (input: RouteInput<Routes['stops']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['stops']>>('GET', `/trips/${encodeURIComponent(input.params.id)}/stops`, options);
