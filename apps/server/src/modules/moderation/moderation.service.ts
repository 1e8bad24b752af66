import {
  MODERATION_MESSAGES,
  type ModerateReportBody,
  type ModerationReport,
  type ReportStatus,
  type ReportTargetType,
} from '@campusrun/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AppEvent } from '../../lib/events';
import { pageOf } from '../../lib/lists';
import { createUploadLinks } from '../../lib/upload-links';
import { presentReport } from './moderation.presenter';
import * as repo from './moderation.repo';
import { bindUseCases } from '../../lib/use-cases';

type Context = Pick<AppContext, 'db' | 'events' | 'storage' | 'config'> & {
  log: Pick<AppContext['log'], 'error'>;
};

type SetModeration = (
  tx: Executor,
  id: string,
  to: 'visible' | 'removed',
  from: ('visible' | 'held')[],
) => Promise<string | undefined>;

/**
 * What a decision changes in other features' tables, each written by its owner inside the
 * decision's transaction (handed in by the composition root).
 */
export interface ModerationPorts {
  /** Closes every open report on the target; answers those closed. */
  closeReports(
    tx: Executor,
    type: ReportTargetType,
    id: string,
    moderatorId: string,
    action: 'dismiss' | 'remove' | 'suspend',
  ): Promise<{ id: string }[]>;
  /**
   * A listing's (or a lost and found claim's) moderation state, set from one of `from`; answers its
   * name when it changed (a claim's: its post's title).
   */
  listings: {
    product: SetModeration;
    request: SetModeration;
    lost_found_post: SetModeration;
    lost_found_claim: SetModeration;
  };
  /** Blanks a message; answers its photo's storage key, for removal after commit. */
  blankMessage(tx: Executor, id: string): Promise<string | null>;
  suspendUser(tx: Executor, id: string, days: number | null): Promise<unknown>;
  /** Answers whether a suspension was lifted. */
  liftSuspension(tx: Executor, id: string): Promise<boolean>;
}

/** What every moderation use case works with; `urls` shows a report's photos. */
interface Deps extends Pick<AppContext, 'db' | 'events' | 'storage'>, ModerationPorts {
  log: Pick<AppContext['log'], 'error'>;
  urls: { storage: AppContext['storage']; links: ReturnType<typeof createUploadLinks> };
}

/**
 * Closes the report (and every open one on its target) with the decision and logs it in one
 * transaction; open screens and other processes are told afterwards.
 */
async function act(deps: Deps, actor: Actor, reportId: string, body: ModerateReportBody) {
  const { db, events, storage, log } = deps;
  const report = await repo.findReport(db, reportId);
  if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
  if (report.status !== 'open') throw conflict(MODERATION_MESSAGES.closed);
  if (report.targetOwnerId === actor.id) throw badRequest(MODERATION_MESSAGES.own);
  if (body.action === 'remove' && report.targetType === 'user')
    throw badRequest(MODERATION_MESSAGES.removeUser);
  const { targetType, targetId, targetOwnerId } = report;
  const after: AppEvent[] = [];
  let removedPhoto: string | null = null;

  await db.transaction(async (tx) => {
    const closed = await deps.closeReports(tx, targetType, targetId, actor.id, body.action);
    if (closed.length === 0) throw conflict(MODERATION_MESSAGES.closed);
    const listing = targetType === 'user' || targetType === 'message' ? null : targetType;
    if (body.action === 'dismiss' && listing) {
      // Back on the lists: every process reads its pages afresh.
      if (await deps.listings[listing](tx, targetId, 'visible', ['held']))
        after.push({ type: 'user.updated', userId: targetOwnerId });
    }
    if (body.action === 'remove') {
      if (listing) {
        const name = await deps.listings[listing](tx, targetId, 'removed', ['visible', 'held']);
        if (name !== undefined) {
          // Lost and found posts and claims have no live lists to drop them from.
          if (listing === 'product' || listing === 'request')
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
        removedPhoto = await deps.blankMessage(tx, targetId);
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
      await deps.suspendUser(tx, targetOwnerId, body.days ?? null);
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
  if (removedPhoto) {
    // Best effort: the message no longer points at the file either way.
    await storage.delete(removedPhoto).catch((err: unknown) => {
      log.error({ err, key: removedPhoto }, 'could not delete an upload');
    });
  }
  for (const event of after) await events.emit(event);
  return { message: MODERATION_MESSAGES.done[body.action] };
}

/** The report queue, with a preview of each target. */
async function reports({ db, urls }: Deps, status: ReportStatus, limit: number, cursor?: string) {
  const rows = await repo.listReports(db, status, limit, cursor);
  const { items, nextCursor } = pageOf(rows, limit, (r) => r.cursor);
  const found: ModerationReport[] = [];
  for (const row of items) {
    const r = row.report;
    const details = await repo.targetDetails(db, r.targetType, r.targetId, r.targetOwnerId);
    found.push(presentReport(row, details, urls));
  }
  return { reports: found, nextCursor };
}

/** Lifts a suspension, logged. */
async function unsuspend(deps: Deps, actor: Actor, userId: string, reason: string) {
  const { db, events } = deps;
  if (!(await repo.userExists(db, userId))) throw notFound(MODERATION_MESSAGES.userNotFound);
  await db.transaction(async (tx) => {
    if (!(await deps.liftSuspension(tx, userId))) throw conflict(MODERATION_MESSAGES.notSuspended);
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
}

/** The append-only log of every action, newest first. */
async function actions({ db }: Deps, limit: number, cursor?: string) {
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
}

/**
 * Campus moderation: the report queue with a preview of each target, the three decisions (dismiss,
 * remove, suspend), lifting a suspension, and the append-only log of every action. Each decision
 * and its log row commit together; open screens and other processes are told afterwards, and a
 * removed photo message's file is deleted then (its link answers 404 from that moment).
 */
export function createModerationService(ctx: Context, ports: ModerationPorts) {
  const { db, events, storage, log } = ctx;
  const urls = { storage, links: createUploadLinks(ctx.config.jwtSecrets) };
  const deps: Deps = { db, events, storage, log, urls, ...ports };
  return bindUseCases(deps, { reports, act, unsuspend, actions });
}
export type ModerationService = ReturnType<typeof createModerationService>;
