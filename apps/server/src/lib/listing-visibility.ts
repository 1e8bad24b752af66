import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { userBlocks, users } from '../db/schema';

/**
 * Who may be shown in lists, and next to whom. One place for the trust-and-safety filters that
 * several features' lists share (requests, products, chat):
 * - a listing shows only while its moderation state is 'visible' (not held after reports, not
 *   removed by a moderator);
 * - a suspended user's listings show to nobody;
 * - two users of whom either blocks the other do not see each other's listings, and do not trade:
 *   no sale, offer or review between them, and no notice of one reaches the other.
 * A suspended seller's products answer 404 by link too, to everyone but moderators.
 */

/** The listing is neither held nor removed. */
export const visibleListing = (moderation: AnyColumn): SQL => sql`${moderation} = 'visible'`;

/** The user `userId` names is not suspended now. */
export const notSuspended = (userId: AnyColumn | SQL | string): SQL =>
  sql`not exists (select 1 from ${users} su where su.id = ${userId} and su.suspended_at is not null
    and (su.suspended_until is null or su.suspended_until > now()))`;

type UserRef = AnyColumn | SQL | string | Placeholder;

/** Neither of the two users blocks the other. */
export const notBlocked = (a: UserRef, b: UserRef): SQL =>
  sql`not exists (select 1 from ${userBlocks} ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b})
    or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;

/** Whether either of the two users blocks the other. */
export async function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(db, sql`select not ${notBlocked(a, b)} as blocked`);
  return row?.blocked === true;
}

/** Whether the user `userId` names is suspended now. */
export async function isSuspended(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ suspended: boolean }>(
    db,
    sql`select not ${notSuspended(userId)} as suspended`,
  );
  return row?.suspended === true;
}

/** Everyone who blocks `userId` or whom `userId` blocks (each once). */
export async function blockedWith(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct case when ub.blocker_id = ${userId}
      then ub.blocked_id else ub.blocker_id end as id
    from ${userBlocks} ub where ub.blocker_id = ${userId} or ub.blocked_id = ${userId}`,
  );
  return rows.map((r) => r.id);
}

/** Those of `userIds` of whom neither blocks `userId` nor is blocked by them (in no particular order). */
export async function notBlockedAmong(db: Db, userId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select u.id from ${users} u
    where u.id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${notBlocked(sql`u.id`, userId)}`,
  );
  return rows.map((r) => r.id);
}
