import { REPORT_MESSAGES, REPORT_NOTICES, type CreateReportBody } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { badRequest, notFound } from '../../lib/errors';
import { isActiveUser, moderatorsBut } from '../../lib/user-ref';
import type { Limiter, LimiterFactory } from '../../lib/rate-limit';
import { reportRefusal, reportsToHold } from './reports.policy';
import { presentReport } from './reports.presenter';
import * as repo from './reports.repo';
import { bindUseCases } from '../../lib/use-cases';

/** Reports one user may file in an hour, on every process. */
export const REPORT_LIMIT = { points: 20, duration: 3600 } as const;

/** Messages an account must have sent (lacking a completed request or a sale) for its reports to hold a listing. */
const HOLD_REPORTER_MIN_MESSAGES = 5;

const limits = new WeakMap<LimiterFactory, Limiter>();
function limitOf(limiter: LimiterFactory): Limiter {
  let limit = limits.get(limiter);
  if (!limit) limits.set(limiter, (limit = limiter('reports', REPORT_LIMIT)));
  return limit;
}

/** What reports need of the listings' features (handed in by the composition root). */
export interface ReportsPorts {
  /** Holds a reported product, request, lost and found post or claim, each in its owner's table. */
  holds: repo.ListingHolds;
}

/** What filing a report works with: the context, its ports, the hourly budget and who counts toward a hold. */
interface Deps extends Pick<AppContext, 'db' | 'events'>, ReportsPorts {
  limit: Limiter;
  holdRule: Omit<repo.HoldRule, 'threshold'>;
}

/**
 * The moderators hear of a target's first open report (more reports on it join the same queue row),
 * except the reporter and the reported: a moderator never judges their own case.
 */
async function tellModerators(
  deps: Deps,
  actor: Actor,
  body: CreateReportBody,
  target: repo.Target,
  reportId: string,
) {
  if (!(await repo.isFirstOpenReport(deps.db, body.targetType, body.targetId))) return;
  const ids = await moderatorsBut(deps.db, [actor.id, target.ownerId]);
  if (ids.length)
    await deps.events.emit({
      type: 'users.noticed',
      userIds: ids,
      notice: {
        type: 'moderation',
        message: REPORT_NOTICES.toReview(body.targetType, target.label, body.reason),
        data: { reportId },
      },
    });
}

/** Files a report; enough of them on a listing hold it until a moderator decides. */
async function create(deps: Deps, actor: Actor, body: CreateReportBody) {
  const { db, events } = deps;
  await deps.limit.consume(actor.id, REPORT_MESSAGES.tooMany);
  const target = await repo.findTarget(db, body.targetType, body.targetId, actor.id);
  // Nothing of a deleted account is reported anew: it is answered as missing.
  if (!target || !(await isActiveUser(db, target.ownerId))) throw notFound(REPORT_MESSAGES.notFound);
  const refusal = reportRefusal(actor.id, target);
  if (refusal === 'own') throw badRequest(REPORT_MESSAGES.own);
  if (refusal === 'notVisible') throw notFound(REPORT_MESSAGES.notFound);

  const { row, created } = await repo.insertReport(db, {
    reporterId: actor.id,
    targetType: body.targetType,
    targetId: body.targetId,
    targetOwnerId: target.ownerId,
    reason: body.reason,
    details: body.details ?? null,
  });
  if (created) await tellModerators(deps, actor, body, target, row.id);
  if (created && repo.isHeld(body.targetType)) {
    const held = await repo.holdIfReported(db, deps.holds, body.targetType, body.targetId, {
      ...deps.holdRule,
      threshold: reportsToHold(body.targetType),
    });
    // Lost and found posts and claims have no live lists to drop them from.
    if (held && (body.targetType === 'product' || body.targetType === 'request'))
      await events.emit({
        type: 'listing.hidden',
        targetType: body.targetType,
        targetId: body.targetId,
        ownerId: held.ownerId,
      });
  }
  return { report: presentReport(row), created };
}

/**
 * Reports: a user flags a user, product, request, lost and found post, a claim on their found post or
 * a received message for the moderators. Open reports from enough different established users (see
 * `holdIfReported`) hold a product, request, post or claim (hidden from every list) until a moderator
 * decides; every report reaches the moderators.
 */
export function createReportsService(
  ctx: Pick<AppContext, 'db' | 'events' | 'limiter' | 'config'>,
  ports: ReportsPorts,
) {
  const deps: Deps = {
    db: ctx.db,
    events: ctx.events,
    ...ports,
    limit: limitOf(ctx.limiter),
    holdRule: {
      minAccountAgeHours: ctx.config.reportHoldAccountAgeHours,
      minMessagesSent: HOLD_REPORTER_MIN_MESSAGES,
    },
  };
  return bindUseCases(deps, { create });
}
export type ReportsService = ReturnType<typeof createReportsService>;
