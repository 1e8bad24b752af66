import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BLOCK_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import type { BlocksService } from './blocks.service';

const r = routes.blocks;

/** POST and DELETE /users/{id}/block, GET /users/blocked. */
export function blocksRoutes({ guards, service }: RouteDeps<BlocksService>): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', BLOCK_MESSAGES.userNotFound);

    await guards.scope(app, 'signedIn', (app) => {
      app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req)) });
      app.route({
        ...served(r.block),
        onRequest: id.check,
        handler: (req) => service.block(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.unblock),
        onRequest: id.check,
        handler: (req) => service.unblock(actorOf(req), req.params.id),
      });
    });
  };
}
