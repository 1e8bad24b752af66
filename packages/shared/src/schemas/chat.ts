import { z } from 'zod';
import { OFFER_STATUSES, PRODUCT_STATUSES } from '../constants';
import { userText } from './common';
import { userRefSchema } from './users';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../messages/chat';
import { charactersNotAllowed } from '../messages/common';

/** The text of a message: not empty or whitespace-only, bounded. */
export const messageContent = userText('text', charactersNotAllowed('Message'), {
  error: CHAT_MESSAGES.empty,
})
  .trim()
  .min(1, CHAT_MESSAGES.empty)
  .max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.tooLong);

/** A client-generated id so a resend is never stored twice. */
export const clientIdField = userText('line', 'Invalid clientId')
  .min(1)
  .max(CHAT_LIMITS.clientIdMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid clientId');

/** POST /chat. */
export const sendMessageSchema = z.object({
  receiverId: z.uuid({ error: 'Invalid receiver' }),
  content: messageContent,
  clientId: clientIdField.optional(),
  /** The product the thread was opened from (its seller must be one of the two). */
  productId: z.uuid({ error: 'Invalid product' }).optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageSchema>;

/** POST /chat/photo: the text fields of the form (the file is `photo`). */
export const sendPhotoFieldsSchema = z.object({
  receiverId: z.uuid({ error: 'Invalid receiver' }),
  clientId: clientIdField.optional(),
  productId: z.uuid({ error: 'Invalid product' }).optional(),
});

/** One chat message as the API and the socket send it, with the clientId it was sent with. */
export const messageSchema = z.object({
  id: z.uuid(),
  clientId: z.string().nullable(),
  senderId: z.uuid(),
  receiverId: z.uuid(),
  content: z.string(),
  sentAt: z.string(),
  isRead: z.boolean(),
  /** The product this message brings into the thread, as a card (null once the product is deleted). */
  product: z
    .object({
      id: z.uuid(),
      name: z.string(),
      price: z.number(),
      status: z.enum(PRODUCT_STATUSES),
      thumbnail: z.string().nullable(),
    })
    .nullable(),
  /** A photo message: the re-encoded WebP (≤ 1600 px). */
  image: z.string().nullable(),
  /** An offer message: the offer's amount (rupees) and current status. */
  offer: z.object({ id: z.uuid(), amount: z.number(), status: z.enum(OFFER_STATUSES) }).nullable(),
  /** An answer to a wanted post ("I have one"): the wanted post, as a card (rupees). */
  wanted: z
    .object({ id: z.uuid(), title: z.string(), maxPrice: z.number(), status: z.enum(['open', 'closed']) })
    .nullable()
    .optional(),
  /** A lost and found post the message is about (the finder's message on an accepted claim), as a card. */
  lostFound: z
    .object({
      id: z.uuid(),
      title: z.string(),
      kind: z.enum(['lost', 'found']),
      status: z.enum(['open', 'resolved']),
    })
    .optional(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

/** One conversation of the list: the other person, the latest message and how many are unread. */
export const conversationSchema = z.object({
  user: userRefSchema,
  latestMessage: z.object({ content: z.string(), senderId: z.uuid(), sentAt: z.string() }),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageResponse = z.object({ message: messageSchema });
export const conversationsResponse = z.object({ conversations: z.array(conversationSchema) });
/** GET /chat/conversation/{userId}: one page, oldest first; nextCursor pages to OLDER messages. */
export const conversationMessagesResponse = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
  user: userRefSchema,
});
