import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  lostFoundPosts,
  messages,
  offers,
  productImages,
  products,
  userBlocks,
  users,
  wantedPosts,
} from '../../db/schema';
import { afterCursor, cursorOf, listOrder, orderBy } from '../../lib/lists';
import { isoText } from '../../lib/sql-time';

export type MessageRow = typeof messages.$inferSelect;

/** What a message's product card and offer card show, read as they are now. */
export interface MessageAttachments {
  products: Map<
    string,
    {
      id: string;
      name: string;
      price: number;
      status: 'available' | 'reserved' | 'sold';
      thumbPath: string | null;
    }
  >;
  offers: Map<
    string,
    { id: string; amount: number; status: 'pending' | 'accepted' | 'declined' | 'withdrawn' }
  >;
  wanted: Map<string, { id: string; title: string; maxPrice: number; status: 'open' | 'closed' }>;
  lostFound: Map<string, { id: string; title: string; kind: 'lost' | 'found'; status: 'open' | 'resolved' }>;
}

/** The product, offer, wanted-post and lost-and-found cards of these messages (four queries at most). */
export async function attachmentsOf(db: Db, rows: MessageRow[]): Promise<MessageAttachments> {
  const productIds = [...new Set(rows.flatMap((r) => (r.productId ? [r.productId] : [])))];
  const offerIds = [...new Set(rows.flatMap((r) => (r.offerId ? [r.offerId] : [])))];
  const wantedIds = [...new Set(rows.flatMap((r) => (r.wantedPostId ? [r.wantedPostId] : [])))];
  const lostFoundIds = [...new Set(rows.flatMap((r) => (r.lostFoundPostId ? [r.lostFoundPostId] : [])))];
  const [productRows, offerRows, wantedRows, lostFoundRows] = await Promise.all([
    productIds.length
      ? db
          .select({
            id: products.id,
            name: products.name,
            price: products.price,
            status: products.status,
            // Qualified by hand: alone in the FROM, a column is written bare, and a bare "id" in the
            // subquery would name the image's own id.
            thumbPath: sql<string | null>`(select i.thumb_path from ${productImages} i
              where i.product_id = ${products}.${sql.identifier(products.id.name)}
              order by i.position limit 1)`,
          })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    offerIds.length
      ? db
          .select({ id: offers.id, amount: offers.amount, status: offers.status })
          .from(offers)
          .where(inArray(offers.id, offerIds))
      : [],
    wantedIds.length
      ? db
          .select({
            id: wantedPosts.id,
            title: wantedPosts.title,
            maxPrice: wantedPosts.maxPrice,
            status: wantedPosts.status,
          })
          .from(wantedPosts)
          .where(inArray(wantedPosts.id, wantedIds))
      : [],
    lostFoundIds.length
      ? db
          .select({
            id: lostFoundPosts.id,
            title: lostFoundPosts.title,
            kind: lostFoundPosts.kind,
            status: lostFoundPosts.status,
          })
          .from(lostFoundPosts)
          .where(inArray(lostFoundPosts.id, lostFoundIds))
      : [],
  ]);
  return {
    products: new Map(productRows.map((p) => [p.id, p])),
    offers: new Map(offerRows.map((o) => [o.id, o])),
    wanted: new Map(wantedRows.map((w) => [w.id, w])),
    lostFound: new Map(lostFoundRows.map((l) => [l.id, l])),
  };
}

/** The product's seller, when the product exists (a message may bring it into a thread with them). */
export const productSellerOf = async (db: Db, productId: string) =>
  (
    await db.select({ sellerId: products.sellerId }).from(products).where(eq(products.id, productId)).limit(1)
  )[0]?.sellerId;

export { findUserRef } from '../../lib/user-ref';

/** A message to store (`insertMessages`); without a clientId every one is a new row. */
export interface NewMessage {
  senderId: string;
  receiverId: string;
  content: string;
  clientId?: string | null;
  productId?: string | null;
  offerId?: string | null;
  wantedPostId?: string | null;
  lostFoundPostId?: string | null;
  imagePath?: string | null;
}

/**
 * Stores a batch of messages in one statement, each at most once per (sender, clientId), and answers
 * one row per input, in order: the new row (created) or the one already stored for that clientId
 * (a resend, also when the same batch holds it twice). Each row takes the clock at its own turn, so
 * messages of one batch keep the order they were sent in.
 */
export async function insertMessages(
  db: Executor,
  values: NewMessage[],
): Promise<Array<{ row: MessageRow; created: boolean }>> {
  const planned = values.map((v) => ({
    ...v,
    id: randomUUID(),
    clientId: v.clientId ?? null,
    sentAt: sql`clock_timestamp()`,
  }));
  const inserted = await db
    .insert(messages)
    .values(planned)
    .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
    .returning();
  const byId = new Map(inserted.map((r) => [r.id, r]));
  const resent = planned.filter((p) => !byId.has(p.id));
  const earlier = resent.length
    ? await db
        .select()
        .from(messages)
        .where(
          or(
            ...resent.map((p) => and(eq(messages.senderId, p.senderId), eq(messages.clientId, p.clientId!))),
          ),
        )
    : [];
  const stored = (p: (typeof planned)[number]) =>
    earlier.find((r) => r.senderId === p.senderId && r.clientId === p.clientId)!;
  return planned.map((p) => {
    const row = byId.get(p.id);
    return row ? { row, created: true } : { row: stored(p), created: false };
  });
}

const pair = (a: string, b: string) =>
  or(
    and(eq(messages.senderId, a), eq(messages.receiverId, b)),
    and(eq(messages.senderId, b), eq(messages.receiverId, a)),
  );

const historyOrder = listOrder('messages', 'desc', [messages.sentAt, 'time'], [messages.id, 'uuid']);

/** One page of the conversation between two users, newest first, strictly older than the cursor. */
export const conversationPage = (db: Db, me: string, other: string, limit: number, cursor?: string) =>
  db
    .select({ message: messages, cursor: cursorOf(historyOrder) })
    .from(messages)
    .where(and(pair(me, other), afterCursor(historyOrder, cursor)))
    .orderBy(...orderBy(historyOrder))
    .limit(limit + 1);

/** Marks what `senderId` sent `readerId` as read; answers how many were unread. */
export async function markRead(db: Db, readerId: string, senderId: string, readAt: Date) {
  const rows = await db
    .update(messages)
    .set({ isRead: true, readAt })
    .where(
      and(eq(messages.senderId, senderId), eq(messages.receiverId, readerId), eq(messages.isRead, false)),
    )
    .returning({ id: messages.id });
  return rows.length;
}

export interface ConversationRow {
  partnerId: string;
  name: string;
  avatar: string | null;
  content: string;
  senderId: string;
  sentAt: string;
  unreadCount: number;
}

/** Every conversation of a user in one query: partner, latest message, unread count; newest first. */
export async function conversations(db: Db, me: string): Promise<ConversationRow[]> {
  return queryRows<ConversationRow>(
    db,
    sql`
    with latest as (
      select distinct on (partner_id) partner_id, id, content, sender_id, sent_at
      from (
        select m.*, case when m.sender_id = ${me} then m.receiver_id else m.sender_id end as partner_id
        from ${messages} m
        where m.sender_id = ${me} or m.receiver_id = ${me}
      ) mine
      order by partner_id, sent_at desc, id desc
    ),
    unread as (
      select sender_id as partner_id, count(*)::int as n
      from ${messages}
      where receiver_id = ${me} and is_read = false
      group by sender_id
    )
    select l.partner_id as "partnerId", u.name, u.avatar, l.content, l.sender_id as "senderId",
      ${isoText(sql`l.sent_at`)} as "sentAt",
      coalesce(un.n, 0)::int as "unreadCount"
    from latest l
    join ${users} u on u.id = l.partner_id
    left join unread un on un.partner_id = l.partner_id
    -- A conversation with someone the user blocks leaves their list (the messages stay stored).
    where not exists (select 1 from ${userBlocks} b where b.blocker_id = ${me} and b.blocked_id = l.partner_id)
    order by l.sent_at desc, l.id desc
  `,
  );
}

/**
 * Neither of `a` and `b` (SQL naming two users) blocks the other. The same rule as
 * `notBlocked` in lib/listing-visibility.ts, for a user named by a derived column.
 */
const unblockedPair = (a: SQL, b: SQL) =>
  sql`not exists (select 1 from ${userBlocks} ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b})
    or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;

/**
 * Who may see the user's presence and typing: everyone the user has written to who has written
 * back (each sent the other at least one message), unless either blocks the other. One unsolicited
 * message shows nothing to either side.
 */
export async function presencePeers(db: Db, me: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    select p.id from (select distinct receiver_id as id from ${messages} where sender_id = ${me}) p
    where exists (select 1 from ${messages} m where m.sender_id = p.id and m.receiver_id = ${me})
      and ${unblockedPair(sql`${me}::uuid`, sql`p.id`)}
  `,
  );
  return rows.map((r) => r.id);
}

/** Those of `ids` who are presence peers of `me` (see presencePeers; a few index probes per id). */
export async function presencePeersAmong(db: Db, me: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const candidates = sql.join(
    ids.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    select c.id from (values ${candidates}) as c(id)
    where exists (select 1 from ${messages} m where m.sender_id = ${me} and m.receiver_id = c.id)
      and exists (select 1 from ${messages} m where m.sender_id = c.id and m.receiver_id = ${me})
      and ${unblockedPair(sql`${me}::uuid`, sql`c.id`)}
  `,
  );
  return new Set(rows.map((r) => r.id));
}

// ---- Moderation's decisions (in the moderator's transaction) ----

/** Blanks a message and forgets its photo; answers the photo's storage key, for removal after commit. */
export async function blankMessage(tx: Executor, id: string): Promise<string | null> {
  const [before] = await tx
    .select({ imagePath: messages.imagePath })
    .from(messages)
    .where(eq(messages.id, id))
    .for('update');
  await tx
    .update(messages)
    .set({ content: CHAT_MESSAGES.removed, imagePath: null })
    .where(eq(messages.id, id));
  return before?.imagePath ?? null;
}
