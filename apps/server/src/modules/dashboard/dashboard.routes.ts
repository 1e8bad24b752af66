import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import { served } from '../../lib/contract';
import type { AppContext } from '../../lib/app-context';
import type { DashboardService } from './dashboard.service';

/** GET /hosteller/stats, /dayscholar/stats and /hosteller/products/recent. */
export function dashboardRoutes(
  ctx: AppContext,
  guards: Guards,
  service: DashboardService,
): FastifyPluginAsyncZod {
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
