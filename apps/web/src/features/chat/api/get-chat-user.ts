import type { PublicUser } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';

/** GET /users/{id} → { user }: the thread's partner. */
export const getChatUser = (userId: string, signal?: AbortSignal) =>
  api.get<{ user: PublicUser }>(`/users/${encodeURIComponent(userId)}`, { signal }).then((b) => b.user);

export const chatUserQuery = (userId: string) =>
  queryOptions({ queryKey: chatKeys.user(userId), queryFn: ({ signal }) => getChatUser(userId, signal) });

export function useChatUser(userId: string) {
  return useQuery(chatUserQuery(userId));
}
