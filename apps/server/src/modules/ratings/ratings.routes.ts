import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRatingResponseSchema,
  createRatingSchema,
  PRODUCT_MESSAGES,
  RATING_MESSAGES,
  ratingSummaryResponseSchema,
  saleReviewsResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { rowId } from '../../lib/ids';
import type { RatingsService } from './ratings.service';

/** POST /ratings (a delivery or a sale), GET /ratings/user/{userId} and GET /products/{id}/reviews. */
export function ratingsRoutes(
  ctx: AppContext,
  guards: Guards,
  service: RatingsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const userId = rowId('userId', RATING_MESSAGES.userNotFound);
    const productId = rowId('id', PRODUCT_MESSAGES.notFound);
    const tags = ['ratings'];

    await guards.scope(app, 'member', (app) => {
      app.post(
        '/ratings',
        { schema: { tags, body: createRatingSchema, response: { 201: createRatingResponseSchema } } },
        async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
      );
      app.get(
        '/products/:id/reviews',
        {
          onRequest: productId.check,
          schema: {
            tags,
            description:
              'A sale’s reviews; its seller and buyer also get the buyer and whether they may still review.',
            params: productId.params,
            response: { 200: saleReviewsResponseSchema },
          },
        },
        (req) => service.saleReviews(actorOf(req), req.params.id),
      );
    });
    await guards.scope(app, 'signedIn', (app) => {
      app.get(
        '/ratings/user/:userId',
        {
          onRequest: userId.check,
          schema: { tags, params: userId.params, response: { 200: ratingSummaryResponseSchema } },
        },
        (req) => service.summary(req.params.userId),
      );
    });
  };
}
