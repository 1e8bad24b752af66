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
  REQUEST_MESSAGES,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import { NOBODY, pageKey, servePage } from '../../lib/page-cache';
import type { RequestsService } from './requests.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What each audience's routes work with. */
interface RequestRouteDeps {
  ctx: AppContext;
  service: RequestsService;
  id: ReturnType<typeof rowId<'id'>>;
  tags: string[];
  one: { 200: typeof requestResponseSchema };
}

/** The requester's routes: posting, their list, cancelling, reposting, confirming receipt. */
function hostellerRoutes(app: ZodApp, { service, id, tags, one }: RequestRouteDeps) {
  app.post(
    '/requests',
    { schema: { tags, body: createRequestSchema, response: { 201: requestResponseSchema } } },
    async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  );
  app.get(
    '/requests/my-requests',
    {
      schema: { tags, querystring: myRequestsQuerySchema, response: { 200: requestListResponseSchema } },
    },
    (req) => service.myRequests(actorOf(req), req.query),
  );
  app.put(
    '/requests/:id/cancel',
    { onRequest: id.check, schema: { tags, params: id.params, response: one } },
    (req) => service.cancel(actorOf(req), req.params.id),
  );
  app.put(
    '/requests/:id/repost',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The requester puts an expired request (nobody accepted it) back with a new deadline.',
        params: id.params,
        body: repostRequestSchema,
        response: one,
      },
    },
    (req) => service.repost(actorOf(req), req.params.id, req.body.deadline),
  );
  app.put(
    '/requests/:id/confirm-receipt',
    {
      onRequest: id.check,
      schema: {
        tags,
        description:
          'The requester received the items: the accepted request completes as if its deliverer had completed it. Only once its deliverer acted on it (marked it picked up or typed the handover code); before, 409 notPickedUp.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.confirmReceipt(actorOf(req), req.params.id),
  );
  app.get(
    '/hosteller/requests/recent',
    {
      schema: {
        tags: ['dashboard'],
        querystring: recentQuerySchema,
        response: { 200: z.object({ requests: z.array(requestSchema) }) },
      },
    },
    (req) => service.recentRequests(actorOf(req), req.query.limit),
  );
}

/** The deliverer's transitions: accepting, picking up, completing and giving a delivery up. */
function delivererTransitions(
  app: ZodApp,
  { service, id, tags, one }: Pick<RequestRouteDeps, 'service' | 'id' | 'tags' | 'one'>,
) {
  app.put(
    '/requests/:id/accept',
    { onRequest: id.check, schema: { tags, params: id.params, response: one } },
    (req) => service.accept(actorOf(req), req.params.id),
  );
  app.put(
    '/requests/:id/deliver',
    {
      onRequest: id.check,
      schema: { tags, params: id.params, body: deliverRequestSchema, response: one },
    },
    (req) => service.deliver(actorOf(req), req.params.id, req.body ?? {}),
  );
  app.put(
    '/requests/:id/picked-up',
    {
      onRequest: id.check,
      schema: {
        tags,
        description:
          'Its deliverer has the items: the accepted request is marked picked up (once; again is 409 alreadyPickedUp) and its requester may confirm receipt.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.pickUp(actorOf(req), req.params.id),
  );
  app.put(
    '/requests/:id/cancel-delivery',
    { onRequest: id.check, schema: { tags, params: id.params, response: one } },
    (req) => service.cancelDelivery(actorOf(req), req.params.id),
  );
}

/** The deliverer's routes: their deliveries, the transitions, and the available list. */
function dayscholarRoutes(app: ZodApp, { ctx, service, id, tags, one }: RequestRouteDeps) {
  app.get(
    '/requests/my-deliveries',
    {
      schema: {
        tags,
        querystring: myDeliveriesQuerySchema,
        response: { 200: deliveryListResponseSchema },
      },
    },
    (req) => service.myDeliveries(actorOf(req), req.query),
  );
  delivererTransitions(app, { id, tags, one, service });
  app.get(
    '/dayscholar/requests/available',
    {
      schema: {
        tags: ['dashboard', ...tags],
        querystring: availableRequestsQuerySchema,
        response: { 200: requestListResponseSchema },
      },
    },
    // The same page for every day scholar (`can` leaves the active-delivery cap to the call): read
    // as nobody in particular, cached until a write or its first deadline. A viewer's own requests
    // (none through the API: only hostellers ask) and those they gave up too often to accept again
    // are never on their list: they get their own page.
    (req, reply) =>
      // Someone with blocks gets their own list, never the shared page.
      actorOf(req).hasBlocks
        ? service.available(actorOf(req), req.query)
        : servePage(ctx.pages, req, reply, {
            key: pageKey('requests/available', req.query),
            load: () => service.available({ ...actorOf(req), ...NOBODY }, req.query),
            validUntil: (page) => Math.min(...page.requests.map((r) => Date.parse(r.deadline))),
            own: {
              owners: (page) => [...page.requests.map((r) => r.requesterId), ...service.barredOn(page)],
              viewerId: actorOf(req).id,
              loadOwn: () => service.available(actorOf(req), req.query),
            },
          }),
  );
  app.get(
    '/dayscholar/deliveries/active',
    {
      schema: {
        tags: ['dashboard'],
        querystring: paginationQuerySchema,
        response: { 200: deliveryListResponseSchema },
      },
    },
    (req) => service.myDeliveries(actorOf(req), { ...req.query, status: 'active' }),
  );
}

/**
 * /requests/*, and the request lists of the two dashboards. Each audience is a guarded scope: a
 * caller who may not use an endpoint learns nothing from validation (401/403 before any 400), and
 * a malformed id is a request that does not exist (404 'Request not found') whatever the body.
 */
export function requestsRoutes(
  ctx: AppContext,
  guards: Guards,
  service: RequestsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const id = rowId('id', REQUEST_MESSAGES.notFound);
    const tags = ['requests'];
    const one = { 200: requestResponseSchema };
    const deps: RequestRouteDeps = { ctx, service, id, tags, one };

    await guards.scope(app, 'member', (app) => {
      app.get(
        '/requests/:id',
        { onRequest: id.check, schema: { tags, params: id.params, response: one } },
        (req) => service.get(actorOf(req), req.params.id),
      );
    });

    await guards.scope(app, 'hosteller', (app) => hostellerRoutes(app, deps));

    await guards.scope(app, 'dayscholar', (app) => dayscholarRoutes(app, deps));
  };
}
