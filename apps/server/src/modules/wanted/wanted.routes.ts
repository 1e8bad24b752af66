import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, PRODUCT_MESSAGES, WANTED_LIMITS, WANTED_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import { photoUploadBudget } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import type { WantedService } from './wanted.service';

const r = routes.wanted;

/**
 * GET and POST /wanted; GET and DELETE /wanted/{id}; POST …/renew, …/close and …/answer; PUT and
 * DELETE …/photo. Multipart is registered only in this scope (for the photo).
 */
export function wantedRoutes({ ctx, guards, service }: RouteDeps<WantedService>): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', WANTED_MESSAGES.notFound);
    // New products are matched against open wanted posts after their answer has gone.
    const stop = ctx.events.on((event) => {
      if (event.type === 'product.available') service.listed(event.product.id);
    });
    app.addHook('onClose', async () => {
      stop();
      await service.settled();
    });

    await app.register(multipart, {
      limits: { fileSize: WANTED_LIMITS.photoMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    });
    const photoForm = multipartForm({
      schema: z.object({}),
      fileField: 'photo',
      maxFiles: 1,
      maxFileBytes: WANTED_LIMITS.photoMaxBytes,
      fileTooLarge: PRODUCT_MESSAGES.imageTooLarge,
      tooManyFiles: WANTED_MESSAGES.onlyOnePhoto,
      maxFields: 5,
      fileErrors: (files) => (files.length ? [] : [{ param: 'photo', msg: WANTED_MESSAGES.photoRequired }]),
      // Shared with product uploads, whose routes clear what a killed process left there.
      tmpDir: path.join(ctx.config.dataDir, 'tmp'),
    });
    // Decoding is the costly part: one budget with product and chat photos, counted before reading.
    const uploads = photoUploadBudget(ctx.limiter);
    const isPoster = (req: FastifyRequest) =>
      service.assertPoster(actorOf(req), (req.params as { id: string }).id);

    await guards.scope(app, 'member', (app) => {
      app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req), req.query) });
      app.route({
        ...served(r.create),
        handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
      });
      app.route({
        ...served(r.get),
        onRequest: id.check,
        handler: (req) => service.get(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.renew),
        onRequest: id.check,
        handler: (req) => service.renew(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.close),
        onRequest: id.check,
        handler: (req) => service.close(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.remove),
        onRequest: id.check,
        handler: (req) => service.remove(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.setPhoto),
        // Whose post it is, before anything of the body is parsed; how often, before it is read.
        onRequest: [id.check, isPoster],
        preValidation: photoForm.preValidation,
        preHandler: [
          async (req) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany),
          photoForm.read,
        ],
        onSend: photoForm.onSend,
        handler: (req) => service.setPhoto(actorOf(req), req.params.id, photoForm.of(req).files[0]!),
      });
      app.route({
        ...served(r.removePhoto),
        onRequest: id.check,
        handler: (req) => service.deletePhoto(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.answer),
        onRequest: id.check,
        handler: (req) => service.answer(actorOf(req), req.params.id, req.body),
      });
    });
  };
}
