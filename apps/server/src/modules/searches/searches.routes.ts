import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SAVED_SEARCH_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import type { SearchesService } from './searches.service';

const r = routes.searches;

/** GET and POST /saved-searches; PATCH and DELETE /saved-searches/{id}; POST …/{id}/open. */
export function searchesRoutes({ ctx, guards, service }: RouteDeps<SearchesService>): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', SAVED_SEARCH_MESSAGES.notFound);
    // New posts are matched against saved searches after their answer has gone.
    const stop = ctx.events.on((event) => {
      if (event.type === 'product.available') service.listed('products', event.product.id);
      else if (event.type === 'request.available') service.listed('requests', event.request.id);
    });
    app.addHook('onClose', async () => {
      stop();
      await service.settled();
    });

    await guards.scope(app, 'member', (app) => {
      app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req)) });
      app.route({
        ...served(r.create),
        handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
      });
      app.route({
        ...served(r.update),
        onRequest: id.check,
        handler: (req) => service.update(actorOf(req), req.params.id, req.body),
      });
      app.route({
        ...served(r.open),
        onRequest: id.check,
        handler: (req) => service.open(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.remove),
        onRequest: id.check,
        handler: (req) => service.remove(actorOf(req), req.params.id),
      });
    });
  };
}
