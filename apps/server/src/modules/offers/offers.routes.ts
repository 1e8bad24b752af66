import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OFFER_MESSAGES,
  PRODUCT_MESSAGES,
  createOfferSchema,
  offerListResponseSchema,
  offerResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { rowId } from '../../lib/ids';
import type { OffersService } from './offers.service';

/** POST/GET /products/{id}/offers and PUT /offers/{id}/accept|decline|withdraw. */
export function offersRoutes(ctx: AppContext, guards: Guards, service: OffersService): FastifyPluginAsyncZod {
  return async (app) => {
    const productId = rowId('id', PRODUCT_MESSAGES.notFound);
    const offerId = rowId('id', OFFER_MESSAGES.notFound);
    const tags = ['offers'];
    // Offers follow the product's status when its seller changes it.
    const stop = ctx.events.on(async (event) => {
      if (event.type === 'product.updated')
        await service.productStatusChanged(event.forSeller.id, event.sellerId, event.forSeller.status);
    });
    app.addHook('onClose', async () => stop());

    await guards.scope(app, 'member', (app) => {
      app.post(
        '/products/:id/offers',
        {
          onRequest: productId.check,
          schema: {
            tags,
            description: 'Anyone but the seller, on an available product: whole rupees, 1 to 10× the price.',
            params: productId.params,
            body: createOfferSchema,
            response: { 201: offerResponseSchema },
          },
        },
        async (req, reply) =>
          reply.code(201).send(await service.make(actorOf(req), req.params.id, req.body.amount)),
      );
      app.get(
        '/products/:id/offers',
        {
          onRequest: productId.check,
          schema: {
            tags,
            description: 'The seller sees every offer; anyone else their own.',
            params: productId.params,
            response: { 200: offerListResponseSchema },
          },
        },
        (req) => service.list(actorOf(req), req.params.id),
      );
      for (const action of ['accept', 'decline', 'withdraw'] as const)
        app.put(
          `/offers/:id/${action}`,
          {
            onRequest: offerId.check,
            schema: {
              tags,
              description: action === 'withdraw' ? 'The buyer only.' : 'The seller only.',
              params: offerId.params,
              response: { 200: offerResponseSchema },
            },
          },
          (req) => service[action](actorOf(req), req.params.id),
        );
    });
  };
}
