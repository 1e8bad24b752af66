import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import type { DashboardService } from './dashboard.service';

/** GET /hosteller/stats, /dayscholar/stats and /hosteller/products/recent. */
export function dashboardRoutes({ guards, service }: RouteDeps<DashboardService>): FastifyPluginAsyncZod {
  return async (app) => {
    const r = routes.dashboard;

    await guards.scope(app, 'hosteller', (app) => {
      app.route({ ...served(r.hostellerStats), handler: (req) => service.hostellerStats(actorOf(req)) });
      app.route({
        ...served(r.recentProducts),
        handler: (req) => service.recentProducts(actorOf(req), req.query.limit),
      });
    });
    await guards.scope(app, 'dayscholar', (app) => {
      app.route({ ...served(r.dayScholarStats), handler: (req) => service.dayScholarStats(actorOf(req)) });
    });
  };
}
