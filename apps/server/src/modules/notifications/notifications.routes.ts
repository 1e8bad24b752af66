import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import { pageKey, servePage } from '../../lib/page-cache';
import type { NotificationsService } from './notifications.service';

const r = routes.notifications;

/** /notifications/*: only ever the caller's own. */
export function notificationsRoutes({
  ctx,
  guards,
  service,
}: RouteDeps<NotificationsService>): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const id = rowId('id', NOTIFICATION_MESSAGES.notFound);

    await guards.scope(app, 'member', (app) => {
      // Kept for the member until a notification of theirs is stored or read, or a name changes.
      app.route({
        ...served(r.list),
        handler: (req, reply) =>
          servePage(ctx.ownPages, req, reply, {
            key: pageKey('notifications', req.query),
            owner: actorOf(req).id,
            load: () => service.list(actorOf(req), req.query),
          }),
      });
      app.route({ ...served(r.readAll), handler: (req) => service.readAll(actorOf(req)) });
      app.route({
        ...served(r.read),
        onRequest: id.check,
        handler: (req) => service.readOne(actorOf(req), req.params.id),
      });
    });
  };
}
