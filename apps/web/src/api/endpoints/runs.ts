// Generated from packages/shared/src/routes/runs.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.runs;

/** PUT /api/runs/:id/accept */
export const accept = (input: RouteInput<Routes['accept']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['accept']>>('PUT', `/runs/${encodeURIComponent(input.params.id)}/accept`, options);

/** POST /api/runs */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/runs', { body: input.body, ...options });

/** GET /api/runs/:id */
export const get = (input: RouteInput<Routes['get']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['get']>>('GET', `/runs/${encodeURIComponent(input.params.id)}`, options);

/** POST /api/runs/:id/join */
export const join = (input: RouteInput<Routes['join']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['join']>>('POST', `/runs/${encodeURIComponent(input.params.id)}/join`, {
    body: input.body,
    ...options,
  });

/** DELETE /api/runs/:id/join */
export const leave = (input: RouteInput<Routes['leave']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['leave']>>('DELETE', `/runs/${encodeURIComponent(input.params.id)}/join`, options);

/** GET /api/runs */
export const list = (input: RouteInput<Routes['list']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/runs', { query: input.query, ...options });
