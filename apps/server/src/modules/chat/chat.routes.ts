import { z } from 'zod';
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
import { createChatService } from './chat.service';

/** A malformed id is a user that does not exist (404). */
const userIdParam = z.object({ userId: z.string().max(100) });

/** /chat/*: send, conversation list, history. Real-time delivery happens in the realtime gateway. */
export function chatRoutes(ctx: AppContext, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createChatService(ctx);
    const anyone = guards.requireRole('hosteller', 'dayscholar');
    const tags = ['chat'];

    app.post(
      '/chat',
      {
        onRequest: anyone,
        schema: { tags, body: sendMessageSchema, response: { 200: messageResponse, 201: messageResponse } },
      },
      async (req, reply) => {
        const { message, created } = await service.send(actorOf(req), req.body);
        return reply.code(created ? 201 : 200).send({ message });
      },
    );
    app.get(
      '/chat/conversations',
      { onRequest: anyone, schema: { tags, response: { 200: conversationsResponse } } },
      (req) => service.conversations(actorOf(req)),
    );
    app.get(
      '/chat/conversation/:userId',
      {
        onRequest: anyone,
        schema: {
          tags,
          params: userIdParam,
          querystring: paginationQuerySchema,
          response: { 200: conversationMessagesResponse },
        },
      },
      (req) => service.conversation(actorOf(req), req.params.userId, req.query),
    );
  };
}
