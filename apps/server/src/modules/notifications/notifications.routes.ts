import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MESSAGES,
  notificationSchema,
  notificationsResponse,
  paginationQuerySchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { NotificationsService } from './notifications.service';

/** /notifications/*: only ever the caller's own. */
export function notificationsRoutes(
  ctx: AppContext,
  guards: Guards,
  service: NotificationsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const id = rowId('id', NOTIFICATION_MESSAGES.notFound);
    const tags = ['notifications'];

    await guards.scope(app, 'member', (app) => {
      app.get(
        '/notifications',
        { schema: { tags, querystring: paginationQuerySchema, response: { 200: notificationsResponse } } },
        (req) => service.list(actorOf(req), req.query),
      );
      app.put(
        '/notifications/read-all',
        { schema: { tags, response: { 200: z.object({ message: z.string() }) } } },
        (req) => service.readAll(actorOf(req)),
      );
      app.put(
        '/notifications/:id/read',
        {
          onRequest: id.check,
          schema: {
            tags,
            params: id.params,
            response: { 200: z.object({ notification: notificationSchema }) },
          },
        },
        (req) => service.readOne(actorOf(req), req.params.id),
      );
    });
  };
}
