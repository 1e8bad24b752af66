import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DELETED_USER_NAME,
  type AccountBlocker,
  type AccountBlockerKind,
  type EmailPreferences,
  type PushPreferences,
} from '@campusrun/shared';
import type { Db, Tx } from '../../db/client';
import {
  emailSends,
  notifications,
  offers,
  passwordResetTokens,
  productImages,
  products,
  pushSubscriptions,
  requests,
  savedProducts,
  sessions,
  userBlocks,
  users,
} from '../../db/schema';


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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What keeps the member from leaving: a delivery they accepted and have not finished; their own
 * request someone accepted; a trip they run still taking requests; a shared run they started or are
 * in that a day scholar may still accept; a settlement of theirs not yet settled.
 */
export async function blockersOf(tx: Tx, userId: string): Promise<AccountBlocker[]> {
  const rows = rowsOf<{ kind: AccountBlockerKind; id: string; title: string }>(
    await tx.execute(sql`
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
      order by at, id`),
  );
  return rows.map(({ kind, id, title }) => ({ kind, id, title }));
}

/** A product removed with its seller's account: what its removal must still tell and delete. */
export interface RemovedProduct {
  id: string;
  name: string;
  /** Who had saved it (read before the rows went). */
  savers: string[];
  /** Storage keys of its photos and thumbnails. */
  files: string[];
}

/** What the deletion did, for the announcements after it committed. */
export interface Deleted {
  /** The avatar the account had (a URL), whose file goes now. */
  avatar: string | null;
  /** Their pending requests, cancelled. */
  cancelledRequests: string[];
  removedProducts: RemovedProduct[];
}

const NO_EMAIL: EmailPreferences = { messages: false, requests: false };
const NO_PUSH: PushPreferences = { messages: false, requests: false, urgent: false, marketplace: false };

/** An address nobody can own or sign in with (`.invalid` never resolves), unique like the column. */
export const erasedEmail = (userId: string) => `${userId}@deleted.invalid`;

/**
 * Deletes the account in one transaction: holds the member's row (so two deletions, or a deletion
 * and anything that refers to the row, take turns), cancels their pending requests, then reads the
 * blockers, so a day scholar who accepted one of those requests a moment earlier is seen. With any
 * blocker nothing changes and they are answered; otherwise every personal row goes and the user row
 * keeps only what others' records need, under the name "Deleted user".
 */
export async function deleteAccount(
  db: Db,
  userId: string,
): Promise<{ missing: true } | { blockers: AccountBlocker[] } | { deleted: Deleted }> {
  try {
    const deleted = await db.transaction(async (tx) => erase(tx, userId));
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

async function erase(tx: Tx, userId: string): Promise<Deleted | undefined> {
  const [user] = await tx
    .select({ name: users.name, avatar: users.avatar, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user || user.deletedAt) return undefined;

  const cancelled = await tx
    .update(requests)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(requests.requesterId, userId),
        eq(requests.status, 'pending'),
        // Those in a shared run still open stay, so the run is seen as a blocker below.
        sql`not exists (select 1 from runs u where u.id = ${requests.runId} and ${openRun('u')})`,
      ),
    )
    .returning({ id: requests.id });
  const blockers = await blockersOf(tx, userId);
  if (blockers.length) throw new Blocked(blockers);

  await rewriteTextsNaming(tx, userId, user.name);
  // A sale nobody confirmed is no debt: one they were asked to confirm, or proposed, is called off.
  await tx.execute(sql`update settlements set state = 'void', voided_at = now(), updated_at = now()
    where (payer_id = ${userId} or payee_id = ${userId}) and state = 'proposed'`);
  // Where their requests were brought is where they live (filled in from their block and room):
  // every one of them is finished or cancelled by now, so nobody needs it any more.
  await tx.update(requests).set({ deliveryLocation: '' }).where(eq(requests.requesterId, userId));
  const removedProducts = await deleteProducts(tx, userId);
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(savedProducts).where(eq(savedProducts.userId, userId));
  await tx.delete(userBlocks).where(eq(userBlocks.blockerId, userId));
  await tx.delete(offers).where(and(eq(offers.buyerId, userId), eq(offers.status, 'pending')));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailSends).where(eq(emailSends.userId, userId));
  await tx
    .update(users)
    .set({
      name: DELETED_USER_NAME,
      email: erasedEmail(userId),
      passwordHash: null,
      googleSub: null,
      avatar: null,
      phoneNumber: null,
      hostelBlock: null,
      roomNumber: null,
      upiId: null,
      isModerator: false,
      emailPreferences: NO_EMAIL,
      pushPreferences: NO_PUSH,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return { avatar: user.avatar, cancelledRequests: cancelled.map((r) => r.id), removedProducts };
}

/** The member's products, gone with their photos' rows; what their removal must still tell. */
async function deleteProducts(tx: Tx, sellerId: string): Promise<RemovedProduct[]> {
  const mine = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .for('update');
  if (mine.length === 0) return [];
  const ids = mine.map((p) => p.id);
  const images = await tx
    .select({ productId: productImages.productId, path: productImages.path, thumb: productImages.thumbPath })
    .from(productImages)
    .where(inArray(productImages.productId, ids));
  const savers = await tx
    .select({ productId: savedProducts.productId, userId: savedProducts.userId })
    .from(savedProducts)
    .where(inArray(savedProducts.productId, ids));
  await tx.delete(products).where(inArray(products.id, ids));
  return mine.map((p) => ({
    id: p.id,
    name: p.name,
    savers: savers.filter((s) => s.productId === p.id && s.userId !== sellerId).map((s) => s.userId),
    files: images.filter((i) => i.productId === p.id).flatMap((i) => [i.path, i.thumb]),
  }));
}

/**
 * Texts stored for other people that name the member, written when it happened: notifications
 * ("Meera sent you a message", "Reminder: you owe Meera…", "Meera is coming from Katpadi…") and the
 * details of a "money not received" dispute. Each is rewritten to name "Deleted user", but only
 * where it is about the member: a notification of someone they dealt with (a request, a message,
 * an offer, a rating, a settlement, a trip), so another member of the same name keeps theirs.
 */
async function rewriteTextsNaming(tx: Tx, userId: string, name: string) {
  const first = name.trim().split(/\s+/)[0] ?? name;
  // PostgreSQL counts characters, not UTF-16 units.
  const chars = (s: string) => [...s].length;
  const reminder = 'Reminder: you owe ';
  const replaced = (prefix: string) =>
    sql`${prefix} || ${DELETED_USER_NAME} || substr(n.message, ${chars(prefix + name) + 1})`;
  await tx.execute(sql`
    with counterparts(id) as (
      select r.deliverer_id from ${requests} r where r.requester_id = ${userId} and r.deliverer_id is not null
      union select r.requester_id from ${requests} r where r.deliverer_id = ${userId}
      union select m.receiver_id from messages m where m.sender_id = ${userId}
      union select m.sender_id from messages m where m.receiver_id = ${userId}
      union select s.payee_id from settlements s where s.payer_id = ${userId}
      union select s.payer_id from settlements s where s.payee_id = ${userId}
      union select g.user_id from ratings g where g.rater_id = ${userId}
      union select g.rater_id from ratings g where g.user_id = ${userId}
      union select p.seller_id from ${offers} o join ${products} p on p.id = o.product_id where o.buyer_id = ${userId}
      union select o.buyer_id from ${offers} o join ${products} p on p.id = o.product_id where p.seller_id = ${userId}
    )
    update ${notifications} n set message = case
        when left(n.message, ${chars(name) + 1}) = ${name + ' '} then ${replaced('')}
        else ${replaced(reminder)}
      end
    where n.user_id in (select id from counterparts)
      and (left(n.message, ${chars(name) + 1}) = ${name + ' '}
        or left(n.message, ${chars(reminder + name) + 1}) = ${reminder + name + ' '})`);
  // Trip notices name the runner or the requester by their first name only.
  await tx.execute(sql`
    update ${notifications} n
    set message = ${DELETED_USER_NAME} || substr(n.message, ${chars(first) + 1})
    where left(n.message, ${chars(first) + 1}) = ${first + ' '}
      and (n.data->>'tripId' in (select t.id::text from trips t where t.runner_id = ${userId})
        or (n.user_id, n.data->>'tripId') in (select t.runner_id, t.id::text from trips t
          join ${requests} r on r.trip_id = t.id where r.requester_id = ${userId}))`);
  await tx.execute(sql`
    update disputes d set details = ${DELETED_USER_NAME} || substr(d.details, ${chars(name) + 1})
    where left(d.details, ${chars(name) + 1}) = ${name + ' '}
      and d.settlement_id in (select s.id from settlements s where s.payer_id = ${userId} or s.payee_id = ${userId})`);
}
