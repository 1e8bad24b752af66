import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WANTED_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import type { WantedService } from './wanted.service';

const r = routes.wanted;

/** GET and POST /wanted; GET and DELETE /wanted/{id}; POST …/renew, …/close and …/answer. */
export function wantedRoutes({ ctx, guards, service }: RouteDeps<WantedService>): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', WANTED_MESSAGES.notFound);
    // New products are matched against open wanted posts after their answer has gone.
    const stop = ctx.events.on((event) => {
      if (event.type === 'product.available') service.listed(event.product.id);
    });
    app.addHook('onClose', async () => {
      stop();
      await service.settled();
    });

    await guards.scope(app, 'member', (app) => {
      app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req), req.query) });
      app.route({
        ...served(r.create),
        handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
      });
      app.route({
        ...served(r.get),
        onRequest: id.check,
        handler: (req) => service.get(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.renew),
        onRequest: id.check,
        handler: (req) => service.renew(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.close),
        onRequest: id.check,
        handler: (req) => service.close(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.remove),
        onRequest: id.check,
        handler: (req) => service.remove(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.answer),
        onRequest: id.check,
        handler: (req) => service.answer(actorOf(req), req.params.id, req.body),
      });
    });
  };
}
