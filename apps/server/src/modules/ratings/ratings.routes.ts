import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRatingResponseSchema,
  createRatingSchema,
  ratingSummaryResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { createRatingsService } from './ratings.service';

/** POST /ratings and GET /ratings/user/{userId}. */
export function ratingsRoutes(ctx: AppContext, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createRatingsService(ctx);
    const anyone = guards.requireRole('hosteller', 'dayscholar');
    const tags = ['ratings'];

    app.post(
      '/ratings',
      {
        onRequest: anyone,
        schema: { tags, body: createRatingSchema, response: { 201: createRatingResponseSchema } },
      },
      async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
    );
    app.get(
      '/ratings/user/:userId',
      {
        onRequest: guards.requireAuth,
        schema: {
          tags,
          params: z.object({ userId: z.string().max(100) }),
          response: { 200: ratingSummaryResponseSchema },
        },
      },
      (req) => service.summary(req.params.userId),
    );
  };
}
