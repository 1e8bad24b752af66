import path from 'node:path';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  MESSAGES,
  clientIdField,
  sendPhotoFieldsSchema,
  conversationMessagesResponse,
  conversationsResponse,
  messageResponse,
  paginationQuerySchema,
  sendMessageSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { rowId } from '../../lib/ids';
import { photoUploadBudget } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { type ChatService, USER_NOT_FOUND } from './chat.service';

/** OpenAPI description of the photo form (read and checked by the multipart hooks). */
const photoBodyDoc = z
  .object({
    receiverId: z.uuid(),
    clientId: clientIdField.optional(),
    productId: z.uuid().optional(),
    photo: z.file().describe('One PNG, JPG, GIF or WebP image, at most 5 MB'),
  })
  .nullish();

/** /chat/*: send, conversation list, history. Real-time delivery happens in the realtime gateway. */
export function chatRoutes(ctx: AppContext, guards: Guards, service: ChatService): FastifyPluginAsyncZod {
  return async (app) => {
    const userId = rowId('userId', USER_NOT_FOUND);
    const tags = ['chat'];

    await app.register(multipart, {
      limits: { fileSize: CHAT_LIMITS.photoMaxBytes, files: 1, fields: 10, parts: 12, headerPairs: 100 },
    });
    const photoForm = multipartForm({
      schema: sendPhotoFieldsSchema,
      fileField: 'photo',
      maxFiles: 1,
      maxFileBytes: CHAT_LIMITS.photoMaxBytes,
      fileTooLarge: CHAT_MESSAGES.photoTooLarge,
      tooManyFiles: CHAT_MESSAGES.photoRequired,
      tmpDir: path.join(ctx.config.dataDir, 'tmp'),
    });
    // Decoding is the costly part: chat photos share the product photos' budget, counted before
    // the file is read.
    const uploads = photoUploadBudget(ctx.limiter);

    await guards.scope(app, 'member', (app) => {
      app.post(
        '/chat/photo',
        {
          preValidation: photoForm.preValidation,
          preHandler: [
            async (req) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany),
            photoForm.read,
          ],
          onSend: photoForm.onSend,
          schema: {
            tags,
            description:
              'multipart/form-data: receiverId, optional clientId and productId, and one `photo` (≤ 5 MB).',
            consumes: ['multipart/form-data'],
            body: photoBodyDoc,
            response: { 200: messageResponse, 201: messageResponse },
          },
        },
        async (req, reply) => {
          const form = photoForm.of(req);
          const { message, created } = await service.sendPhoto(actorOf(req), form.fields, form.files[0]);
          return reply.code(created ? 201 : 200).send({ message });
        },
      );
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
