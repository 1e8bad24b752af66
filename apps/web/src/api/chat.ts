import type { ChatMessage, Conversation, Offer, ThreadPageResponse } from '@campusrun/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { resizePhoto } from '@/lib/resize-photo';
import * as endpoints from './endpoints/chat';
import * as peopleApi from './endpoints/people';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  threads: ['chat', 'thread'] as const,
  thread: (userId: string) => ['chat', 'thread', userId] as const,
  user: (userId: string) => ['chat', 'user', userId] as const,
};

/* How the cached conversations and threads follow a message, a read receipt or an offer. */

/** An offer changed: every cached thread showing its card follows. */
export function applyOfferToThreads(queryClient: QueryClient, offer: Offer) {
  queryClient.setQueriesData<ThreadData>({ queryKey: chatKeys.threads }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((m) =>
              m.offer?.id === offer.id ? { ...m, offer: { ...m.offer, status: offer.status } } : m,
            ),
          })),
        }
      : data,
  );
}

/** Every message of a thread, oldest first (pages are newest first). */
export function threadMessages(data: ThreadData | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a.id === b.id || (a.clientId !== null && a.clientId === b.clientId && a.senderId === b.senderId);

/** Put a message at the end of a cached thread (once: by id or clientId). */
function putMessage(queryClient: QueryClient, partnerId: string, message: ChatMessage) {
  queryClient.setQueryData<ThreadData>(chatKeys.thread(partnerId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((m) => sameMessage(m, message)))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
}

/**
 * Put a message at the end of a cached thread (once: by id or clientId). A fetch of the thread
 * already under way (a refetch after a reconnect, the first load) may have read it before this
 * message was stored, and its answer replaces the cache: the message is put in again once that
 * answer is in.
 */
export function addMessageToThread(queryClient: QueryClient, partnerId: string, message: ChatMessage) {
  putMessage(queryClient, partnerId, message);
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey: chatKeys.thread(partnerId), exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const stop = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'updated' || query.state.fetchStatus !== 'idle') return;
    stop();
    if (query.state.status === 'success') putMessage(queryClient, partnerId, message);
  });
}

/** `readerId` read everything `senderId` sent them: mark those messages read in the cache. */
export function markThreadRead(queryClient: QueryClient, partnerId: string, senderId: string) {
  queryClient.setQueryData<ThreadData>(chatKeys.thread(partnerId), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.map((m) =>
          m.senderId === senderId && !m.isRead ? { ...m, isRead: true } : m,
        ),
      })),
    };
  });
}

/**
 * A message in or out: its conversation goes to the top with the new preview; an incoming one
 * raises the unread count unless the thread is open. Unknown partners make the list refetch.
 */
export function bumpConversation(
  queryClient: QueryClient,
  message: ChatMessage,
  myId: string,
  threadOpen: boolean,
) {
  const partnerId = message.senderId === myId ? message.receiverId : message.senderId;
  const list = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
  if (!list) return;
  const existing = list.find((c) => c.user.id === partnerId);
  if (!existing) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    return;
  }
  const incoming = message.senderId !== myId;
  const updated: Conversation = {
    ...existing,
    latestMessage: { content: message.content, senderId: message.senderId, sentAt: message.sentAt },
    unreadCount: threadOpen ? 0 : existing.unreadCount + (incoming ? 1 : 0),
  };
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, [
    updated,
    ...list.filter((c) => c.user.id !== partnerId),
  ]);
}

/** The open thread has been read: its conversation shows no unread messages. */
export function clearUnread(queryClient: QueryClient, partnerId: string) {
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
    list?.map((c) => (c.user.id === partnerId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c)),
  );
}

/** GET /users/{id} → { user }: the thread's partner. */
const getChatUser = (userId: string, signal?: AbortSignal) =>
  peopleApi.user({ params: { id: userId } }, { signal }).then((b) => b.user);

const chatUserQuery = (userId: string) =>
  queryOptions({ queryKey: chatKeys.user(userId), queryFn: ({ signal }) => getChatUser(userId, signal) });

export function useChatUser(userId: string) {
  return useQuery(chatUserQuery(userId));
}

/** GET /chat/conversations → { conversations }: one per partner, the latest first. */
const getConversations = (signal?: AbortSignal) =>
  endpoints.conversations({ signal }).then((b) => b.conversations);

const conversationsQuery = () =>
  queryOptions({ queryKey: chatKeys.conversations, queryFn: ({ signal }) => getConversations(signal) });

export function useConversations() {
  return useQuery(conversationsQuery());
}

/** One page of a thread: its messages oldest first, the cursor to OLDER messages, the partner. */
export type ThreadPage = ThreadPageResponse;

export type ThreadData = InfiniteData<ThreadPage, unknown>;

const THREAD_PAGE_SIZE = 30;

/** GET /chat/conversation/{userId}: newest page first; opening it marks incoming messages read. */
export function fetchThreadPage(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
  limit = THREAD_PAGE_SIZE,
) {
  return endpoints.conversation(
    { params: { userId }, query: { limit, cursor: cursor ?? undefined } },
    { signal },
  );
}

const threadQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.thread(userId),
    queryFn: ({ pageParam, signal }) => fetchThreadPage(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useThread(userId: string) {
  return useInfiniteQuery(threadQuery(userId));
}

/**
 * POST /chat → { message }. The thread's cache is updated by its caller (`useSendMessage`), which
 * shows the message before the answer and retries it.
 */
export function postMessage(body: {
  receiverId: string;
  content: string;
  clientId: string;
  productId?: string;
}) {
  return endpoints.send({ body }).then((b) => b.message);
}

/** A photo message: its receiver, its clientId, the product it is about (if any) and the image. */
interface PhotoMessage {
  receiverId: string;
  clientId: string;
  productId?: string;
  photo: File;
}

/**
 * POST /chat/photo, multipart: the fields and one `photo` file (resized on this device first) →
 * { message }. The server verifies and re-encodes the image; `onProgress` follows the upload (0 to 1).
 */
export async function postPhoto(
  { receiverId, clientId, productId, photo }: PhotoMessage,
  onProgress?: (fraction: number) => void,
) {
  const sent = await resizePhoto(photo);
  const form = new FormData();
  form.append('receiverId', receiverId);
  form.append('clientId', clientId);
  if (productId) form.append('productId', productId);
  form.append('photo', sent, sent.name);
  return endpoints.sendPhoto({ body: form }, { onProgress }).then((b) => b.message);
}
