import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableRequestsQuerySchema,
  createRequestSchema,
  deliverRequestSchema,
  deliveryListResponseSchema,
  myDeliveriesQuerySchema,
  myRequestsQuerySchema,
  paginationQuerySchema,
  recentQuerySchema,
  repostRequestSchema,
  requestListResponseSchema,
  requestResponseSchema,
  requestSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { allowEmptyJsonBody } from '../../lib/http';
import { NOBODY, pageKey, servePage } from '../../lib/page-cache';
import { createRequestsService, startExpirySweep } from './requests.service';

/** A malformed id is simply a request that does not exist (404 'Request not found'). */
const idParam = z.object({ id: z.string().max(100) });

/**
 * /requests/*, and the request lists of the two dashboards. Guards run onRequest, so a caller who
 * may not use an endpoint learns nothing from validation (401/403 before any 400).
 */
export function requestsRoutes(ctx: AppContext, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const service = createRequestsService(ctx);
    // Expired requests leave every open Browse screen (each process sweeps; each request is claimed once).
    const sweep = startExpirySweep(service, ctx.log, ctx.config.requestSweepSeconds);
    app.addHook('onClose', () => sweep.stop());
    const hosteller = guards.requireRole('hosteller');
    const dayscholar = guards.requireRole('dayscholar');
    const anyone = guards.requireRole('hosteller', 'dayscholar');
    const tags = ['requests'];
    const one = { 200: requestResponseSchema };

    app.post(
      '/requests',
      {
        onRequest: hosteller,
        schema: { tags, body: createRequestSchema, response: { 201: requestResponseSchema } },
      },
      async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
    );
    app.get(
      '/requests/my-requests',
      {
        onRequest: hosteller,
        schema: { tags, querystring: myRequestsQuerySchema, response: { 200: requestListResponseSchema } },
      },
      (req) => service.myRequests(actorOf(req), req.query),
    );
    app.get(
      '/requests/my-deliveries',
      {
        onRequest: dayscholar,
        schema: { tags, querystring: myDeliveriesQuerySchema, response: { 200: deliveryListResponseSchema } },
      },
      (req) => service.myDeliveries(actorOf(req), req.query),
    );
    app.get('/requests/:id', { onRequest: anyone, schema: { tags, params: idParam, response: one } }, (req) =>
      service.get(actorOf(req), req.params.id),
    );
    app.put(
      '/requests/:id/accept',
      { onRequest: dayscholar, schema: { tags, params: idParam, response: one } },
      (req) => service.accept(actorOf(req), req.params.id),
    );
    app.put(
      '/requests/:id/deliver',
      { onRequest: dayscholar, schema: { tags, params: idParam, body: deliverRequestSchema, response: one } },
      (req) => service.deliver(actorOf(req), req.params.id, req.body?.deliveryNotes),
    );
    app.put(
      '/requests/:id/cancel',
      { onRequest: hosteller, schema: { tags, params: idParam, response: one } },
      (req) => service.cancel(actorOf(req), req.params.id),
    );
    app.put(
      '/requests/:id/cancel-delivery',
      { onRequest: dayscholar, schema: { tags, params: idParam, response: one } },
      (req) => service.cancelDelivery(actorOf(req), req.params.id),
    );
    app.put(
      '/requests/:id/repost',
      {
        onRequest: hosteller,
        schema: {
          tags,
          description: 'The requester puts an expired request (nobody accepted it) back with a new deadline.',
          params: idParam,
          body: repostRequestSchema,
          response: one,
        },
      },
      (req) => service.repost(actorOf(req), req.params.id, req.body.deadline),
    );

    app.get(
      '/hosteller/requests/recent',
      {
        onRequest: hosteller,
        schema: {
          tags: ['dashboard'],
          querystring: recentQuerySchema,
          response: { 200: z.object({ requests: z.array(requestSchema) }) },
        },
      },
      (req) => service.recentRequests(actorOf(req), req.query.limit),
    );
    app.get(
      '/dayscholar/requests/available',
      {
        onRequest: dayscholar,
        schema: {
          tags: ['dashboard', ...tags],
          querystring: availableRequestsQuerySchema,
          response: { 200: requestListResponseSchema },
        },
      },
      // The same page for every day scholar (`can` leaves the active-delivery cap to the call): read
      // as nobody in particular, cached until a write or its first deadline. A viewer's own requests
      // are never on their list (none through the API: only hostellers ask).
      (req, reply) =>
        servePage(ctx.pages, req, reply, {
          key: pageKey('requests/available', req.query),
          load: () => service.available({ ...actorOf(req), ...NOBODY }, req.query),
          validUntil: (page) => Math.min(...page.requests.map((r) => Date.parse(r.deadline))),
          own: {
            owners: (page) => page.requests.map((r) => r.requesterId),
            viewerId: actorOf(req).id,
            loadOwn: () => service.available(actorOf(req), req.query),
          },
        }),
    );
    app.get(
      '/dayscholar/deliveries/active',
      {
        onRequest: dayscholar,
        schema: {
          tags: ['dashboard'],
          querystring: paginationQuerySchema,
          response: { 200: deliveryListResponseSchema },
        },
      },
      (req) => service.myDeliveries(actorOf(req), { ...req.query, status: 'active' }),
    );
  };
}
