import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationMessagesResponse,
  conversationsResponse,
  messageResponse,
  paginationQuerySchema,
  sendMessageSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { rowId } from '../../lib/ids';
import { createChatService, USER_NOT_FOUND } from './chat.service';

/** /chat/*: send, conversation list, history. Real-time delivery happens in the realtime gateway. */
export function chatRoutes(ctx: AppContext, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createChatService(ctx);
    const userId = rowId('userId', USER_NOT_FOUND);
    const tags = ['chat'];

    await guards.scope(app, 'member', (app) => {
      app.post(
        '/chat',
        {
          schema: { tags, body: sendMessageSchema, response: { 200: messageResponse, 201: messageResponse } },
        },
        async (req, reply) => {
          const { message, created } = await service.send(actorOf(req), req.body);
          return reply.code(created ? 201 : 200).send({ message });
        },
      );
      app.get('/chat/conversations', { schema: { tags, response: { 200: conversationsResponse } } }, (req) =>
        service.conversations(actorOf(req)),
      );
      app.get(
        '/chat/conversation/:userId',
        {
          onRequest: userId.check,
          schema: {
            tags,
            params: userId.params,
            querystring: paginationQuerySchema,
            response: { 200: conversationMessagesResponse },
          },
        },
        (req) => service.conversation(actorOf(req), req.params.userId, req.query),
      );
    });
  };
}
