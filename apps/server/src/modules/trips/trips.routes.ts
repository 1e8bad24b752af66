import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRIP_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { TripsService } from './trips.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const r = routes.trips;

interface TripRouteDeps {
  service: TripsService;
  id: ReturnType<typeof rowId<'id'>>;
}

/** Both roles: the open trips and one trip. */
function memberRoutes(app: ZodApp, { service, id }: TripRouteDeps) {
  app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req)) });
  app.route({
    ...served(r.get),
    onRequest: id.check,
    handler: (req) => service.get(actorOf(req), req.params.id),
  });
}

/** The runner's routes: posting, their own trips, cancelling, the stop list. */
function dayscholarRoutes(app: ZodApp, { service, id }: TripRouteDeps) {
  app.route({
    ...served(r.create),
    handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  });
  app.route({ ...served(r.mine), handler: (req) => service.mine(actorOf(req)) });
  app.route({
    ...served(r.cancel),
    onRequest: id.check,
    handler: (req) => service.cancel(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.stops),
    onRequest: id.check,
    handler: (req) => service.stops(actorOf(req), req.params.id),
  });
}

/** The hosteller's routes: adding one of their requests and taking it off. */
function hostellerRoutes(app: ZodApp, { service, id }: TripRouteDeps) {
  for (const action of ['attach', 'detach'] as const)
    app.route({
      ...served(r[action]),
      onRequest: id.check,
      handler: (req) => service[action](actorOf(req), req.params.id, req.body.requestId),
    });
}

/**
 * /trips: a day scholar posts a trip ("I'm coming from Katpadi at 9:00") and reads its stop list;
 * hostellers add their pending requests to it until the cutoff or take them off; both read the open
 * trips. Each audience is a guarded scope (401/403 before any 400), and a malformed id is a trip that
 * does not exist (404 'Trip not found').
 */
export function tripsRoutes({ guards, service }: RouteDeps<TripsService>): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const deps: TripRouteDeps = { service, id: rowId('id', TRIP_MESSAGES.notFound) };
    await guards.scope(app, 'member', (app) => memberRoutes(app, deps));
    await guards.scope(app, 'dayscholar', (app) => dayscholarRoutes(app, deps));
    await guards.scope(app, 'hosteller', (app) => hostellerRoutes(app, deps));
  };
}
