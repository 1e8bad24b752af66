import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SavedSearchKind } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { products, requests, savedSearches, savedSearchHits, users } from '../../db/schema';
import { notBlocked, notSuspended, visibleListing } from '../../lib/listing-visibility';
import { availableTo } from '../../lib/request-availability';
import { isoText } from '../../lib/sql-time';

/** What matching reads of a search, derived from its filters when it is saved. */
export interface MatchColumns {
  matchQuery: string | null;
  category: string | null;
  condition: string | null;
  minAmount: number | null;
  maxAmount: number | null;
  locationPattern: string | null;
  pickupPattern: string | null;
}

const searchColumns = {
  id: savedSearches.id,
  kind: savedSearches.kind,
  name: savedSearches.name,
  filters: savedSearches.filters,
  paused: savedSearches.paused,
  createdAt: isoText(savedSearches.createdAt),
  lastOpenedAt: isoText(savedSearches.lastOpenedAt),
  newMatches: sql<number>`(select count(*)::int from ${savedSearchHits} h
    where h.search_id = ${savedSearches.id} and h.created_at > ${savedSearches.lastOpenedAt})`,
};

const own = (userId: string, id: string) => and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

/** The member's saved searches, newest first, each with its count of new matches. */
export const searchesOf = (db: Db, userId: string) =>
  db
    .select(searchColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
export type SearchRow = Awaited<ReturnType<typeof searchesOf>>[number];

/** One of the member's saved searches; undefined when it is not theirs or does not exist. */
export const searchOf = async (db: Db, userId: string, id: string) =>
  (await db.select(searchColumns).from(savedSearches).where(own(userId, id)).limit(1))[0];

/**
 * Saves a search unless the member already keeps `max`: their saves take turns (an advisory lock),
 * so two at once never pass the limit together. Answers the new row's id, or undefined at the limit.
 */
export const insertSearch = (db: Db, values: typeof savedSearches.$inferInsert & MatchColumns, max: number) =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`saved-searches:${values.userId}`}, 0))`,
    );
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${savedSearches} where user_id = ${values.userId}`,
    );
    if (n >= max) return undefined;
    const [row] = await tx.insert(savedSearches).values(values).returning({ id: savedSearches.id });
    return row!.id;
  });

/** Renames, pauses or resumes one of the member's searches; answers whether it was theirs. */
export const updateSearch = async (
  db: Db,
  userId: string,
  id: string,
  change: { name?: string; paused?: boolean },
) =>
  (await db.update(savedSearches).set(change).where(own(userId, id)).returning({ id: savedSearches.id }))
    .length > 0;

/** The member opened the search: matches from now on are new. Answers whether it was theirs. */
export const markOpened = async (db: Db, userId: string, id: string) =>
  (
    await db
      .update(savedSearches)
      .set({ lastOpenedAt: sql`now()` })
      .where(own(userId, id))
      .returning({ id: savedSearches.id })
  ).length > 0;

export const deleteSearch = async (db: Db, userId: string, id: string) =>
  (await db.delete(savedSearches).where(own(userId, id)).returning({ id: savedSearches.id })).length > 0;

/** A leaving member's saved searches (the account's deletion, in its transaction). */
export const deleteSearchesOf = async (tx: Executor, userId: string) => {
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
};

/** A saved search a new post matched for the first time, with the post's name for the alert. */
export interface Match {
  searchId: string;
  userId: string;
  searchName: string;
  itemName: string;
  /** The saver chose one e-mail a day of their matches instead of alerts. */
  digest: boolean;
}

/**
 * The searches of `kind` that the post matches and that never matched it before, recorded as hits in
 * the same statement (so each post alerts each search once, whichever process matches it). `item`
 * selects the post (one row, or none while it is not listed); `conditions` say which searches it
 * matches, with `item.*` and `s.*` in scope.
 */
async function recordMatches(db: Db, kind: SavedSearchKind, item: SQL, conditions: SQL): Promise<Match[]> {
  return queryRows<Match>(
    db,
    sql`with item as (${item}),
      matched as (
        select s.id, s.user_id, s.name, item.id as item_id, item.name as item_name,
          coalesce((u.email_preferences->>'searches')::boolean, false) as digest
        from ${savedSearches} s
        cross join item
        join ${users} u on u.id = s.user_id and u.deleted_at is null
        where s.kind = ${kind} and not s.paused and s.user_id <> item.owner_id
          and ${notSuspended(sql`s.user_id`)}
          and ${notBlocked(sql`s.user_id`, sql`item.owner_id`)}
          and (s.match_query is null or item.search_vector @@ to_tsquery('simple', s.match_query))
          and (s.min_amount is null or item.amount >= s.min_amount)
          and (s.max_amount is null or item.amount <= s.max_amount)
          and ${conditions}
      ),
      hits as (
        insert into ${savedSearchHits} (search_id, item_id)
        select id, item_id from matched
        on conflict do nothing
        returning search_id
      )
      select m.id as "searchId", m.user_id as "userId", m.name as "searchName", m.item_name as "itemName",
        m.digest from matched m join hits h on h.search_id = m.id`,
  );
}

/** The marketplace searches a product listed now matches (available, visible, not expired). */
export const matchProduct = (db: Db, productId: string) =>
  recordMatches(
    db,
    'products',
    sql`select ${products.id} as id, ${products.name} as name, ${products.sellerId} as owner_id,
        ${products.searchVector} as search_vector, ${products.price} as amount,
        ${products.category}::text as category, ${products.condition}::text as condition
      from ${products}
      where ${products.id} = ${productId} and ${products.status} = 'available' and ${products.expiresAt} > now()
        and ${visibleListing(products.moderation)} and ${notSuspended(products.sellerId)}`,
    sql`(s.category is null or s.category = item.category)
      and (s.condition is null or s.condition = item.condition)`,
  );

/**
 * The day scholars' searches a request open now matches: only those who could accept it (as Browse
 * requests lists it for them), by its words, fee, delivery location and pickup place.
 */
export const matchRequest = (db: Db, requestId: string) =>
  recordMatches(
    db,
    'requests',
    sql`select r.id, r.item_name as name, r.requester_id as owner_id, r.search_vector,
        r.expected_price as amount, r.delivery_location, coalesce(r.pickup_from, '') as pickup_from
      from ${requests} r where r.id = ${requestId}`,
    sql`u.role = 'dayscholar'
      and exists (select 1 from ${requests} where ${requests.id} = item.id and ${availableTo(sql`s.user_id`)})
      and (s.location_pattern is null or item.delivery_location ilike s.location_pattern)
      and (s.pickup_pattern is null or item.pickup_from ilike s.pickup_pattern)`,
  );
