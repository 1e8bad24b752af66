import { useEffect, useEffectEvent } from 'react';
import { cancelMessage, openComposer, sendMessage, usePendingMessages } from './outboxes';

/**
 * The thread's side of sending: a message shows at once ('Sending...'); written without a network it
 * stays, 'Waiting for network', until the network returns, and can be taken back (`cancel`). The
 * app's outbox for this partner sends it, even after the thread is left. `giveBack` gets the text of
 * a cancelled message, and of one the server refused (also one refused while the thread was closed,
 * when the thread opens), so nothing typed is lost.
 */
export function useSendMessage(
  partnerId: string,
  giveBack: (content: string) => void,
  /** The product the thread was opened from, carried by the next message until one is stored. */
  productId?: string,
) {
  const pending = usePendingMessages(partnerId);
  const takeBack = useEffectEvent(giveBack);
  useEffect(() => openComposer(partnerId, (content) => takeBack(content)), [partnerId]);

  return {
    pending,
    send: (content: string) => sendMessage(partnerId, content, productId),
    cancel: (clientId: string) => {
      const content = cancelMessage(partnerId, clientId);
      if (content !== undefined) giveBack(content);
    },
  };
}
