import { type AnyColumn, and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { LostFoundClaimStatus, LostFoundKind, ProductCategory } from '@campusrun/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { lostFoundClaims, lostFoundMatches, lostFoundPosts, users } from '../../db/schema';
import { notBlocked, notSuspended, visibleListing } from '../../lib/listing-visibility';
import { afterCursor, containsText, cursorOf, listOrder, matchesQuery, orderBy } from '../../lib/lists';
import { isoText } from '../../lib/sql-time';

const p = lostFoundPosts;
const c = lostFoundClaims;

/** Open, not past its 30 days, not held or removed: what lists show. */
const live = and(eq(p.status, 'open'), sql`${p.expiresAt} > now()`, visibleListing(p.moderation))!;

/**
 * The claims a finder sees, counts and may accept: those neither held after reports nor removed by a
 * moderator (their claimants still see their own).
 */
const seenByFinder = (moderation: AnyColumn | SQL): SQL => sql`${moderation} = 'visible'`;

/**
 * A post with its poster, whether the viewer and the poster block each other, the viewer's own claim
 * and the open claims. The expected answer is read here for the presenter, which gives it only to
 * the finder.
 */
const columns = (viewerId: string) => ({
  id: p.id,
  userId: p.userId,
  kind: p.kind,
  title: p.title,
  category: p.category,
  place: p.place,
  happenedAt: isoText(p.happenedAt),
  details: p.details,
  question: p.question,
  answer: p.answer,
  status: p.status,
  moderation: p.moderation,
  photos: p.photos,
  expired: sql<boolean>`${p.expiresAt} <= now()`,
  expiresAt: isoText(p.expiresAt),
  createdAt: isoText(p.createdAt),
  resolvedAt: sql<string | null>`${isoText(p.resolvedAt)}`,
  posterName: users.name,
  posterAvatar: users.avatar,
  blocked: sql<boolean>`not ${notBlocked(p.userId, viewerId)}`,
  myClaim: sql<{
    id: string;
    status: string;
  } | null>`(select json_build_object('id', mc.id, 'status', mc.status)
    from ${c} mc where mc.post_id = ${p.id} and mc.claimant_id = ${viewerId})`,
  openClaims: sql<number>`(select count(*)::int from ${c} oc where oc.post_id = ${p.id} and oc.status = 'open'
    and ${seenByFinder(sql`oc.moderation`)})`,
});
export type PostRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

/** One post as `viewerId` sees it; undefined when there is none (or its poster left). */
export const findPost = async (db: Db, viewerId: string, id: string) =>
  (
    await db
      .select(columns(viewerId))
      .from(p)
      .innerJoin(users, eq(users.id, p.userId))
      .where(and(eq(p.id, id), sql`${users.deletedAt} is null`))
      .limit(1)
  )[0];

const newestFirst = listOrder('lost-found', 'desc', [p.createdAt, 'time'], [p.id, 'uuid']);

/** One page of open posts for `viewerId`, newest first (`limit + 1` rows). */
export const listPosts = (
  db: Db,
  viewerId: string,
  f: { kind?: LostFoundKind; search?: string; category?: ProductCategory },
  limit: number,
  cursor?: string,
) =>
  db
    .select({ ...columns(viewerId), cursor: cursorOf(newestFirst) })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(
      and(
        live,
        f.kind ? eq(p.kind, f.kind) : undefined,
        f.category ? eq(p.category, f.category) : undefined,
        f.search ? matchesQuery(p.searchVector, f.search) : undefined,
        sql`${users.deletedAt} is null`,
        notSuspended(p.userId),
        notBlocked(p.userId, viewerId),
        afterCursor(newestFirst, cursor),
      ),
    )
    .orderBy(...orderBy(newestFirst))
    .limit(limit + 1);

/** Places named in posts (not removed) that contain `q`, most used first. */
export const places = async (db: Db, q: string | undefined, max: number) =>
  (
    await db
      .select({ place: sql<string>`min(${p.place})`, uses: sql<number>`count(*)::int` })
      .from(p)
      .where(and(ne(p.moderation, 'removed'), containsText(p.place, q)))
      .groupBy(sql`lower(${p.place})`)
      .orderBy(sql`count(*) desc`, sql`min(${p.place})`)
      .limit(max)
  ).map((r) => r.place);

export const insertPost = async (db: Db, values: typeof lostFoundPosts.$inferInsert) =>
  (await db.insert(p).values(values).returning({ id: p.id }))[0]!.id;

const ownedBy = (userId: string, id: string) => and(eq(p.id, id), eq(p.userId, userId));

/** The poster's change of fields; false when the post is not theirs. */
export const updatePost = async (
  db: Db,
  userId: string,
  id: string,
  values: Partial<typeof lostFoundPosts.$inferInsert>,
) => (await db.update(p).set(values).where(ownedBy(userId, id)).returning({ id: p.id })).length > 0;

/** Open for `days` more from now, an open post only (a resolved one stays resolved). */
export const renewPost = async (db: Db, userId: string, id: string, days: number) =>
  (
    await db
      .update(p)
      .set({ expiresAt: sql`now() + make_interval(days => ${days})` })
      .where(and(ownedBy(userId, id), eq(p.status, 'open')))
      .returning({ id: p.id })
  ).length > 0;

/** Thrown inside a transaction to undo it. */
class Undo extends Error {
  constructor(readonly outcome: 'claimNotOpen') {
    super(outcome);
  }
}

/** Closes the post's open claims (its thing went back); answers the claimants told of it. */
const closeOpenClaims = async (tx: Tx, postId: string) =>
  (
    await tx
      .update(c)
      .set({ status: 'closed', decidedAt: sql`now()` })
      .where(and(eq(c.postId, postId), eq(c.status, 'open')))
      .returning({ claimantId: c.claimantId })
  ).map((r) => r.claimantId);

/**
 * Resolves the poster's open post (returned to its owner) and, when `claimId` is given, accepts that
 * open claim of it; every other open claim closes. Answers the claimants to tell, the accepted
 * claimant, or why not: 'notOpen' (not theirs, or not open) or 'claimNotOpen'.
 */
export async function resolvePost(
  db: Db,
  userId: string,
  id: string,
  claimId?: string,
): Promise<'notOpen' | 'claimNotOpen' | { accepted?: string; others: string[] }> {
  try {
    return await db.transaction(async (tx) => {
      const [post] = await tx
        .update(p)
        .set({ status: 'resolved', resolvedAt: sql`now()` })
        .where(and(ownedBy(userId, id), eq(p.status, 'open')))
        .returning({ id: p.id });
      if (!post) return 'notOpen' as const;
      let accepted: string | undefined;
      if (claimId) {
        const [claim] = await tx
          .update(c)
          .set({ status: 'accepted', decidedAt: sql`now()` })
          .where(and(eq(c.id, claimId), eq(c.postId, id), eq(c.status, 'open'), seenByFinder(c.moderation)))
          .returning({ claimantId: c.claimantId });
        if (!claim) throw new Undo('claimNotOpen');
        accepted = claim.claimantId;
      }
      return { accepted, others: await closeOpenClaims(tx, id) };
    });
  } catch (err) {
    if (err instanceof Undo) return err.outcome;
    throw err;
  }
}

/** Deletes the poster's post (its claims go with it); answers its photos, or undefined when not theirs. */
export const deletePost = async (db: Db, userId: string, id: string) =>
  (await db.delete(p).where(ownedBy(userId, id)).returning({ photos: p.photos }))[0];

/** A photo's storage keys, as a post holds them. */
export interface StoredPhoto {
  path: string;
  thumbPath: string;
}

/**
 * Points the poster's post at new photos (or none), in one statement. Answers the photos it had, for
 * their files to be removed, or undefined when the post is not theirs (or is gone).
 */
export const swapPhotos = async (db: Db, userId: string, id: string, photos: StoredPhoto[]) =>
  (
    await queryRows<{ photos: StoredPhoto[] }>(
      db,
      sql`update ${p} np set photos = ${JSON.stringify(photos)}::jsonb
        from (select id, photos from ${p} where id = ${id} and user_id = ${userId} for update) old
        where np.id = old.id
        returning old.photos as "photos"`,
    )
  )[0]?.photos;

/**
 * A claim on an open found post, unless the claimant already claimed it or has `max` open claims
 * (their claims take turns, so two at once never pass the limit). The post is held while the claim is
 * written, so a claim never lands on a post resolved at the same moment.
 */
export const insertClaim = (
  db: Db,
  postId: string,
  claimantId: string,
  answer: string,
  max: number,
): Promise<'notOpen' | 'tooMany' | 'already' | { id: string; status: LostFoundClaimStatus }> =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`lost-found-claims:${claimantId}`}, 0))`,
    );
    const [post] = await queryRows<{ id: string }>(
      tx,
      sql`select id from ${p} where id = ${postId} and kind = 'found' and status = 'open'
        and expires_at > now() for share`,
    );
    if (!post) return 'notOpen' as const;
    const [open] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${c} oc join ${p} op on op.id = oc.post_id
        where oc.claimant_id = ${claimantId} and oc.status = 'open' and op.status = 'open'`,
    );
    if ((open?.n ?? 0) >= max) return 'tooMany' as const;
    const [row] = await tx
      .insert(c)
      .values({ postId, claimantId, answer })
      .onConflictDoNothing()
      .returning({ id: c.id, status: c.status });
    return row ?? ('already' as const);
  });

/** A claim of the post, if any; `byFinder`: only one its finder sees. */
export const findClaim = async (db: Db, postId: string, claimId: string, byFinder = false) =>
  (
    await db
      .select({ id: c.id, claimantId: c.claimantId, status: c.status })
      .from(c)
      .where(and(eq(c.id, claimId), eq(c.postId, postId), byFinder ? seenByFinder(c.moderation) : undefined))
      .limit(1)
  )[0];

/** The claimant withdraws their open claim; false when it is not theirs or not open. */
export const withdrawClaim = async (db: Db, claimantId: string, postId: string, claimId: string) =>
  (
    await db
      .update(c)
      .set({ status: 'withdrawn', decidedAt: sql`now()` })
      .where(and(eq(c.id, claimId), eq(c.postId, postId), eq(c.claimantId, claimantId), eq(c.status, 'open')))
      .returning({ id: c.id })
  ).length > 0;

/** A post's claims, oldest first, with their claimants. */
export const claimsOf = (db: Db, postId: string) =>
  db
    .select({
      id: c.id,
      status: c.status,
      answer: c.answer,
      createdAt: isoText(c.createdAt),
      claimantId: c.claimantId,
      claimantName: users.name,
      claimantAvatar: users.avatar,
    })
    .from(c)
    .innerJoin(users, eq(users.id, c.claimantId))
    .where(and(eq(c.postId, postId), seenByFinder(c.moderation)))
    .orderBy(asc(c.createdAt), asc(c.id));

/** A leaving member's posts and claims (the account's deletion, in its transaction). */
export const deleteLostFoundOf = async (tx: Executor, userId: string) => {
  await tx.delete(c).where(eq(c.claimantId, userId));
  await tx.delete(p).where(eq(p.userId, userId));
};

/** A lost post's poster to tell of a found post it matched for the first time. */
export interface LostFoundMatch {
  userId: string;
  lostTitle: string;
  foundId: string;
  foundTitle: string;
}

const open = (alias: SQL) =>
  sql`${alias}.status = 'open' and ${alias}.expires_at > now() and ${alias}.moderation = 'visible'`;

/**
 * The pairs a post makes with the open posts of the other kind (same category, a word of either's
 * title among the other's words, posted within `days` of each other; not the same poster, not across
 * a block, nobody suspended or gone), recorded in the same statement: each lost poster is told of
 * each found post once, whichever of the two came first.
 */
export const matchPost = (db: Db, postId: string, days: number) =>
  queryRows<LostFoundMatch>(
    db,
    sql`with item as (
        select * from ${p} where id = ${postId} and ${open(sql`${p}`)}
      ),
      pairs as (
        select case when item.kind = 'lost' then item.id else o.id end as lost_id,
          case when item.kind = 'lost' then o.id else item.id end as found_id
        from item join ${p} o on o.kind <> item.kind and o.category = item.category
          and o.user_id <> item.user_id and ${open(sql`o`)}
          and o.created_at between item.created_at - make_interval(days => ${days})
            and item.created_at + make_interval(days => ${days})
          and ((item.match_query is not null and o.search_vector @@ to_tsquery('simple', item.match_query))
            or (o.match_query is not null and item.search_vector @@ to_tsquery('simple', o.match_query)))
        join ${users} u on u.id = o.user_id and u.deleted_at is null
        where ${notSuspended(sql`o.user_id`)} and ${notSuspended(sql`item.user_id`)}
          and ${notBlocked(sql`o.user_id`, sql`item.user_id`)}
      ),
      told as (
        insert into ${lostFoundMatches} (lost_id, found_id)
        select lost_id, found_id from pairs
        on conflict do nothing
        returning lost_id, found_id
      )
      select l.user_id as "userId", l.title as "lostTitle", f.id as "foundId", f.title as "foundTitle"
      from told t join ${p} l on l.id = t.lost_id join ${p} f on f.id = t.found_id`,
  );

// ---- Reports and moderation (in their transactions) ----

/** A post's moderation state, set from one of `from` (a moderator's decision); answers its title when it changed. */
export const setModeration = async (
  tx: Executor,
  id: string,
  to: 'visible' | 'removed',
  from: ('visible' | 'held')[],
) =>
  (
    await tx
      .update(p)
      .set({ moderation: to })
      .where(and(eq(p.id, id), inArray(p.moderation, from)))
      .returning({ title: p.title })
  )[0]?.title;

/** Holds a visible post while `enough` (the reports' rule) holds; answers its poster when this call held it. */
export const holdIfVisible = async (tx: Executor, id: string, enough: SQL) =>
  (
    await tx
      .update(p)
      .set({ moderation: 'held' })
      .where(and(eq(p.id, id), eq(p.moderation, 'visible'), enough))
      .returning({ ownerId: p.userId })
  )[0];

/**
 * A claim's moderation state, set from one of `from` (a moderator's decision); answers the title of
 * its post when it changed.
 */
export const setClaimModeration = async (
  tx: Executor,
  id: string,
  to: 'visible' | 'removed',
  from: ('visible' | 'held')[],
) =>
  (
    await queryRows<{ title: string }>(
      tx,
      sql`update ${c} set moderation = ${to}
        from ${p} where ${p.id} = ${c.postId} and ${c.id} = ${id} and ${inArray(c.moderation, from)}
        returning ${p.title} as "title"`,
    )
  )[0]?.title;

/** Holds a visible claim while `enough` (the reports' rule) holds; answers its claimant when this call held it. */
export const holdClaimIfVisible = async (tx: Executor, id: string, enough: SQL) =>
  (
    await tx
      .update(c)
      .set({ moderation: 'held' })
      .where(and(eq(c.id, id), eq(c.moderation, 'visible'), enough))
      .returning({ ownerId: c.claimantId })
  )[0];
