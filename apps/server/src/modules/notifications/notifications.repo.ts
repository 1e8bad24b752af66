import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { NotificationType } from '@campusrun/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  data: NotificationRow['data'];
}

export const insertNotification = async (db: Db, values: NewNotification) =>
  (await db.insert(notifications).values(values).returning())[0]!;

/** One page of a user's notifications, newest first, strictly after the cursor row. */
export const listNotifications = (db: Db, userId: string, limit: number, cursorId?: string) =>
  db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        cursorId
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from ${notifications} c where c.id = ${cursorId})`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
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
