import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import type { AccountService } from './account.service';

/**
 * DELETE /users/me: the signed-in member deletes their own account (and this browser's page cookie);
 * GET /users/me/deletion-blockers: what stands in the way of it now.
 */
export function accountRoutes({ guards, service }: RouteDeps<AccountService>): FastifyPluginAsyncZod {
  return async (app) => {
    await guards.scope(app, 'signedIn', (app) => {
      app.route({
        ...served(routes.account.deletionBlockers),
        handler: (req) => service.deletionBlockers(actorOf(req)),
      });
      app.route({
        ...served(routes.account.deleteAccount),
        handler: async (req, reply) => {
          const answer = await service.deleteAccount(actorOf(req), req.body);
          reply.header('set-cookie', app.pageSessions.cleared());
          return answer;
        },
      });
    });
  };
}
