import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MODERATION_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import type { ModerationService } from './moderation.service';

const r = routes.moderation;

/** The moderators' API: the report queue, decisions, lifting suspensions and the action log. */
export function moderationRoutes({ guards, service }: RouteDeps<ModerationService>): FastifyPluginAsyncZod {
  return async (app) => {
    const reportId = rowId('id', MODERATION_MESSAGES.reportNotFound);
    const userId = rowId('id', MODERATION_MESSAGES.userNotFound);

    await guards.scope(app, 'moderator', (app) => {
      app.route({
        ...served(r.reports),
        handler: (req) => service.reports(req.query.status, req.query.limit, req.query.cursor),
      });
      app.route({
        ...served(r.decide),
        onRequest: reportId.check,
        handler: (req) => service.act(actorOf(req), req.params.id, req.body),
      });
      app.route({
        ...served(r.unsuspend),
        onRequest: userId.check,
        handler: (req) => service.unsuspend(actorOf(req), req.params.id, req.body.reason),
      });
      app.route({
        ...served(r.actions),
        handler: (req) => service.actions(req.query.limit, req.query.cursor),
      });
    });
  };
}
