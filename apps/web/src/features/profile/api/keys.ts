import type { QueryClient } from '@tanstack/react-query';

export const profileKeys = {
  pushConfig: ['push', 'config'] as const,
  emailPreferences: ['email', 'preferences'] as const,
  sessions: ['auth', 'sessions'] as const,
};

/**
 * The user's avatar is embedded in many answers (requests, products, chat): after a change every
 * cached one is marked stale, so a screen shows the new photo when it is next opened (open ones
 * refetch now).
 */
export function invalidateAfterAvatarChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries();
}
