import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_LIMITS, CHAT_MESSAGES, MESSAGES, routes, sendPhotoFieldsSchema } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import { photoUploadBudget } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { servePage } from '../../lib/page-cache';
import { type ChatService, USER_NOT_FOUND } from './chat.service';

const r = routes.chat;

/** /chat/*: send, conversation list, history. Real-time delivery happens in the realtime gateway. */
export function chatRoutes({ ctx, guards, service }: RouteDeps<ChatService>): FastifyPluginAsyncZod {
  return async (app) => {
    const userId = rowId('userId', USER_NOT_FOUND);

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
      app.route({
        ...served(r.sendPhoto),
        preValidation: photoForm.preValidation,
        preHandler: [
          async (req) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany),
          photoForm.read,
        ],
        onSend: photoForm.onSend,
        handler: async (req, reply) => {
          const form = photoForm.of(req);
          const { message, created } = await service.sendPhoto(actorOf(req), form.fields, form.files[0]);
          return reply.code(created ? 201 : 200).send({ message });
        },
      });
      app.route({
        ...served(r.send),
        handler: async (req, reply) => {
          const { message, created } = await service.send(actorOf(req), req.body);
          return reply.code(created ? 201 : 200).send({ message });
        },
      });
      // Kept for the member until a message to or from them is stored or read, or a name changes.
      app.route({
        ...served(r.conversations),
        handler: (req, reply) =>
          servePage(ctx.ownPages, req, reply, {
            key: 'chat/conversations',
            owner: actorOf(req).id,
            load: () => service.conversations(actorOf(req)),
          }),
      });
      app.route({
        ...served(r.conversation),
        onRequest: userId.check,
        handler: (req) => service.conversation(actorOf(req), req.params.userId, req.query),
      });
    });
  };
}
