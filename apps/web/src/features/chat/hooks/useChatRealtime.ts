import type { ChatMessage } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useOnReconnect, useSocketEvent } from '@/lib/socket';
import {
  addMessageToThread,
  applyOfferToThreads,
  bumpConversation,
  clearUnread,
  markThreadRead,
  fetchThreadPage,
  chatKeys,
} from '@/api/chat';

/**
 * Keeps the cached conversations and threads live, wherever the user is in the app: new messages,
 * read receipts, and a refetch after a reconnect (so nothing sent during the drop is missing).
 */
export function useChatRealtime() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const myId = user?.id ?? '';

  // The server pushes a message again when its sender resends it (a lost acknowledgement); a message
  // already applied here must not count as unread twice.
  const applied = useRef(new Set<string>());
  useSocketEvent('message:new', (message: ChatMessage) => {
    if (!myId || applied.current.has(message.id)) return;
    applied.current.add(message.id);
    if (applied.current.size > 1000) applied.current.delete(applied.current.values().next().value!);
    const partnerId = message.senderId === myId ? message.receiverId : message.senderId;
    const threadOpen = pathname === paths.chatWith(partnerId);
    addMessageToThread(queryClient, partnerId, message);
    bumpConversation(queryClient, message, myId, threadOpen);
    if (threadOpen && message.senderId === partnerId) {
      // The message is on screen: reading the thread's newest message marks it read (and the
      // server sends the partner a read receipt).
      clearUnread(queryClient, partnerId);
      fetchThreadPage(partnerId, null, undefined, 1).catch(() => {});
    } else if (message.senderId === partnerId) {
      // A thread kept from before shows the message at once; opening it still asks the server, which
      // is what marks it read (and tells the sender).
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(partnerId), refetchType: 'none' });
    }
  });

  useSocketEvent('offer:updated', ({ offer }) => applyOfferToThreads(queryClient, offer));

  useSocketEvent('message:read', ({ readerId, senderId }) => {
    if (senderId === myId) markThreadRead(queryClient, readerId, myId);
  });

  useOnReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: chatKeys.threads });
  });
}
