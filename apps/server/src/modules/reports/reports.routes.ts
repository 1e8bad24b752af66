import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import type { ReportsService } from './reports.service';

/** POST /reports: 201 with a new report, 200 with the reporter's report already open on the target. */
export function reportsRoutes({ guards, service }: RouteDeps<ReportsService>): FastifyPluginAsyncZod {
  return async (app) => {
    await guards.scope(app, 'member', (app) => {
      app.route({
        ...served(routes.reports.create),
        handler: async (req, reply) => {
          const { report, created } = await service.create(actorOf(req), req.body);
          return reply.code(created ? 201 : 200).send({ report });
        },
      });
    });
  };
}
