import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import { served } from '../../lib/contract';
import type { AppContext } from '../../lib/app-context';
import { rowId } from '../../lib/ids';
import { type ProfilesService, PROFILE_NOT_FOUND } from './profiles.service';

/** GET /users/{id}/profile. */
export function profilesRoutes(
  ctx: AppContext,
  guards: Guards,
  service: ProfilesService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', PROFILE_NOT_FOUND);
    await guards.scope(app, 'member', (app) => {
      app.route({
        ...served(routes.people.profile),
        onRequest: id.check,
        handler: (req) => service.profile(actorOf(req), req.params.id),
      });
    });
  };
}
