import {
  MODERATION_MESSAGES,
  type ModerateReportBody,
  type ModerationReport,
  type ReportStatus,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AppEvent } from '../../lib/events';
import { pageOf } from '../../lib/lists';
import { toRupees } from '../../lib/money';
import * as repo from './moderation.repo';

/**
 * Campus moderation: the report queue with a preview of each target, the three decisions (dismiss,
 * remove, suspend), lifting a suspension, and the append-only log of every action. Each decision
 * and its log row commit together; open screens and other processes are told afterwards.
 */
export function createModerationService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const { db, events } = ctx;

  return {
    async reports(status: ReportStatus, limit: number, cursor?: string) {
      const rows = await repo.listReports(db, status, limit, cursor);
      const { items, nextCursor } = pageOf(rows, limit, (r) => r.cursor);
      const reports: ModerationReport[] = [];
      for (const row of items) {
        const r = row.report;
        const details = await repo.targetDetails(db, r.targetType, r.targetId, r.targetOwnerId);
        reports.push({
          id: r.id,
          reporter: { id: r.reporterId, name: row.reporterName },
          reason: r.reason,
          details: r.details,
          status: r.status,
          resolution: r.resolution,
          createdAt: r.createdAt.toISOString(),
          target: {
            type: r.targetType,
            id: r.targetId,
            owner: { id: r.targetOwnerId, name: row.ownerName, suspended: row.ownerSuspended },
            title: details?.title ?? null,
            text: details?.text ?? null,
            price: details?.price == null ? null : toRupees(details.price),
            photos: details?.photos ?? [],
            context: details?.context ?? [],
            moderation: details?.moderation ?? null,
          },
        });
      }
      return { reports, nextCursor };
    },

    async act(actor: Actor, reportId: string, body: ModerateReportBody) {
      const report = await repo.findReport(db, reportId);
      if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
      if (report.status !== 'open') throw conflict(MODERATION_MESSAGES.closed);
      if (report.targetOwnerId === actor.id) throw badRequest(MODERATION_MESSAGES.own);
      if (body.action === 'remove' && report.targetType === 'user')
        throw badRequest(MODERATION_MESSAGES.removeUser);
      const { targetType, targetId, targetOwnerId } = report;
      const after: AppEvent[] = [];

      await db.transaction(async (tx) => {
        const closed = await repo.closeReports(tx, targetType, targetId, actor.id, body.action);
        if (closed.length === 0) throw conflict(MODERATION_MESSAGES.closed);
        const listing = targetType === 'product' || targetType === 'request' ? targetType : null;
        if (body.action === 'dismiss' && listing) {
          // Back on the lists: every process reads its pages afresh.
          if (await repo.setListing(tx, listing, targetId, 'visible', ['held']))
            after.push({ type: 'user.updated', userId: targetOwnerId });
        }
        if (body.action === 'remove') {
          if (listing) {
            const name = await repo.setListing(tx, listing, targetId, 'removed', ['visible', 'held']);
            if (name !== undefined) {
              after.push({ type: 'listing.hidden', targetType: listing, targetId, ownerId: targetOwnerId });
              after.push({
                type: 'listing.removed',
                ownerId: targetOwnerId,
                targetType: listing,
                name,
                reason: body.reason,
              });
            }
          } else {
            await repo.blankMessage(tx, targetId);
            after.push({
              type: 'listing.removed',
              ownerId: targetOwnerId,
              targetType: 'message',
              name: '',
              reason: body.reason,
            });
          }
        }
        if (body.action === 'suspend') {
          await repo.suspendUser(tx, targetOwnerId, body.days ?? null);
          // Every session ends at once on every process; every list drops their listings.
          after.push({ type: 'user.sessions_revoked', userId: targetOwnerId });
        }
        await repo.logAction(tx, {
          moderatorId: actor.id,
          action: body.action,
          targetType,
          targetId,
          reportId,
          reason: body.reason,
          days: body.action === 'suspend' ? (body.days ?? null) : null,
        });
      });
      for (const event of after) await events.emit(event);
      return { message: MODERATION_MESSAGES.done[body.action] };
    },

    async unsuspend(actor: Actor, userId: string, reason: string) {
      if (!(await repo.userExists(db, userId))) throw notFound(MODERATION_MESSAGES.userNotFound);
      await db.transaction(async (tx) => {
        if (!(await repo.liftSuspension(tx, userId))) throw conflict(MODERATION_MESSAGES.notSuspended);
        await repo.logAction(tx, {
          moderatorId: actor.id,
          action: 'unsuspend',
          targetType: 'user',
          targetId: userId,
          reason,
        });
      });
      await events.emit({ type: 'user.updated', userId });
      return { message: MODERATION_MESSAGES.done.unsuspend };
    },

    async actions(limit: number, cursor?: string) {
      const rows = await repo.listActions(db, limit, cursor);
      const { items, nextCursor } = pageOf(rows, limit, (r) => r.cursor);
      return {
        actions: items.map(({ action: a, moderatorName }) => ({
          id: a.id,
          moderator: { id: a.moderatorId, name: moderatorName },
          action: a.action,
          targetType: a.targetType,
          targetId: a.targetId,
          reason: a.reason,
          days: a.days,
          createdAt: a.createdAt.toISOString(),
        })),
        nextCursor,
      };
    },
  };
}
