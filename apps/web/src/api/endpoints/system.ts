// Generated from packages/shared/src/routes/system.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.system;

/** GET /api/config */
export const config = (options?: CallOptions) =>
  call<RouteAnswer<Routes['config']>>('GET', '/config', options);

/** GET /api/health */
export const health = (options?: CallOptions) =>
  call<RouteAnswer<Routes['health']>>('GET', '/health', options);

/** GET /api/metrics */
export const metrics = (options?: CallOptions) =>
  call<RouteAnswer<Routes['metrics']>>('GET', '/metrics', options);

/** GET /api/health/ready */
export const ready = (options?: CallOptions) =>
  call<RouteAnswer<Routes['ready']>>('GET', '/health/ready', options);
