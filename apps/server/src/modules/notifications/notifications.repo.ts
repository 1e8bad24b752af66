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
