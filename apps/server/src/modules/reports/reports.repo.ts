import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ReportReason, ReportTargetType } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import {
  lostFoundClaims,
  lostFoundPosts,
  messages,
  products,
  reports,
  requests,
  users,
} from '../../db/schema';

/** What the reporter may report: the target's owner and whether it is a listing still shown. */
export interface Target {
  ownerId: string;
  /**
   * How the moderators' notice names it: the member's name, the product's or the request's title, the
   * title of a claim's post.
   */
  label: string;
  /** Who alone see it (see `reportRefusal`): a closed request's parties, a claim's finder. */
  seenOnlyBy?: (string | null)[];
}

/**
 * The owner of a target that exists, or undefined: a user; a product, request, lost and found post or
 * claim not removed by a moderator; a message the reporter received.
 */
export async function findTarget(
  db: Db,
  type: ReportTargetType,
  id: string,
  reporterId: string,
): Promise<Target | undefined> {
  switch (type) {
    case 'user': {
      const [row] = await db
        .select({ id: users.id, label: users.name })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row && { ownerId: row.id, label: row.label };
    }
    case 'product': {
      const [row] = await db
        .select({ ownerId: products.sellerId, label: products.name })
        .from(products)
        .where(and(eq(products.id, id), sql`${products.moderation} <> 'removed'`))
        .limit(1);
      return row;
    }
    case 'request': {
      const [row] = await db
        .select({
          ownerId: requests.requesterId,
          label: requests.itemName,
          status: requests.status,
          delivererId: requests.delivererId,
        })
        .from(requests)
        .where(and(eq(requests.id, id), sql`${requests.moderation} <> 'removed'`))
        .limit(1);
      if (!row) return undefined;
      const closed = row.status === 'completed' || row.status === 'cancelled';
      return {
        ownerId: row.ownerId,
        label: row.label,
        ...(closed ? { seenOnlyBy: [row.ownerId, row.delivererId] } : {}),
      };
    }
    case 'lost_found_post': {
      const [row] = await db
        .select({ ownerId: lostFoundPosts.userId, label: lostFoundPosts.title })
        .from(lostFoundPosts)
        .where(and(eq(lostFoundPosts.id, id), sql`${lostFoundPosts.moderation} <> 'removed'`))
        .limit(1);
      return row;
    }
    case 'lost_found_claim': {
      const [row] = await db
        .select({
          ownerId: lostFoundClaims.claimantId,
          label: lostFoundPosts.title,
          finderId: lostFoundPosts.userId,
        })
        .from(lostFoundClaims)
        .innerJoin(lostFoundPosts, eq(lostFoundPosts.id, lostFoundClaims.postId))
        .where(and(eq(lostFoundClaims.id, id), sql`${lostFoundClaims.moderation} <> 'removed'`))
        .limit(1);
      return row && { ownerId: row.ownerId, label: row.label, seenOnlyBy: [row.finderId] };
    }
    case 'message': {
      const [row] = await db
        .select({ ownerId: messages.senderId, label: users.name })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(and(eq(messages.id, id), eq(messages.receiverId, reporterId)))
        .limit(1);
      return row;
    }
  }
}

export interface NewReport {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  targetOwnerId: string;
  reason: ReportReason;
  details: string | null;
}

const reportColumns = {
  id: reports.id,
  targetType: reports.targetType,
  targetId: reports.targetId,
  reason: reports.reason,
  details: reports.details,
  status: reports.status,
  createdAt: reports.createdAt,
};
export type ReportRow = { [K in keyof typeof reportColumns]: (typeof reports.$inferSelect)[K] };

/**
 * The reporter's open report on the target: the new one (`created`), or the one already open (one
 * open report per reporter and target, held by a partial unique index, so a race inserts once).
 */
export async function insertReport(db: Db, report: NewReport): Promise<{ row: ReportRow; created: boolean }> {
  const [inserted] = await db
    .insert(reports)
    .values(report)
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning(reportColumns);
  if (inserted) return { row: inserted, created: true };
  const [open] = await db
    .select(reportColumns)
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, report.reporterId),
        eq(reports.targetType, report.targetType),
        eq(reports.targetId, report.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return { row: open!, created: false };
}

/** Whether this is the only open report on its target: the moderators hear of a target once, not per report. */
export async function isFirstOpenReport(db: Db, type: ReportTargetType, id: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')));
  return row?.count === 1;
}

/**
 * Holds a visible listing while `enough` (the reports' rule) holds; answers its owner when this call
 * held it. Each listing's feature writes its own table (handed in through `ReportsPorts`).
 */
type HoldListing = (tx: Executor, id: string, enough: SQL) => Promise<{ ownerId: string } | undefined>;

/** How each kind of listing is held. */
export interface ListingHolds {
  product: HoldListing;
  request: HoldListing;
  lost_found_post: HoldListing;
  lost_found_claim: HoldListing;
}

/** The kinds of target reports hold: the listings (and lost and found claims). */
export type HeldType = keyof ListingHolds;
const HELD: Record<HeldType, true> = {
  product: true,
  request: true,
  lost_found_post: true,
  lost_found_claim: true,
};
export const isHeld = (type: ReportTargetType): type is HeldType => Object.hasOwn(HELD, type);

/** Which reporters' open reports count toward holding a listing. */
export interface HoldRule {
  /** Reports on the same listing from this many different counting reporters hold it. */
  threshold: number;
  /** A reporter's account must be at least this old. */
  minAccountAgeHours: number;
  /** ...and have a completed request, a sale with a named buyer, or at least this many messages sent. */
  minMessagesSent: number;
}

/**
 * Holds a visible product, request, lost and found post or claim once `rule.threshold` different established users have open
 * reports on it: accounts older than `minAccountAgeHours` that took part in a completed request (as
 * requester or deliverer) or a sale (as seller or named buyer), or sent `minMessagesSent` messages.
 * Reports from newer or idle accounts are kept for the moderators but hold nothing, so a handful of
 * fresh accounts cannot hide a listing. Answers the owner when this call held it (once, however many
 * reports race).
 */
export async function holdIfReported(
  db: Db,
  holds: ListingHolds,
  type: HeldType,
  id: string,
  rule: HoldRule,
): Promise<{ ownerId: string } | undefined> {
  const reporters = sql`(select count(distinct r.reporter_id) from ${reports} r
    join ${users} u on u.id = r.reporter_id
    where r.target_type = ${type} and r.target_id = ${id} and r.status = 'open'
      and u.created_at <= now() - make_interval(hours => ${rule.minAccountAgeHours}::int)
      and (exists (select 1 from ${requests} q where q.status = 'completed' and q.requester_id = u.id)
        or exists (select 1 from ${requests} q where q.status = 'completed' and q.deliverer_id = u.id)
        or exists (select 1 from ${products} p where p.status = 'sold' and p.buyer_id is not null and p.seller_id = u.id)
        or exists (select 1 from ${products} p where p.status = 'sold' and p.buyer_id = u.id)
        or (select count(*) from (select 1 from ${messages} m where m.sender_id = u.id limit ${rule.minMessagesSent}) s)
          >= ${rule.minMessagesSent}))`;
  const enough = sql`${reporters} >= ${rule.threshold}`;
  return holds[type](db, id, enough);
}

// ---- Moderation's decisions (in the moderator's transaction) ----

/** Closes every open report on the target with the moderator's action. */
export const closeReports = (
  tx: Executor,
  type: ReportTargetType,
  id: string,
  moderatorId: string,
  action: 'dismiss' | 'remove' | 'suspend',
) =>
  tx
    .update(reports)
    .set({ status: 'closed', resolution: action, closedBy: moderatorId, closedAt: new Date() })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
