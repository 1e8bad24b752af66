import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOST_FOUND_LIMITS,
  LOST_FOUND_MESSAGES,
  MESSAGES,
  PRODUCT_MESSAGES,
  routes,
} from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import { photoUploadBudget } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import type { LostFoundService } from './lost-found.service';

const r = routes.lostFound;

/**
 * GET and POST /lost-found; GET /lost-found/places; GET, PATCH and DELETE /lost-found/{id}; POST
 * …/renew and …/resolve; GET and POST …/claims; POST …/claims/{claimId}/accept and …/withdraw.
 */
export function lostFoundRoutes({
  ctx,
  guards,
  service,
}: RouteDeps<LostFoundService>): FastifyPluginAsyncZod {
  return async (app) => {
    const id = rowId('id', LOST_FOUND_MESSAGES.notFound);
    const claimId = rowId('claimId', LOST_FOUND_MESSAGES.claimNotFound);
    app.addHook('onClose', async () => {
      await service.settled();
    });

    const { photosMax, photoMaxBytes } = LOST_FOUND_LIMITS;
    await app.register(multipart, {
      limits: {
        fileSize: photoMaxBytes,
        files: photosMax,
        fields: 5,
        parts: photosMax + 5,
        headerPairs: 100,
      },
    });
    const photoForm = multipartForm({
      schema: z.object({}),
      fileField: 'photos',
      maxFiles: photosMax,
      maxFileBytes: photoMaxBytes,
      fileTooLarge: PRODUCT_MESSAGES.imageTooLarge,
      tooManyFiles: LOST_FOUND_MESSAGES.tooManyPhotos,
      maxFields: 5,
      fileErrors: (files) =>
        files.length ? [] : [{ param: 'photos', msg: LOST_FOUND_MESSAGES.photosRequired }],
      // Shared with product uploads, whose routes clear what a killed process left there.
      tmpDir: path.join(ctx.config.dataDir, 'tmp'),
    });
    // Decoding is the costly part: one budget with product and chat photos, counted before reading.
    const uploads = photoUploadBudget(ctx.limiter);
    const isPoster = async (req: FastifyRequest) => {
      await service.assertPoster(actorOf(req), (req.params as { id: string }).id);
    };

    await guards.scope(app, 'member', (app) => {
      app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req), req.query) });
      app.route({ ...served(r.places), handler: (req) => service.places(actorOf(req), req.query) });
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
        ...served(r.edit),
        onRequest: id.check,
        handler: (req) => service.edit(actorOf(req), req.params.id, req.body),
      });
      app.route({
        ...served(r.renew),
        onRequest: id.check,
        handler: (req) => service.renew(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.resolve),
        onRequest: id.check,
        handler: (req) => service.resolve(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.remove),
        onRequest: id.check,
        handler: (req) => service.remove(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.setPhotos),
        // Whose post it is, before anything of the body is parsed; how often, before it is read.
        onRequest: [id.check, isPoster],
        preValidation: photoForm.preValidation,
        preHandler: [
          async (req) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany),
          photoForm.read,
        ],
        onSend: photoForm.onSend,
        handler: (req) => service.setPhotos(actorOf(req), req.params.id, photoForm.of(req).files),
      });
      app.route({
        ...served(r.removePhotos),
        onRequest: id.check,
        handler: (req) => service.deletePhotos(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.claim),
        onRequest: id.check,
        handler: async (req, reply) =>
          reply.code(201).send(await service.claim(actorOf(req), req.params.id, req.body)),
      });
      app.route({
        ...served(r.claims),
        onRequest: id.check,
        handler: (req) => service.claims(actorOf(req), req.params.id),
      });
      app.route({
        ...served(r.accept),
        onRequest: [id.check, claimId.check],
        handler: (req) => service.accept(actorOf(req), req.params.id, req.params.claimId),
      });
      app.route({
        ...served(r.withdraw),
        onRequest: [id.check, claimId.check],
        handler: (req) => service.withdraw(actorOf(req), req.params.id, req.params.claimId),
      });
    });
  };
}
