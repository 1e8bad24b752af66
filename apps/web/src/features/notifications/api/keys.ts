import type { AppNotification } from '@campusrun/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { NotificationsPage } from './get-notifications';

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
export function markReadAtOnce<V>(
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
