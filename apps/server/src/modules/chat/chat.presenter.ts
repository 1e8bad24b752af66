import type { ChatMessage, Conversation } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import type { Storage } from '../../lib/storage';
import type { UploadLinks } from '../../lib/upload-links';
import type { ConversationRow, MessageAttachments, MessageRow } from './chat.repo';

/**
 * A chat message as clients see it, plus its clientId and its product and offer cards. A photo is a
 * signed link that expires, for the two people of the conversation only; a product's thumbnail is
 * public.
 */
export function presentMessage(
  storage: Pick<Storage, 'url'>,
  links: Pick<UploadLinks, 'url'>,
  m: MessageRow,
  attached: MessageAttachments,
): ChatMessage {
  const product = m.productId ? attached.products.get(m.productId) : undefined;
  const offer = m.offerId ? attached.offers.get(m.offerId) : undefined;
  const wanted = m.wantedPostId ? attached.wanted.get(m.wantedPostId) : undefined;
  const lostFound = m.lostFoundPostId ? attached.lostFound.get(m.lostFoundPostId) : undefined;
  return {
    id: m.id,
    clientId: m.clientId,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    sentAt: m.sentAt.toISOString(),
    isRead: m.isRead,
    image: m.imagePath ? links.url(m.imagePath) : null,
    product: product
      ? {
          id: product.id,
          name: product.name,
          price: toRupees(product.price),
          status: product.status,
          thumbnail: product.thumbPath ? storage.url(product.thumbPath) : null,
        }
      : null,
    offer: offer ? { id: offer.id, amount: toRupees(offer.amount), status: offer.status } : null,
    wanted: wanted
      ? { id: wanted.id, title: wanted.title, maxPrice: toRupees(wanted.maxPrice), status: wanted.status }
      : null,
    ...(lostFound && {
      lostFound: { id: lostFound.id, title: lostFound.title, kind: lostFound.kind, status: lostFound.status },
    }),
  };
}

/** A conversation as clients see it: the other person, the last message and the unread count. */
export const presentConversation = (c: ConversationRow): Conversation => ({
  user: { id: c.partnerId, name: c.name, avatar: c.avatar },
  latestMessage: { content: c.content, senderId: c.senderId, sentAt: new Date(c.sentAt).toISOString() },
  unreadCount: c.unreadCount,
});
