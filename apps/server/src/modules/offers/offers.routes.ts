import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OFFER_MESSAGES, PRODUCT_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import type { OffersService } from './offers.service';

const r = routes.offers;

/** POST/GET /products/{id}/offers and PUT /offers/{id}/accept|decline|withdraw. */
export function offersRoutes({ ctx, guards, service }: RouteDeps<OffersService>): FastifyPluginAsyncZod {
  return async (app) => {
    const productId = rowId('id', PRODUCT_MESSAGES.notFound);
    const offerId = rowId('id', OFFER_MESSAGES.notFound);
    // Offers follow the product's status when its seller changes it.
    const stop = ctx.events.on(async (event) => {
      if (event.type === 'product.updated')
        await service.productStatusChanged(event.forSeller.id, event.sellerId, event.forSeller.status);
    });
    app.addHook('onClose', async () => stop());

    await guards.scope(app, 'member', (app) => {
      app.route({
        ...served(r.make),
        onRequest: productId.check,
        handler: async (req, reply) =>
          reply.code(201).send(await service.make(actorOf(req), req.params.id, req.body.amount)),
      });
      app.route({
        ...served(r.list),
        onRequest: productId.check,
        handler: (req) => service.list(actorOf(req), req.params.id),
      });
      for (const action of ['accept', 'decline', 'withdraw'] as const)
        app.route({
          ...served(r[action]),
          onRequest: offerId.check,
          handler: (req) => service[action](actorOf(req), req.params.id),
        });
    });
  };
}
