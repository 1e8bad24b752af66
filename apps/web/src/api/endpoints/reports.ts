// Generated from packages/shared/src/routes/reports.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.reports;

/** POST /api/reports */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/reports', { body: input.body, ...options });
