import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DISPUTE_MESSAGES,
  SETTLEMENT_MESSAGES,
  disputeResponseSchema,
  disputeSettlementSchema,
  markPaidSchema,
  moderationDisputesQuerySchema,
  moderationDisputesResponseSchema,
  openDisputeSchema,
  resolveDisputeSchema,
  settlementListQuerySchema,
  settlementListResponseSchema,
  settlementLookupQuerySchema,
  settlementLookupResponseSchema,
  settlementResponseSchema,
  settlementSummaryResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { SettlementsService } from './settlements.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['settlements'];

/** Every member: their settlements, what they owe and are owed, and one request's or sale's. */
function readingRoutes(app: ZodApp, service: SettlementsService) {
  app.get(
    '/settlements',
    {
      schema: {
        tags,
        description: "The caller's settlements, newest first: open (open and paid), settled or disputed.",
        querystring: settlementListQuerySchema,
        response: { 200: settlementListResponseSchema },
      },
    },
    (req) => service.list(actorOf(req), req.query),
  );
  app.get(
    '/settlements/summary',
    {
      schema: {
        tags,
        description:
          'Rupees the caller still owes and is owed (open, paid or disputed), in all and per person.',
        response: { 200: settlementSummaryResponseSchema },
      },
    },
    (req) => service.summary(actorOf(req)),
  );
  app.get(
    '/settlements/for',
    {
      schema: {
        tags,
        description:
          'The settlement of a request or a sale when the caller is one of its parties, else null.',
        querystring: settlementLookupQuerySchema,
        response: { 200: settlementLookupResponseSchema },
      },
    },
    (req) => service.lookup(actorOf(req), req.query.kind, req.query.targetId),
  );
}

/** The payer's answers: a proposed sale (confirm, decline) and a receipt above the estimate. */
function answerRoutes(app: ZodApp, service: SettlementsService) {
  const id = rowId('id', SETTLEMENT_MESSAGES.notFound);
  const one = { 200: settlementResponseSchema };
  app.put(
    '/settlements/:id/confirm',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The buyer confirms a proposed sale (proposed → open); the seller is told.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.confirmSale(actorOf(req), req.params.id),
  );
  app.put(
    '/settlements/:id/decline',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The buyer says they did not buy it (proposed → void); the seller is told.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.declineSale(actorOf(req), req.params.id),
  );
  app.put(
    '/settlements/:id/accept-cost',
    {
      onRequest: id.check,
      schema: {
        tags,
        description:
          "The requester accepts the deliverer's receipt above their estimate: the difference is added; the deliverer is told.",
        params: id.params,
        response: one,
      },
    },
    (req) => service.acceptCost(actorOf(req), req.params.id),
  );
}

/** The two parties: the two-sided confirmation, and a dispute. */
function partyRoutes(app: ZodApp, service: SettlementsService) {
  const id = rowId('id', SETTLEMENT_MESSAGES.notFound);
  const one = { 200: settlementResponseSchema };
  app.put(
    '/settlements/:id/paid',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The payer says they paid (open → paid); the payee is told.',
        params: id.params,
        body: markPaidSchema,
        response: one,
      },
    },
    (req) => service.markPaid(actorOf(req), req.params.id, req.body),
  );
  app.put(
    '/settlements/:id/received',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The payee confirms they received it (open or paid → settled); the payer is told.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.markReceived(actorOf(req), req.params.id),
  );
  app.put(
    '/settlements/:id/not-received',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The payee says it never arrived (paid → disputed): a dispute opens for a moderator.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.markNotReceived(actorOf(req), req.params.id),
  );
  app.post(
    '/settlements/:id/dispute',
    {
      onRequest: id.check,
      schema: {
        tags: ['disputes'],
        description:
          'Either party opens a dispute about the settlement, as POST /disputes does; it works after the product sold was deleted.',
        params: id.params,
        body: disputeSettlementSchema,
        response: { 201: disputeResponseSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.disputeSettlement(actorOf(req), req.params.id, req.body)),
  );
  app.post(
    '/disputes',
    {
      schema: {
        tags: ['disputes'],
        description:
          'Either party of a completed request or a confirmed sale opens a dispute, within 48 hours, one open at a time, once each.',
        body: openDisputeSchema,
        response: { 201: disputeResponseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.openDispute(actorOf(req), req.body)),
  );
}

/** Moderators: the dispute queue and deciding a dispute. */
function moderatorRoutes(app: ZodApp, service: SettlementsService) {
  const id = rowId('id', DISPUTE_MESSAGES.notFound);
  app.get(
    '/moderation/disputes',
    {
      schema: {
        tags: ['disputes'],
        description:
          'Disputes with both parties, the settlement, the thing and the messages between the two.',
        querystring: moderationDisputesQuerySchema,
        response: { 200: moderationDisputesResponseSchema },
      },
    },
    (req) => service.disputes(req.query),
  );
  app.put(
    '/moderation/disputes/:id',
    {
      onRequest: id.check,
      schema: {
        tags: ['disputes'],
        description:
          'Decides an open dispute (not one the moderator is a party to or opened); the settlement follows the outcome and both parties are told.',
        params: id.params,
        body: resolveDisputeSchema,
        response: { 200: disputeResponseSchema },
      },
    },
    (req) => service.resolveDispute(actorOf(req), req.params.id, req.body),
  );
}

/**
 * /settlements/*, /disputes and /moderation/disputes. A settlement opens when a request is completed
 * or a product is sold to a named buyer (the requests and products features' own events).
 */
export function settlementsRoutes(
  ctx: AppContext,
  guards: Guards,
  service: SettlementsService,
): FastifyPluginAsyncZod {
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
