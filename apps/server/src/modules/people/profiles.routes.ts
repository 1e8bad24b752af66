import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import { type ProfilesService, PROFILE_NOT_FOUND } from './profiles.service';

/** GET /users/{id}/profile. */
export function profilesRoutes({ guards, service }: RouteDeps<ProfilesService>): FastifyPluginAsyncZod {
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
