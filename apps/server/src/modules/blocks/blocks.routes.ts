import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BLOCK_MESSAGES, blockedUsersResponseSchema, blockStateResponseSchema } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { rowId } from '../../lib/ids';
import type { BlocksService } from './blocks.service';

/** POST and DELETE /users/{id}/block, GET /users/blocked. */
export function blocksRoutes(ctx: AppContext, guards: Guards, service: BlocksService): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', BLOCK_MESSAGES.userNotFound);
    const tags = ['users'];
    const state = { 200: blockStateResponseSchema };

    await guards.scope(app, 'signedIn', (app) => {
      app.get('/users/blocked', { schema: { tags, response: { 200: blockedUsersResponseSchema } } }, (req) =>
        service.list(actorOf(req)),
      );
      app.post(
        '/users/:id/block',
        { onRequest: id.check, schema: { tags, params: id.params, response: state } },
        (req) => service.block(actorOf(req), req.params.id),
      );
      app.delete(
        '/users/:id/block',
        { onRequest: id.check, schema: { tags, params: id.params, response: state } },
        (req) => service.unblock(actorOf(req), req.params.id),
      );
    });
  };
}
