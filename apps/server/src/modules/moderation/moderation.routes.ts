import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MODERATION_MESSAGES,
  moderateReportSchema,
  moderationActionsResponseSchema,
  moderationDoneSchema,
  moderationListQuerySchema,
  moderationReportsResponseSchema,
  unsuspendSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { rowId } from '../../lib/ids';
import type { ModerationService } from './moderation.service';

/** The moderators' API: the report queue, decisions, lifting suspensions and the action log. */
export function moderationRoutes(
  ctx: AppContext,
  guards: Guards,
  service: ModerationService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const reportId = rowId('id', MODERATION_MESSAGES.reportNotFound);
    const userId = rowId('id', MODERATION_MESSAGES.userNotFound);
    const tags = ['moderation'];
    const done = { 200: moderationDoneSchema };

    await guards.scope(app, 'moderator', (app) => {
      app.get(
        '/moderation/reports',
        {
          schema: {
            tags,
            querystring: moderationListQuerySchema,
            response: { 200: moderationReportsResponseSchema },
          },
        },
        (req) => service.reports(req.query.status, req.query.limit, req.query.cursor),
      );
      app.put(
        '/moderation/reports/:id',
        {
          onRequest: reportId.check,
          schema: { tags, params: reportId.params, body: moderateReportSchema, response: done },
        },
        (req) => service.act(actorOf(req), req.params.id, req.body),
      );
      app.put(
        '/moderation/users/:id/unsuspend',
        {
          onRequest: userId.check,
          schema: { tags, params: userId.params, body: unsuspendSchema, response: done },
        },
        (req) => service.unsuspend(actorOf(req), req.params.id, req.body.reason),
      );
      app.get(
        '/moderation/actions',
        {
          schema: {
            tags,
            querystring: moderationListQuerySchema.pick({ cursor: true, limit: true }),
            response: { 200: moderationActionsResponseSchema },
          },
        },
        (req) => service.actions(req.query.limit, req.query.cursor),
      );
    });
  };
}
