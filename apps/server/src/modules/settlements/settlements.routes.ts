import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DISPUTE_MESSAGES,
  MESSAGES,
  SETTLEMENT_LIMITS,
  SETTLEMENT_MESSAGES,
  routes,
  statementFieldsSchema,
} from '@campusrun/shared';
import type { AppContext } from '../../lib/app-context';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import { photoUploadBudget } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import type { SettlementsService } from './settlements.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const r = routes.settlements;

/** Every member: their settlements, what they owe and are owed, and one request's or sale's. */
function readingRoutes(app: ZodApp, service: SettlementsService) {
  app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req), req.query) });
  app.route({ ...served(r.summary), handler: (req) => service.summary(actorOf(req)) });
  app.route({ ...served(r.earnings), handler: (req) => service.earnings(actorOf(req)) });
  app.route({
    ...served(r.lookup),
    handler: (req) => service.lookup(actorOf(req), req.query.kind, req.query.targetId),
  });
}

/** The payer's answers: a proposed sale (confirm, decline) and a receipt above the estimate. */
function answerRoutes(app: ZodApp, service: SettlementsService) {
  const id = rowId('id', SETTLEMENT_MESSAGES.notFound);
  for (const answer of ['confirmSale', 'declineSale', 'acceptCost'] as const)
    app.route({
      ...served(r[answer]),
      onRequest: id.check,
      handler: (req) => service[answer](actorOf(req), req.params.id),
    });
}

/** The two parties: the two-sided confirmation, the payee's reminder, and a dispute. */
function partyRoutes(app: ZodApp, service: SettlementsService) {
  const id = rowId('id', SETTLEMENT_MESSAGES.notFound);
  app.route({
    ...served(r.markPaid),
    onRequest: id.check,
    handler: (req) => service.markPaid(actorOf(req), req.params.id, req.body),
  });
  app.route({
    ...served(r.setTip),
    onRequest: id.check,
    handler: (req) => service.setTip(actorOf(req), req.params.id, req.body),
  });
  for (const answer of ['markReceived', 'remind'] as const)
    app.route({
      ...served(r[answer]),
      onRequest: id.check,
      handler: (req) => service[answer](actorOf(req), req.params.id),
    });
  app.route({
    ...served(r.markNotReceived),
    onRequest: id.check,
    handler: (req) => service.markNotReceived(actorOf(req), req.params.id, req.body),
  });
  app.route({
    ...served(r.dispute),
    onRequest: id.check,
    handler: async (req, reply) =>
      reply.code(201).send(await service.disputeSettlement(actorOf(req), req.params.id, req.body)),
  });
  app.route({
    ...served(r.openDispute),
    handler: async (req, reply) => reply.code(201).send(await service.openDispute(actorOf(req), req.body)),
  });
}

/**
 * The two sides of an open dispute: each writes their statement with photos (a multipart form, read
 * only once the caller is known to be a party and has upload budget left), the opener withdraws it.
 */
function sideRoutes(app: ZodApp, ctx: AppContext, service: SettlementsService) {
  const id = rowId('id', DISPUTE_MESSAGES.notFound);
  const form = multipartForm({
    schema: statementFieldsSchema,
    lists: ['keep'],
    fileField: 'photos',
    maxFiles: SETTLEMENT_LIMITS.statementPhotosMax,
    maxFileBytes: SETTLEMENT_LIMITS.statementPhotoMaxBytes,
    fileTooLarge: DISPUTE_MESSAGES.photoTooLarge,
    tooManyFiles: DISPUTE_MESSAGES.photosTooMany,
    tmpDir: path.join(ctx.config.dataDir, 'tmp'),
  });
  // Decoding is the costly part: one budget with chat and product photos, counted before reading.
  const uploads = photoUploadBudget(ctx.limiter);
  app.route({
    ...served(r.writeStatement),
    onRequest: id.check,
    preValidation: form.preValidation,
    preHandler: [
      (req) => service.assertMayWriteStatement(actorOf(req), req.params.id),
      async (req) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany),
      form.read,
    ],
    onSend: form.onSend,
    handler: (req) => {
      const { fields, files } = form.of(req);
      return service.writeStatement(actorOf(req), req.params.id, fields, files);
    },
  });
  app.route({
    ...served(r.withdrawDispute),
    onRequest: id.check,
    handler: (req) => service.withdrawDispute(actorOf(req), req.params.id),
  });
}

/**
 * A statement's photo, by the signed link only its parties and the moderators are given (an image
 * element sends no bearer token): the file, cached by the browser alone until the link expires,
 * never read as anything but an image; 404 otherwise. Like /uploads, outside the per-address request
 * limit (a history shows several thumbnails, and a hostel shares one address); the address's flood
 * ceiling still counts it.
 */
function photoRoute(app: ZodApp, service: SettlementsService) {
  const id = rowId('id', DISPUTE_MESSAGES.notFound);
  app.route({
    ...served(r.disputePhoto),
    config: { rateLimit: false },
    onRequest: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      await id.check(req);
    },
    handler: async (req, reply) => {
      const { file, secondsLeft } = await service.disputePhoto(req.params.id, req.params.photo, req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('last-modified', file.lastModified.toUTCString())
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });
}

/** Moderators: the dispute queue and deciding a dispute. */
function moderatorRoutes(app: ZodApp, service: SettlementsService) {
  const id = rowId('id', DISPUTE_MESSAGES.notFound);
  app.route({ ...served(r.disputes), handler: (req) => service.disputes(req.query) });
  app.route({
    ...served(r.resolveDispute),
    onRequest: id.check,
    handler: (req) => service.resolveDispute(actorOf(req), req.params.id, req.body),
  });
}

/**
 * /settlements/*, /disputes/* and /moderation/disputes. A settlement opens when a request is
 * completed or a product is sold to a named buyer (the requests and products features' own events).
 * Multipart (a statement's photos) is registered only in this scope.
 */
export function settlementsRoutes({
  ctx,
  guards,
  service,
}: RouteDeps<SettlementsService>): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    await app.register(multipart, {
      limits: {
        fileSize: SETTLEMENT_LIMITS.statementPhotoMaxBytes,
        files: SETTLEMENT_LIMITS.statementPhotosMax,
        fields: 10,
        parts: 13,
        headerPairs: 100,
      },
    });
    const stop = ctx.events.on(async (event) => {
      if (event.type === 'request.completed') await service.requestCompleted(event.requestId);
      if (event.type === 'product.sold') await service.productSold(event.productId);
      if (event.type === 'user.updated') await service.payeeChanged(event.userId);
    });
    app.addHook('onClose', async () => stop());

    await guards.scope(app, 'member', (app) => {
      readingRoutes(app, service);
      answerRoutes(app, service);
      partyRoutes(app, service);
      sideRoutes(app, ctx, service);
    });
    photoRoute(app, service);
    await guards.scope(app, 'moderator', (app) => moderatorRoutes(app, service));
  };
}
