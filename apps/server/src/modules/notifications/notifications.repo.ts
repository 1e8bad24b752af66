import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { DELETED_USER_NAME, FOLLOW_LIMITS, type NotificationType } from '@campusrun/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { follows, notifications, offers, products, requests, users } from '../../db/schema';
import { notBlocked, notSuspended, visibleListing } from '../../lib/listing-visibility';
import { afterCursor, cursorOf, listOrder, orderBy } from '../../lib/lists';
import { isoText } from '../../lib/sql-time';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  data: NotificationRow['data'];
}

export const insertNotification = async (db: Db, values: NewNotification) =>
  (await db.insert(notifications).values(values).returning())[0]!;

/**
 * Each receiver's one unread notification of messages from its sender, for a batch of new messages
 * (in the order given, one row per input): the newest unread one of that pair is refreshed (text,
 * time: the clock's, after its messages') when there is one, else a new one is stored; a pair that appears more than once takes the
 * text of its last message. Runs in the caller's transaction in two statements, whatever the batch's
 * size. Concurrent batches that share a pair queue on transaction-scoped advisory locks, taken
 * first and in one order (so two batches never wait on each other), so they never store two.
 */
export async function saveConversationNotifications(
  tx: Tx,
  values: Array<NewNotification & { data: { senderId: string } }>,
) {
  const keyOf = (v: (typeof values)[number]) => `${v.type}:${v.userId}:${v.data.senderId}`;
  // The last value of each pair is the one stored.
  const pairs = [...new Map(values.map((v) => [keyOf(v), v])).values()];
  await tx.execute(sql`select pg_advisory_xact_lock(k) from (
      select distinct hashtextextended('notification:' || key, 0) as k
      from unnest(${sql.param(pairs.map(keyOf))}::text[]) as key order by k
    ) locks`);
  const input = sql`select * from unnest(
      ${sql.param(pairs.map((p) => p.userId))}::uuid[],
      ${sql.param(pairs.map((p) => p.type))}::notification_type[],
      ${sql.param(pairs.map((p) => p.message))}::text[],
      ${sql.param(pairs.map((p) => JSON.stringify(p.data)))}::jsonb[]
    ) as i(user_id, type, message, data)`;
  const rows = await queryRows<Omit<NotificationRow, 'createdAt'> & { createdAt: string }>(
    tx,
    sql`
    with input as (${input}),
    newest as (
      select distinct on (n.user_id, n.type, n.data->>'senderId') n.id, i.message
      from ${notifications} n
      join input i on n.user_id = i.user_id and n.type = i.type and n.data->>'senderId' = i.data->>'senderId'
      where not n.is_read
      order by n.user_id, n.type, n.data->>'senderId', n.created_at desc
    ),
    refreshed as (
      update ${notifications} n set message = newest.message, created_at = clock_timestamp()
      from newest where n.id = newest.id and not n.is_read
      returning n.*
    ),
    added as (
      insert into ${notifications} (user_id, type, message, data, created_at)
      select i.user_id, i.type, i.message, i.data, clock_timestamp() from input i
      where not exists (
        select 1 from refreshed r
        where r.user_id = i.user_id and r.type = i.type and r.data->>'senderId' = i.data->>'senderId'
      )
      returning *
    )
    select id, user_id as "userId", type, message, data, is_read as "isRead",
      ${isoText(sql`created_at`)} as "createdAt"
    from (select * from refreshed union all select * from added) saved`,
  );
  const saved = new Map(
    rows.map((r) => {
      const row = { ...r, createdAt: new Date(r.createdAt) } satisfies NotificationRow;
      return [`${row.type}:${row.userId}:${(row.data as { senderId: string }).senderId}`, row];
    }),
  );
  return values.map((v) => saved.get(keyOf(v))!);
}

// ---- A followed seller's new listing ----

/**
 * A new listing its seller's followers may hear of: its name and the seller's, or undefined when
 * it is held or removed by moderation or its seller is suspended or gone.
 */
export const findNewListing = async (db: Db, productId: string) =>
  (
    await db
      .select({ name: products.name, sellerName: users.name })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(
        and(
          eq(products.id, productId),
          visibleListing(products.moderation),
          notSuspended(products.sellerId),
          isNull(users.deletedAt),
        ),
      )
      .limit(1)
  )[0];

export interface ListingNotices {
  productId: string;
  sellerId: string;
  /** The notice of one new listing (it opens the product). */
  message: string;
  /** The grouped notice's words around its count, which the statement writes in (it opens the seller). */
  grouped: { before: string; after: string };
}

/**
 * Tells every follower of the seller of their new listing, in one statement, but none of whom
 * either blocks the other, and nothing while the listing is not visible. A follower who already has
 * a notice about this seller's new listings from the last hour (read or not) has it turned into the
 * grouped one ("Asha listed 3 new items": unread again, moved to now) instead of a second notice;
 * anyone else gets a new one. The grouped notice keeps its count in `data.listings`, which the rows
 * answered here leave out. Listings of one seller take turns (an advisory lock), so two at once
 * never leave a follower two notices.
 */
export const saveListingNotices = (db: Db, n: ListingNotices) =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notification:listings:${n.sellerId}`}, 0))`,
    );
    const seller = sql`${n.sellerId}::uuid`;
    const rows = await queryRows<Omit<NotificationRow, 'createdAt'> & { createdAt: string }>(
      tx,
      sql`
      with fans as (
        select f.follower_id as user_id from ${follows} f
        join ${users} u on u.id = f.follower_id and u.deleted_at is null
        where f.seller_id = ${seller} and ${notBlocked(sql`f.follower_id`, seller)}
          and exists (select 1 from ${products} p where p.id = ${n.productId}::uuid and p.moderation = 'visible')
      ),
      recent as (
        select distinct on (x.user_id) x.id, x.user_id,
          coalesce((x.data->>'listings')::int, 1) as listings
        from ${notifications} x join fans on fans.user_id = x.user_id
        where x.type = 'product' and x.data->>'sellerId' = ${n.sellerId}
          and x.created_at > now() - make_interval(mins => ${FOLLOW_LIMITS.groupMinutes})
        order by x.user_id, x.created_at desc
      ),
      grouped as (
        update ${notifications} x
        set message = ${n.grouped.before}::text || (r.listings + 1)::text || ${n.grouped.after}::text,
          data = jsonb_build_object('sellerId', ${n.sellerId}::text, 'listings', r.listings + 1),
          is_read = false, created_at = now()
        from recent r where x.id = r.id
        returning x.*
      ),
      added as (
        insert into ${notifications} (user_id, type, message, data)
        select fans.user_id, 'product'::notification_type, ${n.message}::text,
          jsonb_build_object('productId', ${n.productId}::text, 'sellerId', ${n.sellerId}::text)
        from fans where not exists (select 1 from recent r where r.user_id = fans.user_id)
        returning *
      )
      select id, user_id as "userId", type, message, data - 'listings' as data, is_read as "isRead",
        ${isoText(sql`created_at`)} as "createdAt" from grouped
      union all
      select id, user_id, type, message, data - 'listings', is_read, ${isoText(sql`created_at`)} from added`,
    );
    return rows.map((r): NotificationRow => ({ ...r, createdAt: new Date(r.createdAt) }));
  });

// ---- New posts that matched saved searches ----

/** One saved search's alert about a new post: to whom, which search, and its texts. */
export interface SearchNotice {
  userId: string;
  searchId: string;
  /** The notice of one match (it opens the post). */
  message: string;
  /** The grouped notice's words around its count, which the statement writes in (it opens the search). */
  grouped: { before: string; after: string };
}

/**
 * Alerts of one new post to the savers of the searches it matched, in one statement. A search that
 * already alerted within `groupMinutes` (read or not) has that notice turned into the grouped one
 * ("3 new matches for …": unread again, moved to now) instead of a second notice; any other gets a
 * new one that opens the post. The grouped notice keeps its count in `data.matches`, which the rows
 * answered here leave out. Alerts take turns (an advisory lock), so two posts at once never leave a
 * search two notices.
 */
export const saveSearchNotices = (
  db: Db,
  post: { kind: 'products' | 'requests'; itemKey: 'productId' | 'requestId'; itemId: string },
  values: SearchNotice[],
  groupMinutes: number,
) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('notification:searches', 0))`);
    const column = (pick: (v: SearchNotice) => string) => sql.param(values.map(pick));
    const rows = await queryRows<Omit<NotificationRow, 'createdAt'> & { createdAt: string }>(
      tx,
      sql`
      with m as (
        select * from unnest(${column((v) => v.userId)}::uuid[], ${column((v) => v.searchId)}::text[],
          ${column((v) => v.message)}::text[], ${column((v) => v.grouped.before)}::text[],
          ${column((v) => v.grouped.after)}::text[]) as m(user_id, search_id, message, before, after)
      ),
      recent as (
        select distinct on (x.user_id, m.search_id) x.id, m.search_id, m.before, m.after,
          coalesce((x.data->>'matches')::int, 1) as matches
        from ${notifications} x join m on m.user_id = x.user_id and x.data->>'savedSearchId' = m.search_id
        where x.type = 'search' and x.created_at > now() - make_interval(mins => ${groupMinutes})
        order by x.user_id, m.search_id, x.created_at desc
      ),
      grouped as (
        update ${notifications} x
        set message = r.before || (r.matches + 1)::text || r.after,
          data = jsonb_build_object('savedSearchId', r.search_id, 'searchKind', ${post.kind}::text,
            'matches', r.matches + 1),
          is_read = false, created_at = now()
        from recent r where x.id = r.id
        returning x.*
      ),
      added as (
        insert into ${notifications} (user_id, type, message, data)
        select m.user_id, 'search'::notification_type, m.message,
          jsonb_build_object('savedSearchId', m.search_id, 'searchKind', ${post.kind}::text,
            ${post.itemKey}::text, ${post.itemId}::text)
        from m where not exists (select 1 from recent r where r.search_id = m.search_id)
        returning *
      )
      select id, user_id as "userId", type, message, data - 'matches' as data, is_read as "isRead",
        ${isoText(sql`created_at`)} as "createdAt" from grouped
      union all
      select id, user_id, type, message, data - 'matches', is_read, ${isoText(sql`created_at`)} from added`,
    );
    return rows.map((r): NotificationRow => ({ ...r, createdAt: new Date(r.createdAt) }));
  });

const newestFirst = listOrder(
  'notifications',
  'desc',
  [notifications.createdAt, 'time'],
  [notifications.id, 'uuid'],
);

/** One page of a user's notifications, newest first, strictly after the cursor. */
export const listNotifications = (db: Db, userId: string, limit: number, cursor?: string) =>
  db
    .select({ notification: notifications, cursor: cursorOf(newestFirst) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), afterCursor(newestFirst, cursor)))
    .orderBy(...orderBy(newestFirst))
    .limit(limit + 1);

export const countUnread = async (db: Db, userId: string) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
  )[0]!.n;

export const markAllRead = (db: Db, userId: string) =>
  db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));

/** Marks one of the owner's notifications read; undefined when it is not theirs or does not exist. */
export const markOneRead = async (db: Db, userId: string, id: string) =>
  (
    await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning()
  )[0];

// ---- A member leaves (the account feature's deletion, in its transaction) ----

/** A leaving member's own notifications. */
export const deleteNotificationsOf = async (tx: Executor, userId: string) => {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
};

/**
 * Texts stored for other people that name the member, written when it happened: notifications
 * ("Meera sent you a message", "Reminder: you owe Meera…", "Meera is coming from Katpadi…") and the
 * details of a "money not received" dispute (settlements feature). Each is rewritten to name "Deleted user", but only
 * where it is about the member: a notification of someone they dealt with (a request, a message,
 * an offer, a rating, a settlement, a trip) or of their new listings to a follower, so another
 * member of the same name keeps theirs.
 */
export async function renameMemberInNotifications(tx: Executor, userId: string, name: string) {
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
  // Their followers' notices of their new listings ("Asha listed 3 new items") say whose in `sellerId`.
  await tx.execute(sql`
    update ${notifications} n set message = ${replaced('')}
    where n.data->>'sellerId' = ${userId} and left(n.message, ${chars(name) + 1}) = ${name + ' '}`);
}
