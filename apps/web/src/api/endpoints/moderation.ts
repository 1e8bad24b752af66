// Generated from packages/shared/src/routes/moderation.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.moderation;

/** GET /api/moderation/actions */
export const actions = (input: RouteInput<Routes['actions']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['actions']>>('GET', '/moderation/actions', { query: input.query, ...options });

/** PUT /api/moderation/reports/:id */
export const decide = (input: RouteInput<Routes['decide']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['decide']>>('PUT', `/moderation/reports/${encodeURIComponent(input.params.id)}`, {
    body: input.body,
    ...options,
  });

/** GET /api/moderation/reports */
export const reports = (input: RouteInput<Routes['reports']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['reports']>>('GET', '/moderation/reports', { query: input.query, ...options });

/** PUT /api/moderation/users/:id/unsuspend */
export const unsuspend = (input: RouteInput<Routes['unsuspend']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['unsuspend']>>(
    'PUT',
    `/moderation/users/${encodeURIComponent(input.params.id)}/unsuspend`,
    { body: input.body, ...options },
  );
