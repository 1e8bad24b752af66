import type { NotificationRow } from './notifications.repo';

/** A notification as its owner sees it. */
export const presentNotification = (n: NotificationRow) => ({
  id: n.id,
  userId: n.userId,
  type: n.type,
  message: n.message,
  data: n.data,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
});
