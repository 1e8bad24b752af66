import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TRIP_MESSAGES,
  createTripSchema,
  tripListResponseSchema,
  tripRequestSchema,
  tripResponseSchema,
  tripStopsResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { TripsService } from './trips.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

interface TripRouteDeps {
  service: TripsService;
  id: ReturnType<typeof rowId<'id'>>;
  tags: string[];
  one: { 200: typeof tripResponseSchema };
}

/** Both roles: the open trips and one trip. */
function memberRoutes(app: ZodApp, { service, id, tags, one }: TripRouteDeps) {
  app.get(
    '/trips',
    {
      schema: {
        tags,
        description: 'Open trips (before their cutoff), soonest arrival first.',
        response: { 200: tripListResponseSchema },
      },
    },
    (req) => service.list(actorOf(req)),
  );
  app.get(
    '/trips/:id',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The runner sees every request on it; a hosteller their own.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.get(actorOf(req), req.params.id),
  );
}

/** The runner's routes: posting, their own trips, cancelling, the stop list. */
function dayscholarRoutes(app: ZodApp, { service, id, tags, one }: TripRouteDeps) {
  app.post(
    '/trips',
    {
      schema: {
        tags,
        description: 'One open trip per day scholar; both times within 48 hours, the cutoff first.',
        body: createTripSchema,
        response: { 201: tripResponseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  );
  app.get(
    '/trips/mine',
    {
      schema: {
        tags,
        description: "The runner's trips that are open or still carry accepted requests, newest first.",
        response: { 200: tripListResponseSchema },
      },
    },
    (req) => service.mine(actorOf(req)),
  );
  app.put(
    '/trips/:id/cancel',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The runner only: every request still accepted on it is pending again.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.cancel(actorOf(req), req.params.id),
  );
  app.get(
    '/trips/:id/stops',
    {
      onRequest: id.check,
      schema: {
        tags,
        description:
          'The runner only: pickups grouped by place (requests naming none form the stop "Anywhere"), then drops by delivery location.',
        params: id.params,
        response: { 200: tripStopsResponseSchema },
      },
    },
    (req) => service.stops(actorOf(req), req.params.id),
  );
}

/** The hosteller's routes: adding one of their requests and taking it off. */
function hostellerRoutes(app: ZodApp, { service, id, tags, one }: TripRouteDeps) {
  for (const action of ['attach', 'detach'] as const)
    app.put(
      `/trips/:id/${action}`,
      {
        onRequest: id.check,
        schema: {
          tags,
          description:
            action === 'attach'
              ? 'One of their own pending requests, before the cutoff, while a seat is free: accepted by the runner at once.'
              : 'One of their own requests on the trip, before the cutoff: pending again.',
          params: id.params,
          body: tripRequestSchema,
          response: one,
        },
      },
      (req) => service[action](actorOf(req), req.params.id, req.body.requestId),
    );
}

/**
 * /trips: a day scholar posts a trip ("I'm coming from Katpadi at 9:00") and reads its stop list;
 * hostellers add their pending requests to it until the cutoff or take them off; both read the open
 * trips. Each audience is a guarded scope (401/403 before any 400), and a malformed id is a trip that
 * does not exist (404 'Trip not found').
 */
export function tripsRoutes(guards: Guards, service: TripsService): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const deps: TripRouteDeps = {
      service,
      id: rowId('id', TRIP_MESSAGES.notFound),
      tags: ['trips'],
      one: { 200: tripResponseSchema },
    };
    await guards.scope(app, 'member', (app) => memberRoutes(app, deps));
    await guards.scope(app, 'dayscholar', (app) => dayscholarRoutes(app, deps));
    await guards.scope(app, 'hosteller', (app) => hostellerRoutes(app, deps));
  };
}
