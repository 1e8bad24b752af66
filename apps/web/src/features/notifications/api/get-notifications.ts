import type { AppNotification } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsKey } from './keys';

export interface NotificationsPage {
  notifications: AppNotification[];
  unreadCount: number;
  nextCursor: string | null;
}

export const NOTIFICATIONS_LIMIT = 20;

/** GET /notifications?limit → the newest notifications and the unread count (the bell's badge). */
export function fetchNotifications(signal?: AbortSignal) {
  return api.get<NotificationsPage>('/notifications', { params: { limit: NOTIFICATIONS_LIMIT }, signal });
}

export const notificationsQuery = () =>
  queryOptions({ queryKey: notificationsKey, queryFn: ({ signal }) => fetchNotifications(signal) });

export function useNotifications() {
  return useQuery(notificationsQuery());
}
