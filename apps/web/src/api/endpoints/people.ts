// Generated from packages/shared/src/routes/people.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.people;

/** GET /api/users/:id/profile */
export const profile = (input: RouteInput<Routes['profile']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['profile']>>(
    'GET',
    `/users/${encodeURIComponent(input.params.id)}/profile`,
    options,
  );

/** GET /api/users/:id */
export const user = (input: RouteInput<Routes['user']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['user']>>('GET', `/users/${encodeURIComponent(input.params.id)}`, options);
