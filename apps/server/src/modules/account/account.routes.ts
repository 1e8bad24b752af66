import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import { served } from '../../lib/contract';
import type { AccountService } from './account.service';

/** DELETE /users/me: the signed-in member deletes their own account. */
export function accountRoutes(guards: Guards, service: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    await guards.scope(app, 'signedIn', (app) => {
      app.route({
        ...served(routes.account.deleteAccount),
        handler: (req) => service.deleteAccount(actorOf(req), req.body),
      });
    });
  };
}
