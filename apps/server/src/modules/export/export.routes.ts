import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, type Guards } from '../../lib/auth';
import type { ExportService } from './export.service';

/** GET /users/me/export: the signed-in member's own data, as a JSON file to download. */
export function exportRoutes(guards: Guards, service: ExportService): FastifyPluginAsyncZod {
  return async (app) => {
    await guards.scope(app, 'signedIn', (app) => {
      app.get(
        '/users/me/export',
        {
          schema: {
            tags: ['users'],
            summary: 'Download my data',
            description:
              'A JSON file (an attachment named campusrun-data-YYYY-MM-DD.json) of everything kept about the caller: profile, requests, deliveries, trips, runs, products, offers, saved items, messages, ratings, notifications, settlements, disputes, sessions and e-mail preferences. Other people appear only by id and name. At most 3 an hour.',
            response: {
              200: {
                description: 'The file, as an attachment.',
                // Streamed as it is read from the database: an object, described in the summary above.
                content: { 'application/json': { schema: z.unknown().meta({ type: 'object' }) } },
              },
            },
          },
        },
        async (req, reply) => {
          const { fileName, body } = await service.start(actorOf(req));
          return reply
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send(body);
        },
      );
    });
  };
}
