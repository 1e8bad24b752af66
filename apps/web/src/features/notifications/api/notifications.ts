import type { AppNotification } from '@campusrun/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export interface NotificationsPage {
  notifications: AppNotification[];
  unreadCount: number;
  nextCursor: string | null;
}

export const NOTIFICATIONS_LIMIT = 20;
export const notificationsKey = ['notifications'] as const;

export function fetchNotifications(signal?: AbortSignal) {
  return api.get<NotificationsPage>('/notifications', { params: { limit: NOTIFICATIONS_LIMIT }, signal });
}

/** The newest notifications and the unread count (the bell's badge). */
export function useNotifications() {
  return useQuery({ queryKey: notificationsKey, queryFn: ({ signal }) => fetchNotifications(signal) });
}

/** A notification pushed live goes to the top and raises the unread count. */
export function addPushedNotification(queryClient: QueryClient, notification: AppNotification) {
  const current = queryClient.getQueryData<NotificationsPage>(notificationsKey);
  if (!current) {
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
    return;
  }
  // The same id again is a refreshed one (a newer chat message from the same sender): it moves to
  // the top with its new text and time, and counts once.
  const known = current.notifications.find((n) => n.id === notification.id);
  const wasUnread = known ? !known.isRead : false;
  queryClient.setQueryData<NotificationsPage>(notificationsKey, {
    ...current,
    notifications: [notification, ...current.notifications.filter((n) => n.id !== notification.id)],
    unreadCount: current.unreadCount + (notification.isRead ? 0 : 1) - (wasUnread ? 1 : 0),
  });
}

const MARK_FAILED = 'Failed to mark notifications as read';

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put(`/notifications/${encodeURIComponent(id)}/read`),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const previous = queryClient.getQueryData<NotificationsPage>(notificationsKey);
      if (previous) {
        const target = previous.notifications.find((n) => n.id === id);
        if (target && !target.isRead) {
          queryClient.setQueryData<NotificationsPage>(notificationsKey, {
            ...previous,
            notifications: previous.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
            unreadCount: Math.max(0, previous.unreadCount - 1),
          });
        }
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsKey, context.previous);
      toast.error(MARK_FAILED);
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put('/notifications/read-all'),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const previous = queryClient.getQueryData<NotificationsPage>(notificationsKey);
      if (previous) {
        queryClient.setQueryData<NotificationsPage>(notificationsKey, {
          ...previous,
          notifications: previous.notifications.map((n) => ({ ...n, isRead: true })),
          unreadCount: 0,
        });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsKey, context.previous);
      toast.error(MARK_FAILED);
    },
  });
}
