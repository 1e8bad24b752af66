import { routes } from '@campusrun/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import type { ExportService } from './export.service';

/** GET /users/me/export: the signed-in member's own data, as a JSON file to download. */
export function exportRoutes({ guards, service }: RouteDeps<ExportService>): FastifyPluginAsyncZod {
  return async (app) => {
    await guards.scope(app, 'signedIn', (app) => {
      app.route({
        ...served(routes.account.exportData),
        handler: async (req, reply) => {
          const { fileName, body } = await service.start(actorOf(req));
          return reply
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send(body);
        },
      });
    });
  };
}
