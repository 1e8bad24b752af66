import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DISPUTE_MESSAGES, SETTLEMENT_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { SettlementsService } from './settlements.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const r = routes.settlements;

/** Every member: their settlements, what they owe and are owed, and one request's or sale's. */
function readingRoutes(app: ZodApp, service: SettlementsService) {
  app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req), req.query) });
  app.route({ ...served(r.summary), handler: (req) => service.summary(actorOf(req)) });
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
  for (const answer of ['markReceived', 'markNotReceived', 'remind'] as const)
    app.route({
      ...served(r[answer]),
      onRequest: id.check,
      handler: (req) => service[answer](actorOf(req), req.params.id),
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
 * /settlements/*, /disputes and /moderation/disputes. A settlement opens when a request is completed
 * or a product is sold to a named buyer (the requests and products features' own events).
 */
export function settlementsRoutes({
  ctx,
  guards,
  service,
}: RouteDeps<SettlementsService>): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const stop = ctx.events.on(async (event) => {
      if (event.type === 'request.completed') await service.requestCompleted(event.requestId);
      if (event.type === 'product.sold') await service.productSold(event.productId);
    });
    app.addHook('onClose', async () => stop());

    await guards.scope(app, 'member', (app) => {
      readingRoutes(app, service);
      answerRoutes(app, service);
      partyRoutes(app, service);
    });
    await guards.scope(app, 'moderator', (app) => moderatorRoutes(app, service));
  };
}
