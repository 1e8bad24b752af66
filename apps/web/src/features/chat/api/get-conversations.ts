import type { Conversation } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';

/** GET /chat/conversations → { conversations }: one per partner, the latest first. */
export const getConversations = (signal?: AbortSignal) =>
  api.get<{ conversations: Conversation[] }>('/chat/conversations', { signal }).then((b) => b.conversations);

export const conversationsQuery = () =>
  queryOptions({ queryKey: chatKeys.conversations, queryFn: ({ signal }) => getConversations(signal) });

export function useConversations() {
  return useQuery(conversationsQuery());
}
