// Generated from packages/shared/src/routes/dashboard.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.dashboard;

/** GET /api/dayscholar/stats */
export const dayScholarStats = (options?: CallOptions) =>
  call<RouteAnswer<Routes['dayScholarStats']>>('GET', '/dayscholar/stats', options);

/** GET /api/hosteller/stats */
export const hostellerStats = (options?: CallOptions) =>
  call<RouteAnswer<Routes['hostellerStats']>>('GET', '/hosteller/stats', options);

/** GET /api/hosteller/products/recent */
export const recentProducts = (input: RouteInput<Routes['recentProducts']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['recentProducts']>>('GET', '/hosteller/products/recent', {
    query: input.query,
    ...options,
  });
