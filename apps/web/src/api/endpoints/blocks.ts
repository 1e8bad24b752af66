// Generated from packages/shared/src/routes/blocks.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.blocks;

/** POST /api/users/:id/block */
export const block = (input: RouteInput<Routes['block']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['block']>>('POST', `/users/${encodeURIComponent(input.params.id)}/block`, options);

/** GET /api/users/blocked */
export const list = (options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/users/blocked', options);

/** DELETE /api/users/:id/block */
export const unblock = (input: RouteInput<Routes['unblock']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['unblock']>>(
    'DELETE',
    `/users/${encodeURIComponent(input.params.id)}/block`,
    options,
  );
