import type { AppNotification } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '@/lib/socket';
import { refreshLostFoundPost } from '@/api/lost-found';

/**
 * While a post's page is open, a lost and found notice about it (a new claim for its finder; "it was
 * returned" for a claimant) reads the post and its claims again, so the page follows without a reload.
 */
export function useLostFoundNotices(postId: string) {
  const queryClient = useQueryClient();
  useSocketEvent('notification', (notification: AppNotification) => {
    if (notification.type === 'lost_found' && notification.data.lostFoundPostId === postId)
      refreshLostFoundPost(queryClient, postId);
  });
}
