// Generated from packages/shared/src/routes/notifications.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.notifications;

/** GET /api/notifications */
export const list = (input: RouteInput<Routes['list']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/notifications', { query: input.query, ...options });

/** PUT /api/notifications/:id/read */
export const read = (input: RouteInput<Routes['read']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['read']>>(
    'PUT',
    `/notifications/${encodeURIComponent(input.params.id)}/read`,
    options,
  );

/** PUT /api/notifications/read-all */
export const readAll = (options?: CallOptions) =>
  call<RouteAnswer<Routes['readAll']>>('PUT', '/notifications/read-all', options);
