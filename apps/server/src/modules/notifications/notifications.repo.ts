import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationType } from '@campusrun/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { afterCursor, cursorOf, listOrder, orderBy } from '../../lib/lists';

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
 * The receiver's one unread notification of messages from `senderId`: the newest unread one is
 * refreshed (text, time) when there is one, else a new one is stored. Concurrent calls for the same
 * pair queue on a transaction-scoped advisory lock, so they never store two.
 */
export const saveConversationNotification = (
  db: Db,
  values: NewNotification & { data: { senderId: string } },
) =>
  db.transaction(async (tx) => {
    const { userId, type, message } = values;
    const senderId = values.data.senderId;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notification:${type}:${userId}:${senderId}`}, 0))`,
    );
    const newestUnread = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.type, type),
          eq(notifications.isRead, false),
          sql`${notifications.data}->>'senderId' = ${senderId}`,
        ),
      )
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    const [refreshed] = await tx
      .update(notifications)
      .set({ message, createdAt: new Date() })
      .where(and(inArray(notifications.id, newestUnread), eq(notifications.isRead, false)))
      .returning();
    return refreshed ?? (await tx.insert(notifications).values(values).returning())[0]!;
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
