import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type DeliveryRequest, REQUEST_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { type RouteDeps, served } from '../../lib/contract';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import { NOBODY, pageKey, servePage } from '../../lib/page-cache';
import type { RequestsService } from './requests.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const r = routes.requests;

/** What each audience's routes work with. */
interface RequestRouteDeps {
  ctx: AppContext;
  service: RequestsService;
  id: ReturnType<typeof rowId<'id'>>;
}

/**
 * The first time (ms) a page of requests stops being true without any write: the next deadline of a
 * pending one (it expires then). Undefined when nothing on it waits for a deadline.
 */
function nextDeadline(rows: DeliveryRequest[], now = Date.now()) {
  const next = Math.min(
    ...rows.map((r) => (r.status === 'pending' ? Date.parse(r.deadline) : Infinity)).filter((t) => t > now),
  );
  return Number.isFinite(next) ? next : undefined;
}

/**
 * A member's own list of requests, kept for them (lib/page-cache.ts) until one of its requests
 * changes, a name on it changes or the next pending deadline on it passes (the request expires).
 */
const ownRequests = <P>(
  { ctx, req, reply }: { ctx: AppContext; req: FastifyRequest; reply: FastifyReply },
  key: string,
  load: () => Promise<P>,
  rowsOf: (page: P) => DeliveryRequest[],
) =>
  servePage(ctx.ownPages, req, reply, {
    key,
    owner: actorOf(req).id,
    load,
    validUntil: (page) => nextDeadline(rowsOf(page)),
  });

/** The requester's routes: posting, their list, cancelling, reposting, confirming receipt. */
function hostellerRoutes(app: ZodApp, { ctx, service, id }: RequestRouteDeps) {
  app.route({
    ...served(r.create),
    handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  });
  app.route({
    ...served(r.mine),
    handler: (req, reply) =>
      ownRequests(
        { ctx, req, reply },
        pageKey('requests/mine', req.query),
        () => service.myRequests(actorOf(req), req.query),
        (page) => page.requests,
      ),
  });
  app.route({
    ...served(r.cancel),
    onRequest: id.check,
    handler: (req) => service.cancel(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.repost),
    onRequest: id.check,
    handler: (req) => service.repost(actorOf(req), req.params.id, req.body.deadline),
  });
  app.route({
    ...served(r.confirmReceipt),
    onRequest: id.check,
    handler: (req) => service.confirmReceipt(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.recent),
    handler: (req) => service.recentRequests(actorOf(req), req.query.limit),
  });
}

/** The deliverer's transitions: accepting, picking up, on the way, completing and giving a delivery up. */
function delivererTransitions(app: ZodApp, { service, id }: Pick<RequestRouteDeps, 'service' | 'id'>) {
  app.route({
    ...served(r.accept),
    onRequest: id.check,
    handler: (req) => service.accept(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.deliver),
    onRequest: id.check,
    handler: (req) => service.deliver(actorOf(req), req.params.id, req.body ?? {}),
  });
  app.route({
    ...served(r.pickedUp),
    onRequest: id.check,
    handler: (req) => service.pickUp(actorOf(req), req.params.id, req.body ?? {}),
  });
  app.route({
    ...served(r.onTheWay),
    onRequest: id.check,
    handler: (req) => service.onTheWay(actorOf(req), req.params.id, req.body.minutes),
  });
  app.route({
    ...served(r.cancelDelivery),
    onRequest: id.check,
    handler: (req) => service.cancelDelivery(actorOf(req), req.params.id),
  });
}

/** The deliverer's routes: their deliveries, the transitions, and the available list. */
function dayscholarRoutes(app: ZodApp, { ctx, service, id }: RequestRouteDeps) {
  app.route({
    ...served(r.myDeliveries),
    handler: (req, reply) =>
      ownRequests(
        { ctx, req, reply },
        pageKey('requests/deliveries', req.query),
        () => service.myDeliveries(actorOf(req), req.query),
        (page) => page.deliveries,
      ),
  });
  delivererTransitions(app, { id, service });
  app.route({
    ...served(r.available),
    // The same page for every day scholar (`can` leaves the active-delivery cap to the call): read
    // as nobody in particular, cached until a write or its first deadline. A viewer's own requests
    // (none through the API: only hostellers ask) and those they gave up too often to accept again
    // are never on their list: they get their own page.
    handler: (req, reply) =>
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
  });
  app.route({
    ...served(r.activeDeliveries),
    handler: (req, reply) =>
      ownRequests(
        { ctx, req, reply },
        pageKey('requests/deliveries', { ...req.query, status: 'active' }),
        () => service.myDeliveries(actorOf(req), { ...req.query, status: 'active' }),
        (page) => page.deliveries,
      ),
  });
}

/**
 * /requests/*, and the request lists of the two dashboards. Each audience is a guarded scope: a
 * caller who may not use an endpoint learns nothing from validation (401/403 before any 400), and
 * a malformed id is a request that does not exist (404 'Request not found') whatever the body.
 */
export function requestsRoutes({ ctx, guards, service }: RouteDeps<RequestsService>): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const id = rowId('id', REQUEST_MESSAGES.notFound);
    const deps: RequestRouteDeps = { ctx, service, id };

    await guards.scope(app, 'member', (app) => {
      app.route({
        ...served(r.get),
        onRequest: id.check,
        handler: (req) => service.get(actorOf(req), req.params.id),
      });
    });

    await guards.scope(app, 'hosteller', (app) => hostellerRoutes(app, deps));

    await guards.scope(app, 'dayscholar', (app) => dayscholarRoutes(app, deps));
  };
}
