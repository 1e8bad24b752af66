import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductCategory } from '@campusrun/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { products, users, wantedHits, wantedPosts } from '../../db/schema';
import { notBlocked, notSuspended, visibleListing } from '../../lib/listing-visibility';
import { afterCursor, cursorOf, listOrder, matchesQuery, orderBy } from '../../lib/lists';
import { isoText } from '../../lib/sql-time';

/** Open and not past its 14 days: what lists show. */
const live = and(eq(wantedPosts.status, 'open'), sql`${wantedPosts.expiresAt} > now()`)!;

/** A wanted post with its poster, and whether the viewer and the poster block each other. */
const columns = (viewerId: string) => ({
  id: wantedPosts.id,
  userId: wantedPosts.userId,
  title: wantedPosts.title,
  details: wantedPosts.details,
  category: wantedPosts.category,
  maxPrice: wantedPosts.maxPrice,
  status: wantedPosts.status,
  photoPath: wantedPosts.photoPath,
  photoThumbPath: wantedPosts.photoThumbPath,
  expired: sql<boolean>`${wantedPosts.expiresAt} <= now()`,
  expiresAt: isoText(wantedPosts.expiresAt),
  createdAt: isoText(wantedPosts.createdAt),
  posterName: users.name,
  posterAvatar: users.avatar,
  blocked: sql<boolean>`not ${notBlocked(wantedPosts.userId, viewerId)}`,
});
export type WantedRow = NonNullable<Awaited<ReturnType<typeof findWanted>>>;

/** One wanted post as `viewerId` sees it; undefined when there is none (or its poster left). */
export const findWanted = async (db: Db, viewerId: string, id: string) =>
  (
    await db
      .select(columns(viewerId))
      .from(wantedPosts)
      .innerJoin(users, eq(users.id, wantedPosts.userId))
      .where(and(eq(wantedPosts.id, id), sql`${users.deletedAt} is null`))
      .limit(1)
  )[0];

const newestFirst = listOrder('wanted', 'desc', [wantedPosts.createdAt, 'time'], [wantedPosts.id, 'uuid']);

/**
 * One page of wanted posts for `viewerId`, newest first (`limit + 1` rows): open and live, none of a
 * suspended member or across a block; `posterId` gives one member's, and a member's own include
 * those expired or closed.
 */
export const listWanted = (
  db: Db,
  viewerId: string,
  f: { search?: string; category?: ProductCategory; posterId?: string },
  limit: number,
  cursor?: string,
) => {
  const own = f.posterId === viewerId;
  const where: (SQL | undefined)[] = [
    own ? undefined : live,
    f.posterId ? eq(wantedPosts.userId, f.posterId) : undefined,
    f.category ? eq(wantedPosts.category, f.category) : undefined,
    f.search ? matchesQuery(wantedPosts.searchVector, f.search) : undefined,
    sql`${users.deletedAt} is null`,
    own ? undefined : notSuspended(wantedPosts.userId),
    own ? undefined : notBlocked(wantedPosts.userId, viewerId),
    afterCursor(newestFirst, cursor),
  ];
  return db
    .select({ ...columns(viewerId), cursor: cursorOf(newestFirst) })
    .from(wantedPosts)
    .innerJoin(users, eq(users.id, wantedPosts.userId))
    .where(and(...where))
    .orderBy(...orderBy(newestFirst))
    .limit(limit + 1);
};

/**
 * Posts a wanted post unless its poster already has `max` open ones (their posts take turns, so two
 * at once never pass the limit). Answers the new id, or undefined at the limit.
 */
/**
 * Takes the poster's turn (held to the end of the transaction: their posts and renewals wait for each
 * other) and answers how many open posts they have, leaving out `except`.
 */
async function openCountInTurn(tx: Tx, userId: string, except?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wanted:${userId}`}, 0))`);
  const [open] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${wantedPosts}
      where user_id = ${userId} and status = 'open' and expires_at > now()
        ${except ? sql`and id <> ${except}` : sql``}`,
  );
  return open?.n ?? 0;
}

export const insertWanted = (db: Db, values: typeof wantedPosts.$inferInsert, max: number) =>
  db.transaction(async (tx) => {
    if ((await openCountInTurn(tx, values.userId)) >= max) return undefined;
    const [row] = await tx.insert(wantedPosts).values(values).returning({ id: wantedPosts.id });
    return row!.id;
  });

const ownedBy = (userId: string, id: string) => and(eq(wantedPosts.id, id), eq(wantedPosts.userId, userId));

/**
 * Open for `days` more from now. A closed or expired one opens again only while its poster has fewer
 * than `max` open (their posts take turns, as when posting). Answers 'renewed', 'tooMany', or
 * 'notFound' when it is not theirs.
 */
export const renewWanted = (db: Db, userId: string, id: string, days: number, max: number) =>
  db.transaction(async (tx) => {
    const others = await openCountInTurn(tx, userId, id);
    const [state] = await queryRows<{ live: boolean }>(
      tx,
      sql`select (status = 'open' and expires_at > now()) as live
        from ${wantedPosts} where id = ${id} and user_id = ${userId}`,
    );
    if (!state) return 'notFound' as const;
    if (!state.live && others >= max) return 'tooMany' as const;
    await tx
      .update(wantedPosts)
      .set({ status: 'open', expiresAt: sql`now() + make_interval(days => ${days})` })
      .where(ownedBy(userId, id));
    return 'renewed' as const;
  });

export const closeWanted = async (db: Db, userId: string, id: string) =>
  (
    await db
      .update(wantedPosts)
      .set({ status: 'closed' })
      .where(ownedBy(userId, id))
      .returning({ id: wantedPosts.id })
  ).length > 0;

/** Deletes the poster's post; answers its photo's keys (for their files), or undefined when not theirs. */
export const deleteWanted = async (db: Db, userId: string, id: string) =>
  (
    await db
      .delete(wantedPosts)
      .where(ownedBy(userId, id))
      .returning({ photoPath: wantedPosts.photoPath, photoThumbPath: wantedPosts.photoThumbPath })
  )[0];

/** A post's photo keys (both or neither). */
export interface PhotoColumns {
  photoPath: string | null;
  photoThumbPath: string | null;
}

/**
 * Points the poster's post at a new photo (or none), in one statement. Answers the photo it had, for
 * its files to be removed, or undefined when the post is not theirs (or is gone).
 */
export const swapWantedPhoto = async (
  db: Db,
  userId: string,
  id: string,
  photo: { photoPath: string; photoThumbPath: string } | null,
) =>
  (
    await queryRows<PhotoColumns>(
      db,
      sql`update ${wantedPosts} w
        set photo_path = ${photo?.photoPath ?? null}, photo_thumb_path = ${photo?.photoThumbPath ?? null}
        from (select id, photo_path, photo_thumb_path from ${wantedPosts}
          where id = ${id} and user_id = ${userId} for update) old
        where w.id = old.id
        returning old.photo_path as "photoPath", old.photo_thumb_path as "photoThumbPath"`,
    )
  )[0];

/** A leaving member's wanted posts (the account's deletion, in its transaction). */
export const deleteWantedOf = async (tx: Executor, userId: string) => {
  await tx.delete(wantedPosts).where(eq(wantedPosts.userId, userId));
};

/** The answerer's own product, when it is listed and available (an answer may link it). */
export const answerableProduct = async (db: Db, sellerId: string, productId: string) =>
  (
    await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.id, productId),
          eq(products.sellerId, sellerId),
          eq(products.status, 'available'),
          visibleListing(products.moderation),
        ),
      )
      .limit(1)
  )[0];

/** A wanted post a new product matched for the first time, for its poster's notice. */
export interface WantedMatch {
  wantedId: string;
  userId: string;
  title: string;
  productName: string;
}

/**
 * The open wanted posts a product listed now matches (same category, every word of the title among
 * the product's words, its price within the limit), none of its seller's own or across a block,
 * recorded as hits in the same statement: each poster is told of each product once.
 */
export const matchProduct = (db: Db, productId: string) =>
  queryRows<WantedMatch>(
    db,
    sql`with item as (
        select ${products.id} as id, ${products.name} as name, ${products.sellerId} as seller_id,
          ${products.searchVector} as search_vector, ${products.price} as price, ${products.category} as category
        from ${products}
        where ${products.id} = ${productId} and ${products.status} = 'available' and ${products.expiresAt} > now()
          and ${visibleListing(products.moderation)} and ${notSuspended(products.sellerId)}
      ),
      matched as (
        select w.id, w.user_id, w.title, item.id as product_id, item.name as product_name
        from ${wantedPosts} w cross join item
        join ${users} u on u.id = w.user_id and u.deleted_at is null
        where w.status = 'open' and w.expires_at > now() and w.category = item.category
          and w.user_id <> item.seller_id and item.price <= w.max_price
          and w.match_query is not null and item.search_vector @@ to_tsquery('simple', w.match_query)
          and ${notSuspended(sql`w.user_id`)} and ${notBlocked(sql`w.user_id`, sql`item.seller_id`)}
      ),
      hits as (
        insert into ${wantedHits} (wanted_id, product_id)
        select id, product_id from matched
        on conflict do nothing
        returning wanted_id
      )
      select m.id as "wantedId", m.user_id as "userId", m.title, m.product_name as "productName"
      from matched m join hits h on h.wanted_id = m.id`,
  );
