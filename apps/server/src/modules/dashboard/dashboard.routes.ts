import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dayScholarStatsResponseSchema,
  hostellerStatsResponseSchema,
  recentProductsResponseSchema,
  recentQuerySchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import type { DashboardService } from './dashboard.service';

/** GET /hosteller/stats, /dayscholar/stats and /hosteller/products/recent. */
export function dashboardRoutes(
  ctx: AppContext,
  guards: Guards,
  service: DashboardService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['dashboard'];

    await guards.scope(app, 'hosteller', (app) => {
      app.get(
        '/hosteller/stats',
        { schema: { tags, response: { 200: hostellerStatsResponseSchema } } },
        (req) => service.hostellerStats(actorOf(req)),
      );
      app.get(
        '/hosteller/products/recent',
        { schema: { tags, querystring: recentQuerySchema, response: { 200: recentProductsResponseSchema } } },
        (req) => service.recentProducts(actorOf(req), req.query.limit),
      );
    });
    await guards.scope(app, 'dayscholar', (app) => {
      app.get(
        '/dayscholar/stats',
        { schema: { tags, response: { 200: dayScholarStatsResponseSchema } } },
        (req) => service.dayScholarStats(actorOf(req)),
      );
    });
  };
}
