import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markReadAtOnce } from './keys';

/** PUT /notifications/{id}/read. */
export const markNotificationRead = (id: string) => api.put(`/notifications/${encodeURIComponent(id)}/read`);

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
