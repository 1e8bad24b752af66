// Generated from packages/shared/src/routes/emails.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.emails;

/** GET /api/email/preferences */
export const preferences = (options?: CallOptions) =>
  call<RouteAnswer<Routes['preferences']>>('GET', '/email/preferences', options);

/** PUT /api/email/preferences */
export const setPreferences = (input: RouteInput<Routes['setPreferences']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['setPreferences']>>('PUT', '/email/preferences', { body: input.body, ...options });
