import { and, eq, sql } from 'drizzle-orm';
import type { AccountBlocker, AccountBlockerKind } from '@campusrun/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { requests, sessions, users } from '../../db/schema';

/**
 * Every statement of "Delete my account". The deletion is one transaction that holds the member's
 * row: it reads what stands in the way from the other features' tables, and erases or rewrites what
 * those tables keep of the member.
 */

/** What the proof of identity needs: whether there is a password (and its hash), and whether it is gone. */
export const findAccount = async (db: Db, userId: string) =>
  (
    await db
      .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
  )[0];

/** When the session (signed-in device) was started, or null when it has ended. */
export const sessionStartedAt = async (db: Db, userId: string, sessionId: string) =>
  (
    await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .limit(1)
  )[0]?.createdAt ?? null;

/** A shared run a day scholar may still accept (aliased `alias`). */
const openRun = (alias: string) => sql.raw(`${alias}.status = 'open' and ${alias}.deadline > now()`);

/**
 * What keeps the member from leaving: a delivery they accepted and have not finished; their own
 * request someone accepted; a trip they run still taking requests; a shared run they started or are
 * in that a day scholar may still accept; a settlement of theirs not yet settled.
 */
async function blockersOf(executor: Executor, userId: string): Promise<AccountBlocker[]> {
  const rows = await queryRows<{ kind: AccountBlockerKind; id: string; title: string }>(
    executor,
    sql`
      select 'delivery' as kind, r.id, r.item_name as title, r.created_at as at from ${requests} r
        where r.deliverer_id = ${userId} and r.status = 'accepted'
      union all
      select 'request', r.id, r.item_name, r.created_at from ${requests} r
        where r.requester_id = ${userId} and r.status = 'accepted'
      union all
      select 'trip', t.id, t."from", t.created_at from trips t
        where t.runner_id = ${userId} and t.status = 'open' and t.cutoff_at > now()
      union all
      select 'run', u.id, u.pickup_from, u.created_at from runs u
        where ${openRun('u')}
          and (u.starter_id = ${userId} or exists (select 1 from ${requests} q
            where q.run_id = u.id and q.requester_id = ${userId} and q.status <> 'cancelled'))
      union all
      select 'settlement', s.id, s.title, s.created_at from settlements s
        where (s.payer_id = ${userId} or s.payee_id = ${userId}) and s.state in ('open', 'paid', 'disputed')
      order by at, id`,
  );
  return rows.map(({ kind, id, title }) => ({ kind, id, title }));
}

/**
 * What stands in the way of deleting the account now, read outside the deletion (the Delete dialog
 * shows it first). The pending requests the deletion would cancel are no blockers, so they are left
 * alone here.
 */
export const findBlockers = (db: Db, userId: string) => blockersOf(db, userId);

/** A product removed with its seller's account: what its removal must still tell and delete. */
export interface RemovedProduct {
  id: string;
  name: string;
  /** Who had saved it (read before the rows went). */
  savers: string[];
  /** Storage keys of its photos and thumbnails. */
  files: string[];
}

/**
 * What the other features erase or rewrite of a leaving member, each in the table it owns, inside
 * the deletion's transaction (handed in by the composition root through `AccountPorts`).
 */
export interface MemberErasers {
  /** Their pending requests, cancelled (not those in a shared run still open); answers the ids. */
  cancelPendingRequests(tx: Executor, userId: string): Promise<string[]>;
  /** Where their requests were brought. */
  forgetDeliveryLocations(tx: Executor, userId: string): Promise<void>;
  /**
   * Texts stored for other people that name the member, written when it happened: notifications
   * ("Meera sent you a message") and a dispute's details, rewritten to name "Deleted user".
   */
  renameInNotifications(tx: Executor, userId: string, name: string): Promise<void>;
  renameInDisputes(tx: Executor, userId: string, name: string): Promise<void>;
  /** A sale nobody confirmed is no debt: it is called off. */
  voidProposedSettlements(tx: Executor, userId: string): Promise<void>;
  /** Their products, gone with their photos' rows; what their removal must still tell. */
  deleteProducts(tx: Executor, sellerId: string): Promise<RemovedProduct[]>;
  forgetSavedProducts(tx: Executor, userId: string): Promise<void>;
  deleteSessions(tx: Executor, userId: string): Promise<void>;
  deletePushSubscriptions(tx: Executor, userId: string): Promise<void>;
  deleteBlocksBy(tx: Executor, userId: string): Promise<void>;
  /** Whom they follow and who follows them (the user row stays, so no foreign key removes them). */
  deleteFollowsOf(tx: Executor, userId: string): Promise<void>;
  /** What they asked to be told of (the user row stays, so no foreign key removes them). */
  deleteSavedSearches(tx: Executor, userId: string): Promise<void>;
  deleteWantedPosts(tx: Executor, userId: string): Promise<void>;
  /** Their lost and found posts (with the claims on them) and their claims. */
  deleteLostFound(tx: Executor, userId: string): Promise<void>;
  deletePendingOffersBy(tx: Executor, userId: string): Promise<void>;
  deleteNotifications(tx: Executor, userId: string): Promise<void>;
  deletePasswordResets(tx: Executor, userId: string): Promise<void>;
  deleteEmailSends(tx: Executor, userId: string): Promise<void>;
  /** The user row keeps only what others' records need, under the name "Deleted user". */
  eraseUser(tx: Executor, userId: string): Promise<void>;
}

/** What the deletion did, for the announcements after it committed. */
export interface Deleted {
  /** The avatar the account had (a URL), whose file goes now. */
  avatar: string | null;
  /** Their pending requests, cancelled. */
  cancelledRequests: string[];
  removedProducts: RemovedProduct[];
}

/**
 * Deletes the account in one transaction: holds the member's row (so two deletions, or a deletion
 * and anything that refers to the row, take turns), cancels their pending requests, then reads the
 * blockers, so a day scholar who accepted one of those requests a moment earlier is seen. With any
 * blocker nothing changes and they are answered; otherwise every personal row goes and the user row
 * keeps only what others' records need, under the name "Deleted user".
 */
export async function deleteAccount(
  db: Db,
  erasers: MemberErasers,
  userId: string,
): Promise<{ missing: true } | { blockers: AccountBlocker[] } | { deleted: Deleted }> {
  try {
    const deleted = await db.transaction(async (tx) => erase(tx, erasers, userId));
    return deleted ? { deleted } : { missing: true };
  } catch (err) {
    if (err instanceof Blocked) return { blockers: err.blockers };
    throw err;
  }
}

/** Thrown inside the deletion's transaction to undo it (the cancelled requests too). */
class Blocked extends Error {
  constructor(readonly blockers: AccountBlocker[]) {
    super('account in use');
  }
}

async function erase(tx: Tx, erasers: MemberErasers, userId: string): Promise<Deleted | undefined> {
  const [user] = await tx
    .select({ name: users.name, avatar: users.avatar, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user || user.deletedAt) return undefined;

  const cancelled = await erasers.cancelPendingRequests(tx, userId);
  const blockers = await blockersOf(tx, userId);
  if (blockers.length) throw new Blocked(blockers);

  await erasers.renameInNotifications(tx, userId, user.name);
  await erasers.renameInDisputes(tx, userId, user.name);
  await erasers.voidProposedSettlements(tx, userId);
  await erasers.forgetDeliveryLocations(tx, userId);
  const removedProducts = await erasers.deleteProducts(tx, userId);
  await erasers.deleteSessions(tx, userId);
  await erasers.deletePushSubscriptions(tx, userId);
  await erasers.forgetSavedProducts(tx, userId);
  await erasers.deleteBlocksBy(tx, userId);
  await erasers.deleteFollowsOf(tx, userId);
  await erasers.deleteSavedSearches(tx, userId);
  await erasers.deleteWantedPosts(tx, userId);
  await erasers.deleteLostFound(tx, userId);
  await erasers.deletePendingOffersBy(tx, userId);
  await erasers.deleteNotifications(tx, userId);
  await erasers.deletePasswordResets(tx, userId);
  await erasers.deleteEmailSends(tx, userId);
  await erasers.eraseUser(tx, userId);
  return { avatar: user.avatar, cancelledRequests: cancelled, removedProducts };
}
