import type { ChatMessage, Conversation } from '@campusrun/shared';
import type { ConversationRow, MessageRow } from './chat.repo';

/** Spec §3 Message, plus its clientId. */
export const presentMessage = (m: MessageRow): ChatMessage => ({
  id: m.id,
  clientId: m.clientId,
  senderId: m.senderId,
  receiverId: m.receiverId,
  content: m.content,
  sentAt: m.sentAt.toISOString(),
  isRead: m.isRead,
});

/** Spec §3 Conversation. */
export const presentConversation = (c: ConversationRow): Conversation => ({
  user: { id: c.partnerId, name: c.name, avatar: c.avatar },
  latestMessage: { content: c.content, senderId: c.senderId, sentAt: new Date(c.sentAt).toISOString() },
  unreadCount: c.unreadCount,
});
