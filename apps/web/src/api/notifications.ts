import type { AppNotification, NotificationsResponse } from '@campusrun/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import * as endpoints from './endpoints/notifications';

export const notificationsKey = ['notifications'] as const;

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

/**
 * Marking read shows at once: `change` turns the cached page into the marked one (null: nothing to
 * change). If the server refuses, the page before comes back and a toast says so.
 */
function markReadAtOnce<V>(
  queryClient: QueryClient,
  change: (page: NotificationsPage, variables: V) => NotificationsPage | null,
) {
  return {
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const previous = queryClient.getQueryData<NotificationsPage>(notificationsKey);
      const next = previous && change(previous, variables);
      if (next) queryClient.setQueryData<NotificationsPage>(notificationsKey, next);
      return { previous };
    },
    onError: (_error: unknown, _variables: V, context?: { previous?: NotificationsPage }) => {
      if (context?.previous) queryClient.setQueryData(notificationsKey, context.previous);
      toast.error(MARK_FAILED);
    },
  };
}

export type NotificationsPage = NotificationsResponse;

const NOTIFICATIONS_LIMIT = 20;

/** GET /notifications?limit → the newest notifications and the unread count (the bell's badge). */
function fetchNotifications(signal?: AbortSignal) {
  return endpoints.list({ query: { limit: NOTIFICATIONS_LIMIT } }, { signal });
}

const notificationsQuery = () =>
  queryOptions({ queryKey: notificationsKey, queryFn: ({ signal }) => fetchNotifications(signal) });

export function useNotifications() {
  return useQuery(notificationsQuery());
}

/** PUT /notifications/read-all. */
const markAllNotificationsRead = () => endpoints.readAll();

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    ...markReadAtOnce<void>(queryClient, (page) => ({
      ...page,
      notifications: page.notifications.map((n) => ({ ...n, isRead: true })),
      unreadCount: 0,
    })),
  });
}

/** PUT /notifications/{id}/read. */
const markNotificationRead = (id: string) => endpoints.read({ params: { id } });

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    ...markReadAtOnce<string>(queryClient, (page, id) => {
      const target = page.notifications.find((n) => n.id === id);
      if (!target || target.isRead) return null;
      return {
        ...page,
        notifications: page.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
        unreadCount: Math.max(0, page.unreadCount - 1),
      };
    }),
  });
}
