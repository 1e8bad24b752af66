import type { ChatMessage, UserRef } from '@campusrun/shared';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';

export interface ThreadPage {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Pages to OLDER messages. */
  nextCursor: string | null;
  user: UserRef;
}

export type ThreadData = InfiniteData<ThreadPage, unknown>;

export const THREAD_PAGE_SIZE = 30;

/** GET /chat/conversation/{userId}: newest page first; opening it marks incoming messages read. */
export function fetchThreadPage(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
  limit = THREAD_PAGE_SIZE,
) {
  return api.get<ThreadPage>(`/chat/conversation/${encodeURIComponent(userId)}`, {
    params: { limit, cursor },
    signal,
  });
}

export const threadQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.thread(userId),
    queryFn: ({ pageParam, signal }) => fetchThreadPage(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useThread(userId: string) {
  return useInfiniteQuery(threadQuery(userId));
}
