import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSchema, notificationsResponse, paginationQuerySchema } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { allowEmptyJsonBody } from '../../lib/http';
import { createNotificationsService } from './notifications.service';

/** A malformed id is a notification that does not exist (404). */
const idParam = z.object({ id: z.string().max(100) });

/** /notifications/*: only ever the caller's own. */
export function notificationsRoutes(ctx: AppContext, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const service = createNotificationsService(ctx);
    const anyone = guards.requireRole('hosteller', 'dayscholar');
    const tags = ['notifications'];

    app.get(
      '/notifications',
      {
        onRequest: anyone,
        schema: { tags, querystring: paginationQuerySchema, response: { 200: notificationsResponse } },
      },
      (req) => service.list(actorOf(req), req.query),
    );
    app.put(
      '/notifications/read-all',
      { onRequest: anyone, schema: { tags, response: { 200: z.object({ message: z.string() }) } } },
      (req) => service.readAll(actorOf(req)),
    );
    app.put(
      '/notifications/:id/read',
      {
        onRequest: anyone,
        schema: { tags, params: idParam, response: { 200: z.object({ notification: notificationSchema }) } },
      },
      (req) => service.readOne(actorOf(req), req.params.id),
    );
  };
}
