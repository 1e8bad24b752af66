import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { follows, users } from '../../db/schema';
import { notBlocked } from '../../lib/listing-visibility';
import { afterCursor, cursorOf, listOrder, orderBy } from '../../lib/lists';
import { isoText } from '../../lib/sql-time';

/**
 * A member as a would-be follower sees them: their role, how many follow them, whether the viewer
 * does, and whether either of the two blocks the other. Undefined for no account or a deleted one.
 */
export const findTarget = async (db: Db, viewerId: string, userId: string) =>
  (
    await db
      .select({
        id: users.id,
        role: users.role,
        followerCount: sql<number>`(select count(*)::int from ${follows} f where f.seller_id = ${users.id})`,
        following: sql<boolean>`exists (select 1 from ${follows} f
          where f.seller_id = ${users.id} and f.follower_id = ${viewerId})`,
        blocked: sql<boolean>`not ${notBlocked(users.id, viewerId)}`,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .limit(1)
  )[0];
export type FollowTarget = NonNullable<Awaited<ReturnType<typeof findTarget>>>;

/**
 * `followerId` follows `sellerId`, unless either blocks the other by now (a block made between the
 * check and this write); a second follow is no change. Answers whether the follow holds.
 */
export async function insertFollow(db: Db, followerId: string, sellerId: string): Promise<boolean> {
  const follower = sql`${followerId}::uuid`;
  const seller = sql`${sellerId}::uuid`;
  // The statement's own insert is not visible to its other reads: a new row or an old one holds it.
  const [row] = await queryRows<{ held: boolean }>(
    db,
    sql`with added as (
        insert into ${follows} (follower_id, seller_id)
        select ${follower}, ${seller} where ${notBlocked(follower, seller)}
        on conflict do nothing
        returning 1)
      select exists (select 1 from added)
        or exists (select 1 from ${follows} f where f.follower_id = ${follower} and f.seller_id = ${seller}) as held`,
  );
  return row?.held === true;
}

export const deleteFollow = async (db: Db, followerId: string, sellerId: string) => {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.sellerId, sellerId)));
};

const followingOrder = listOrder(
  'following',
  'desc',
  [follows.createdAt, 'time'],
  [follows.sellerId, 'uuid'],
);
const followersOrder = listOrder(
  'followers',
  'desc',
  [follows.createdAt, 'time'],
  [follows.followerId, 'uuid'],
);

/** One page of the sellers `userId` follows, newest follow first (`limit + 1` rows). */
export const followingPage = (db: Db, userId: string, limit: number, cursor?: string) =>
  db
    .select({
      id: users.id,
      name: users.name,
      avatar: users.avatar,
      since: isoText(follows.createdAt),
      cursor: cursorOf(followingOrder),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.sellerId))
    .where(and(eq(follows.followerId, userId), isNull(users.deletedAt), afterCursor(followingOrder, cursor)))
    .orderBy(...orderBy(followingOrder))
    .limit(limit + 1);

/** One page of those who follow `userId`, newest first (`limit + 1` rows). */
export const followersPage = (db: Db, userId: string, limit: number, cursor?: string) =>
  db
    .select({
      id: users.id,
      name: users.name,
      avatar: users.avatar,
      since: isoText(follows.createdAt),
      cursor: cursorOf(followersOrder),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.sellerId, userId), isNull(users.deletedAt), afterCursor(followersOrder, cursor)))
    .orderBy(...orderBy(followersOrder))
    .limit(limit + 1);

/** How many `userId` follows, or how many follow them. */
export const countFollows = async (db: Db, userId: string, side: 'following' | 'followers') =>
  (
    await db
      .select({ n: count() })
      .from(follows)
      .innerJoin(users, eq(users.id, side === 'following' ? follows.sellerId : follows.followerId))
      .where(
        and(
          eq(side === 'following' ? follows.followerId : follows.sellerId, userId),
          isNull(users.deletedAt),
        ),
      )
  )[0]!.n;

/** A block separates the two: neither follows the other any more. */
export const deleteFollowsBetween = async (db: Db, a: string, b: string) => {
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.sellerId, b)),
        and(eq(follows.followerId, b), eq(follows.sellerId, a)),
      ),
    );
};

/** A leaving member follows nobody and is followed by nobody (the account's deletion, in its transaction). */
export const deleteFollowsOf = async (tx: Executor, userId: string) => {
  await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.sellerId, userId)));
};
