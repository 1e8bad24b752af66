import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { NotificationsService } from './notifications.service';

const r = routes.notifications;

/** /notifications/*: only ever the caller's own. */
export function notificationsRoutes({
  guards,
  service,
}: RouteDeps<NotificationsService>): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const id = rowId('id', NOTIFICATION_MESSAGES.notFound);

    await guards.scope(app, 'member', (app) => {
      app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req), req.query) });
      app.route({ ...served(r.readAll), handler: (req) => service.readAll(actorOf(req)) });
      app.route({
        ...served(r.read),
        onRequest: id.check,
        handler: (req) => service.readOne(actorOf(req), req.params.id),
      });
    });
  };
}
