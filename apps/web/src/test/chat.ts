import type { AppNotification, ChatMessage, Conversation, User } from '@campusrun/shared';
import { http, HttpResponse } from 'msw';
import { api } from './server';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-4e5f-4a6b-8c7d-${String(counter).padStart(12, '0')}`;
};

export function makeMessage(
  overrides: Partial<ChatMessage> & Pick<ChatMessage, 'senderId' | 'receiverId'>,
): ChatMessage {
  return {
    id: nextId('1a1b2c3d'),
    clientId: null,
    content: 'Hello there',
    sentAt: new Date().toISOString(),
    isRead: false,
    product: null,
    image: null,
    offer: null,
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: nextId('2a1b2c3d'),
    type: 'request_accepted',
    message: 'Your request was accepted',
    isRead: false,
    createdAt: new Date().toISOString(),
    data: { requestId: nextId('3a1b2c3d') },
    ...overrides,
  };
}

export const userRef = (user: User) => ({ id: user.id, name: user.name, avatar: user.avatar });

export function conversationWith(user: User, content = 'See you soon', unreadCount = 0): Conversation {
  return {
    user: userRef(user),
    latestMessage: { content, senderId: user.id, sentAt: new Date().toISOString() },
    unreadCount,
  };
}

/** The thread with `partner` (one page), the partner's card and the conversation list. */
export function chatHandlers(
  partner: User,
  messages: ChatMessage[] = [],
  conversations: Conversation[] = [],
) {
  return [
    http.get(api('/chat/conversation/:userId'), () =>
      HttpResponse.json({ messages, nextCursor: null, user: userRef(partner) }),
    ),
    http.get(api('/users/:id'), () =>
      HttpResponse.json({
        user: {
          id: partner.id,
          name: partner.name,
          role: partner.role,
          avatar: null,
          createdAt: partner.createdAt,
        },
      }),
    ),
    http.get(api('/chat/conversations'), () => HttpResponse.json({ conversations })),
  ];
}
