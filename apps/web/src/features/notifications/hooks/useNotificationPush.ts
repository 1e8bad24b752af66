import type { AppNotification } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useOnReconnect, useSocketEvent } from '@/lib/socket';
import { isThreadOpen } from '@/lib/open-thread';
import { toast } from '@/lib/toast';
import { savedSearchKeys } from '@/api/cache';
import { refreshModerationQueues } from '@/api/moderation';
import { addPushedNotification, notificationsKey, useMarkNotificationRead } from '@/api/notifications';

const NOTIFICATION_TOAST_MS = 5000;

/**
 * Pushed notifications: into the cached list (top, count +1) and a toast, except a chat message
 * from the partner whose thread is on screen (at whatever address it was opened). After a reconnect the list is fetched again.
 */
export function useNotificationPush() {
  const queryClient = useQueryClient();
  const markRead = useMarkNotificationRead();

  useSocketEvent('notification', (notification: AppNotification) => {
    addPushedNotification(queryClient, notification);
    // A moderator told of a new case: an open queue shows it without a reload.
    const { reportId, settlementId } = notification.data;
    if (notification.type === 'moderation' && (reportId || settlementId))
      void refreshModerationQueues(queryClient);
    // New matches of a saved search: its count of new ones is read again where it shows.
    if (notification.type === 'search')
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list() });
    const senderId = notification.data.senderId;
    const threadOpen = notification.type === 'message' && !!senderId && isThreadOpen(senderId);
    if (threadOpen) {
      // The message is on screen already: no toast, and nothing left unread.
      if (!notification.isRead) markRead.mutate(notification.id);
    } else {
      toast.info(notification.message, { toastId: notification.id, autoClose: NOTIFICATION_TOAST_MS });
    }
  });

  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: notificationsKey }));
}
