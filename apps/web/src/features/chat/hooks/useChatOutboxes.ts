import { CHAT_MESSAGES, type Conversation } from '@campusrun/shared';
import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { addMessageToThread, bumpConversation, chatKeys, threadMessages, type ThreadData } from '@/api/chat';
import { useAuth } from '@/lib/auth';
import { useSocket } from '@/lib/socket';
import { toast } from '@/lib/toast';
import {
  driveOutboxes,
  outboxesConnected,
  outboxesNetworkChanged,
  returnText,
  setOutboxSocket,
} from './outboxes';

/** The partner's name as the cached chat knows it (the conversation list, their card, the thread). */
function partnerName(queryClient: QueryClient, partnerId: string): string | undefined {
  const conversations = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
  return (
    conversations?.find((c) => c.user.id === partnerId)?.user.name ??
    queryClient.getQueryData<{ name: string }>(chatKeys.user(partnerId))?.name ??
    queryClient.getQueryData<ThreadData>(chatKeys.thread(partnerId))?.pages[0]?.user.name
  );
}

/** What a refused message's toast says when its thread is not on screen: whom it was for, and why. */
function notSentTo(name: string | undefined, reason: string | undefined): string {
  const to = name ? ` to ${name}` : '';
  return reason ? `Couldn’t send your message${to}: ${reason}` : `${CHAT_MESSAGES.failed}${to}`;
}

/** Came back with a refetch (after a reconnect): the server stored it after all. */
function storedAfterAll(queryClient: QueryClient, partnerId: string, clientId: string, myId: string) {
  const thread = queryClient.getQueryData<ThreadData>(chatKeys.thread(partnerId));
  return threadMessages(thread).some((m) => m.clientId === clientId && m.senderId === myId);
}

/**
 * Drives the member's chat outboxes wherever they are in the app: messages written offline (or kept
 * from before the app was closed) go when the network is back, in the order written, each once, and
 * nobody is moved to another screen. A stored message joins its thread and the conversation list; a
 * refused one raises a toast (naming the partner when their thread is not on screen) and its text
 * goes back to that thread's composer.
 */
export function useChatOutboxes(): void {
  const queryClient = useQueryClient();
  const myId = useAuth().user?.id ?? '';
  const { socket, connected } = useSocket();
  useEffect(() => setOutboxSocket(socket), [socket]);
  // The socket connecting, the first time or again, is the network coming back too (an app opened
  // while the server was out of reach).
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) outboxesConnected();
    wasConnected.current = connected;
  }, [connected]);

  useEffect(() => {
    const stop = driveOutboxes({
      stored: (partnerId, message) => {
        addMessageToThread(queryClient, partnerId, message);
        // The member's own message leaves the conversation's unread count as it is.
        bumpConversation(queryClient, message, myId, false);
      },
      failed: (partnerId, message, reason) => {
        if (storedAfterAll(queryClient, partnerId, message.clientId, myId)) return;
        const onScreen = returnText(partnerId, message.content);
        toast.error(
          onScreen ? reason || CHAT_MESSAGES.failed : notSentTo(partnerName(queryClient, partnerId), reason),
        );
      },
    });
    const stopListening = onlineManager.subscribe(outboxesNetworkChanged);
    return () => {
      stopListening();
      stop();
    };
  }, [queryClient, myId]);
}
