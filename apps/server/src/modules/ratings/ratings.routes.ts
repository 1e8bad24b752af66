import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_MESSAGES, RATING_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import type { RatingsService } from './ratings.service';

/** POST /ratings (a delivery or a sale), GET /ratings/user/{userId} and GET /products/{id}/reviews. */
export function ratingsRoutes({ guards, service }: RouteDeps<RatingsService>): FastifyPluginAsyncZod {
  return async (app) => {
    const userId = rowId('userId', RATING_MESSAGES.userNotFound);
    const productId = rowId('id', PRODUCT_MESSAGES.notFound);
    const r = routes.ratings;

    await guards.scope(app, 'member', (app) => {
      app.route({
        ...served(r.create),
        handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
      });
      app.route({
        ...served(r.saleReviews),
        onRequest: productId.check,
        handler: (req) => service.saleReviews(actorOf(req), req.params.id),
      });
    });
    await guards.scope(app, 'signedIn', (app) => {
      app.route({
        ...served(r.summary),
        onRequest: userId.check,
        handler: (req) => service.summary(req.params.userId),
      });
    });
  };
}
