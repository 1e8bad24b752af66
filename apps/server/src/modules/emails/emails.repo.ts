import { and, count, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { EmailKind } from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { emailSends, messages, users } from '../../db/schema';

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
