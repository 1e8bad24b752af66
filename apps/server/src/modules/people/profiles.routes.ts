import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicProfileResponseSchema } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
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
      app.get(
        '/users/:id/profile',
        {
          onRequest: id.check,
          schema: {
            tags: ['users'],
            description:
              'A public profile: ratings by kind, recent reviews, counts and active listings. Never the e-mail.',
            params: id.params,
            response: { 200: publicProfileResponseSchema },
          },
        },
        (req) => service.profile(actorOf(req), req.params.id),
      );
    });
  };
}
