import { CHAT_MESSAGES, type ChatMessage } from '@campusrun/shared';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOnReconnect, useSocket } from '@/lib/socket';
import { toast } from '@/lib/toast';
import {
  addMessageToThread,
  bumpConversation,
  threadMessages,
  type ThreadData,
  chatKeys,
  postMessage,
} from '@/api/chat';
import { Outbox, type PendingMessage } from './outbox';

/**
 * A chat message shows at once ('Sending...'). Written without a network it stays in the thread,
 * 'Waiting for network', until the network returns, and can be taken back (`cancel`); how it travels
 * is the `Outbox`'s. A refusal (e.g. 'You cannot message this user') or a server that does not answer
 * removes it with a toast. `giveBack` gets the text of a failed or cancelled message, so nothing
 * typed is lost.
 */
export function useSendMessage(
  myId: string,
  partnerId: string,
  giveBack: (content: string) => void,
  /** The product the thread was opened from, carried by the next message until one is stored. */
  productId?: string,
) {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  // One outbox for the life of the thread (a thread is a fresh page per partner, and its people,
  // cache and composer stay the same while it is open).
  const [outbox] = useState(
    () =>
      new Outbox(
        {
          partnerId,
          online: () => onlineManager.isOnline(),
          post: postMessage,
          stored: (message) => {
            addMessageToThread(queryClient, partnerId, message);
            bumpConversation(queryClient, message, myId, true);
          },
          failed: (message, reason) => {
            // Stored after all (it came back with a refetch after a reconnect): nothing failed.
            const thread = queryClient.getQueryData<ThreadData>(chatKeys.thread(partnerId));
            const mine = (m: ChatMessage) => m.clientId === message.clientId && m.senderId === myId;
            if (threadMessages(thread).some(mine)) return;
            toast.error(reason || CHAT_MESSAGES.failed);
            giveBack(message.content);
          },
          changed: setPending,
        },
        socket,
      ),
  );
  useEffect(() => outbox.setSocket(socket), [outbox, socket]);

  useEffect(() => {
    outbox.open();
    const stop = onlineManager.subscribe((online) => outbox.networkChanged(online));
    return () => {
      stop();
      outbox.close();
    };
  }, [outbox]);
  useOnReconnect(() => outbox.reconnected());

  return {
    pending,
    send: (content: string) => outbox.send(content, productId),
    cancel: (clientId: string) => {
      const content = outbox.cancel(clientId);
      if (content !== undefined) giveBack(content);
    },
  };
}
