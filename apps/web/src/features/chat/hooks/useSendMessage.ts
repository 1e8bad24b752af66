import { CHAT_MESSAGES, type ChatMessage, SOCKET_OPTIONS } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useOnReconnect, useSocket } from '@/lib/socket';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  addMessageToThread,
  bumpConversation,
  threadMessages,
  type ThreadData,
  chatKeys,
  postMessage,
} from '@/api/chat';
import { newClientId } from './client-id';

export interface PendingMessage {
  clientId: string;
  content: string;
  sentAt: string;
  productId?: string;
}

/**
 * A chat message shows at once ('Sending...'), goes over the socket with an
 * acknowledgement (POST /chat while the socket is down), and on failure is removed with the toast
 * 'Failed to send message'; `onFailed` gets the text back so nothing typed is lost. Messages still
 * unacknowledged when the socket comes back are sent again with the same clientId (the server
 * stores a clientId once).
 */
export function useSendMessage(
  myId: string,
  partnerId: string,
  onFailed: (content: string) => void,
  /** The product the thread was opened from, carried by the next message until one is stored. */
  productId?: string,
) {
  const queryClient = useQueryClient();
  const { socket, connected } = useSocket();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  /** Unacknowledged socket sends: clientId → the message and its timeout. */
  const inFlight = useRef(
    new Map<string, { message: PendingMessage; timer: ReturnType<typeof setTimeout> }>(),
  );

  const remove = (clientId: string) => {
    const entry = inFlight.current.get(clientId);
    if (entry) clearTimeout(entry.timer);
    inFlight.current.delete(clientId);
    setPending((list) => list.filter((m) => m.clientId !== clientId));
  };

  const stored = (clientId: string, message: ChatMessage) => {
    addMessageToThread(queryClient, partnerId, message);
    bumpConversation(queryClient, message, myId, true);
    remove(clientId);
  };

  /** `reason`: the server's refusal (e.g. 'You cannot message this user'), said instead of the generic text. */
  const failed = (message: PendingMessage, reason?: string) => {
    remove(message.clientId);
    // Stored after all (it came back with a refetch after a reconnect): nothing failed.
    const thread = queryClient.getQueryData<ThreadData>(chatKeys.thread(partnerId));
    if (threadMessages(thread).some((m) => m.clientId === message.clientId && m.senderId === myId)) return;
    toast.error(reason || CHAT_MESSAGES.failed);
    onFailed(message.content);
  };

  function overSocket(message: PendingMessage) {
    if (!socket) return;
    const { clientId } = message;
    const timer = setTimeout(() => failed(message), SOCKET_OPTIONS.timeout);
    inFlight.current.set(clientId, { message, timer });
    const about = message.productId ? { productId: message.productId } : {};
    socket.emit(
      'message:send',
      { receiverId: partnerId, message: message.content, clientId, ...about },
      (answer) => {
        const current = inFlight.current.get(clientId);
        if (answer?.ok) {
          // Even a late acknowledgement means the message was stored: show it.
          stored(clientId, answer.message);
        } else if (current?.timer === timer) {
          failed(message, answer?.ok === false ? answer.error : undefined);
        }
      },
    );
  }

  useOnReconnect(() => {
    for (const { message, timer } of [...inFlight.current.values()]) {
      clearTimeout(timer);
      overSocket(message);
    }
  });

  function send(content: string) {
    const message: PendingMessage = {
      clientId: newClientId(),
      content,
      sentAt: new Date().toISOString(),
      ...(productId ? { productId } : {}),
    };
    setPending((list) => [...list, message]);
    if (socket && connected) overSocket(message);
    else
      postMessage({ receiverId: partnerId, content, clientId: message.clientId, productId }).then(
        (answer) => stored(message.clientId, answer),
        (error: unknown) =>
          failed(message, error instanceof ApiError && error.status < 500 ? error.message : undefined),
      );
  }

  return { pending, send };
}
