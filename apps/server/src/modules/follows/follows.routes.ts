import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FOLLOW_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import type { FollowsService } from './follows.service';

const r = routes.follows;

/** GET /users/following and /users/followers; GET, PUT and DELETE /users/{id}/follow. */
export function followsRoutes({ ctx, guards, service }: RouteDeps<FollowsService>): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', FOLLOW_MESSAGES.userNotFound);
    // A block separates the two: neither follows the other any more (notices check blocks anyway).
    const stop = ctx.events.on(async (event) => {
      if (event.type === 'users.blocked') await service.usersBlocked(event.blockerId, event.blockedId);
    });
    app.addHook('onClose', async () => stop());

    await guards.scope(app, 'member', (app) => {
      app.route({ ...served(r.following), handler: (req) => service.following(actorOf(req), req.query) });
      app.route({ ...served(r.followers), handler: (req) => service.followers(actorOf(req), req.query) });
      app.route({
        ...served(r.state),
        onRequest: id.check,
        handler: (req) => service.state(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.follow),
        onRequest: id.check,
        handler: (req) => service.follow(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.unfollow),
        onRequest: id.check,
        handler: (req) => service.unfollow(actorOf(req), req.params.id),
      });
    });
  };
}
