// Generated from packages/shared/src/routes/follows.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.follows;

/** PUT /api/users/:id/follow */
export const follow = (input: RouteInput<Routes['follow']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['follow']>>('PUT', `/users/${encodeURIComponent(input.params.id)}/follow`, options);

/** GET /api/users/followers */
export const followers = (input: RouteInput<Routes['followers']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['followers']>>('GET', '/users/followers', { query: input.query, ...options });

/** GET /api/users/following */
export const following = (input: RouteInput<Routes['following']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['following']>>('GET', '/users/following', { query: input.query, ...options });

/** GET /api/users/:id/follow */
export const state = (input: RouteInput<Routes['state']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['state']>>('GET', `/users/${encodeURIComponent(input.params.id)}/follow`, options);

/** DELETE /api/users/:id/follow */
export const unfollow = (input: RouteInput<Routes['unfollow']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['unfollow']>>(
    'DELETE',
    `/users/${encodeURIComponent(input.params.id)}/follow`,
    options,
  );
