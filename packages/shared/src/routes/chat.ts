import { z } from 'zod';
import {
  clientIdField,
  conversationMessagesResponse,
  conversationsResponse,
  messageResponse,
  sendMessageSchema,
} from '../schemas/chat';
import { paginationQuerySchema } from '../schemas/common';
import { route, userIdParams } from './contract';

/** OpenAPI description of the photo form (read and checked by the server's multipart hooks). */
const photoBodyDoc = z
  .object({
    receiverId: z.uuid(),
    clientId: clientIdField.optional(),
    productId: z.uuid().optional(),
    photo: z.file().describe('One PNG, JPG, GIF or WebP image, at most 5 MB'),
  })
  .nullish();

const tags = ['chat'] as const;
/** 201 with a new message, 200 with the one the same clientId already sent. */
const sent = { 200: messageResponse, 201: messageResponse } as const;

export const sendPhoto = route({
  method: 'POST',
  path: '/chat/photo',
  tags,
  description: 'multipart/form-data: receiverId, optional clientId and productId, and one `photo` (≤ 5 MB).',
  consumes: ['multipart/form-data'],
  body: photoBodyDoc,
  response: sent,
});
export const send = route({ method: 'POST', path: '/chat', tags, body: sendMessageSchema, response: sent });
export const conversations = route({
  method: 'GET',
  path: '/chat/conversations',
  tags,
  response: { 200: conversationsResponse },
});
export const conversation = route({
  method: 'GET',
  path: '/chat/conversation/:userId',
  tags,
  params: userIdParams,
  query: paginationQuerySchema,
  response: { 200: conversationMessagesResponse },
});
