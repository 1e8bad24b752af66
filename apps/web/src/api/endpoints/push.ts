// Generated from packages/shared/src/routes/push.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.push;

/** GET /api/push/config */
export const config = (options?: CallOptions) =>
  call<RouteAnswer<Routes['config']>>('GET', '/push/config', options);

/** PUT /api/push/preferences */
export const setPreferences = (input: RouteInput<Routes['setPreferences']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['setPreferences']>>('PUT', '/push/preferences', { body: input.body, ...options });

/** POST /api/push/subscriptions */
export const subscribe = (input: RouteInput<Routes['subscribe']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['subscribe']>>('POST', '/push/subscriptions', { body: input.body, ...options });

/** DELETE /api/push/subscriptions */
export const unsubscribe = (input: RouteInput<Routes['unsubscribe']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['unsubscribe']>>('DELETE', '/push/subscriptions', { body: input.body, ...options });
