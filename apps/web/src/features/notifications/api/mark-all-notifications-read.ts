import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markReadAtOnce } from './keys';

/** PUT /notifications/read-all. */
export const markAllNotificationsRead = () => api.put('/notifications/read-all');

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
