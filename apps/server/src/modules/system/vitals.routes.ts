import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VITALS_LIMITS, routes } from '@campusrun/shared';
import { type RouteDeps, served } from '../../lib/contract';
import type { VitalsService } from './vitals.service';

/**
 * POST /api/vitals: the speed sampled page loads measured, sent by the browser as the page is hidden
 * (docs/perf/real-users.md). No sign-in (a beacon carries no Authorization header); a body of at
 * most 2 KB; the address's own budget instead of the API's limits, and beyond it a quiet 204.
 */
export function vitalsRoutes({ service }: RouteDeps<VitalsService>): FastifyPluginAsyncZod {
  return async (app) => {
    // navigator.sendBeacon sends a string as text/plain: in this scope such a body is read as JSON.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
    app.route({
      ...served(routes.system.vitals),
      bodyLimit: VITALS_LIMITS.bodyBytes,
      // Counted by its own budget in the service, which drops the excess rather than refusing it.
      config: { rateLimit: false },
      handler: async (req, reply) => {
        await service.record(req.ip, req.body);
        return reply.code(204).send();
      },
    });
  };
}
