// Generated from packages/shared/src/routes/searches.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.searches;

/** POST /api/saved-searches */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/saved-searches', { body: input.body, ...options });

/** GET /api/saved-searches */
export const list = (options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/saved-searches', options);

/** POST /api/saved-searches/:id/open */
export const open = (input: RouteInput<Routes['open']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['open']>>(
    'POST',
    `/saved-searches/${encodeURIComponent(input.params.id)}/open`,
    options,
  );

/** DELETE /api/saved-searches/:id */
export const remove = (input: RouteInput<Routes['remove']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['remove']>>(
    'DELETE',
    `/saved-searches/${encodeURIComponent(input.params.id)}`,
    options,
  );

/** PATCH /api/saved-searches/:id */
export const update = (input: RouteInput<Routes['update']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['update']>>('PATCH', `/saved-searches/${encodeURIComponent(input.params.id)}`, {
    body: input.body,
    ...options,
  });
