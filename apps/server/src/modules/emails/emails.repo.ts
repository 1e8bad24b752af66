import { and, count, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { EmailKind } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  emailSends,
  messages,
  products,
  requests,
  savedSearches,
  savedSearchHits,
  users,
} from '../../db/schema';

/** Whom an away e-mail goes to; never a deleted account (their address is erased). */
export const recipientOf = async (db: Db, id: string) =>
  (
    await db
      .select({ id: users.id, name: users.name, email: users.email, preferences: users.emailPreferences })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
  )[0];

export const nameOf = async (db: Db, id: string) =>
  (await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1))[0]?.name;

/** Messages `senderId` sent `receiverId` that are still unread and at least as old as `sentBefore`. */
export async function unreadCount(db: Db, receiverId: string, senderId: string, sentBefore: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.receiverId, receiverId),
        eq(messages.senderId, senderId),
        eq(messages.isRead, false),
        lte(messages.sentAt, sentBefore),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Records an e-mail to send, unless the limits say no: none about this conversation within
 * `perConversation` and fewer than `dailyCap` today. One transaction per user (an advisory lock), so
 * two workers never both pass. Answers whether it may be sent.
 */
export const claimSend = (
  db: Db,
  values: { userId: string; kind: EmailKind; aboutUserId: string | null },
  limits: { perConversationSeconds: number; dailyCap: number },
) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('email:' || ${values.userId}))`);
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    const [today] = await tx
      .select({ n: count() })
      .from(emailSends)
      .where(and(eq(emailSends.userId, values.userId), gte(emailSends.sentAt, dayAgo)));
    if ((today?.n ?? 0) >= limits.dailyCap) return false;
    if (values.aboutUserId) {
      const since = new Date(Date.now() - limits.perConversationSeconds * 1000);
      const [recent] = await tx
        .select({ n: count() })
        .from(emailSends)
        .where(
          and(
            eq(emailSends.userId, values.userId),
            eq(emailSends.aboutUserId, values.aboutUserId),
            gte(emailSends.sentAt, since),
          ),
        );
      if ((recent?.n ?? 0) > 0) return false;
    }
    await tx.insert(emailSends).values(values);
    return true;
  });

export const preferencesOf = async (db: Db, userId: string) =>
  (await db.select({ p: users.emailPreferences }).from(users).where(eq(users.id, userId)).limit(1))[0]?.p;

export const deleteSendsOf = async (tx: Executor, userId: string) => {
  await tx.delete(emailSends).where(eq(emailSends.userId, userId));
};

// ---- The daily digest of saved searches' new matches ----

const lastDigest = (userId: SQL) =>
  sql`(select max(e.sent_at) from ${emailSends} e where e.user_id = ${userId} and e.kind = 'searches')`;

/**
 * Members who chose the digest, were sent none in the last day, and whose searches matched a post
 * since their last digest (or since the search was saved): at most `limit`.
 */
export const dueDigests = (db: Db, limit: number) =>
  queryRows<{ id: string; name: string; email: string }>(
    db,
    sql`select u.id, u.name, u.email from ${users} u
      where u.deleted_at is null and (u.email_preferences->>'searches')::boolean is true
        and coalesce(${lastDigest(sql`u.id`)}, '-infinity') < now() - interval '1 day'
        and exists (select 1 from ${savedSearches} s join ${savedSearchHits} h on h.search_id = s.id
          where s.user_id = u.id and h.created_at > coalesce(${lastDigest(sql`u.id`)}, s.created_at))
      limit ${limit}`,
  );

/**
 * What a member's digest tells: each search with posts matched since the last digest, how many, and
 * the names of the newest three still listed (a product or request, by the search's kind).
 */
export const digestOf = (db: Db, userId: string) =>
  queryRows<{ name: string; count: number; examples: string[] }>(
    db,
    sql`select s.name, count(*)::int as count,
        (array_remove(array_agg(coalesce(p.name, r.item_name) order by h.created_at desc), null))[1:3] as examples
      from ${savedSearches} s
      join ${savedSearchHits} h on h.search_id = s.id
        and h.created_at > coalesce(${lastDigest(sql`s.user_id`)}, s.created_at)
      left join ${products} p on s.kind = 'products' and p.id = h.item_id
      left join ${requests} r on s.kind = 'requests' and r.id = h.item_id
      where s.user_id = ${userId}
      group by s.id, s.name, s.created_at
      order by s.created_at desc`,
  );

/**
 * Records the member's digest as sent unless another process sent one within the day; answers the
 * record's id (to release it if the mail fails), or undefined.
 */
export const claimDigest = (db: Db, userId: string) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('email:' || ${userId}))`);
    const [recent] = await queryRows<{ sent: boolean }>(
      tx,
      sql`select coalesce(${lastDigest(sql`${userId}::uuid`)} > now() - interval '1 day', false) as sent`,
    );
    if (recent?.sent) return undefined;
    const [row] = await tx
      .insert(emailSends)
      .values({ userId, kind: 'searches', aboutUserId: null })
      .returning({ id: emailSends.id });
    return row!.id;
  });

/** A digest that could not be sent is not recorded: the next sweep tries again. */
export const releaseDigest = async (db: Db, id: string) => {
  await db.delete(emailSends).where(eq(emailSends.id, id));
};
