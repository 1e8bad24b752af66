import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRatingResponseSchema,
  createRatingSchema,
  ratingSummaryResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { rowId } from '../../lib/ids';
import { createRatingsService, RATING_ERRORS } from './ratings.service';

/** POST /ratings and GET /ratings/user/{userId}. */
export function ratingsRoutes(ctx: AppContext, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createRatingsService(ctx);
    const userId = rowId('userId', RATING_ERRORS.userNotFound);
    const tags = ['ratings'];

    await guards.scope(app, 'member', (app) => {
      app.post(
        '/ratings',
        { schema: { tags, body: createRatingSchema, response: { 201: createRatingResponseSchema } } },
        async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
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
