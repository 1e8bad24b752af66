import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RUN_MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { RunsService } from './runs.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const r = routes.runs;

/** What each audience's routes work with. */
interface RunRouteDeps {
  service: RunsService;
  id: ReturnType<typeof rowId<'id'>>;
}

/** Every member: the list and one run, each as the caller may see it. */
function memberRoutes(app: ZodApp, { service, id }: RunRouteDeps) {
  app.route({ ...served(r.list), handler: (req) => service.list(actorOf(req), req.query) });
  app.route({
    ...served(r.get),
    onRequest: id.check,
    handler: (req) => service.get(actorOf(req), req.params.id),
  });
}

/** Hostellers: starting, joining and leaving. */
function hostellerRoutes(app: ZodApp, { service, id }: RunRouteDeps) {
  app.route({
    ...served(r.create),
    handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  });
  app.route({
    ...served(r.join),
    onRequest: id.check,
    handler: async (req, reply) =>
      reply.code(201).send(await service.join(actorOf(req), req.params.id, req.body)),
  });
  app.route({
    ...served(r.leave),
    onRequest: id.check,
    handler: (req) => service.leave(actorOf(req), req.params.id),
  });
}

/** Day scholars: accepting a whole run. */
function dayscholarRoutes(app: ZodApp, { service, id }: RunRouteDeps) {
  app.route({
    ...served(r.accept),
    onRequest: id.check,
    handler: (req) => service.accept(actorOf(req), req.params.id),
  });
}

/**
 * /runs/*: shared runs. Each audience is a guarded scope (401/403 before any 400), and a malformed
 * id is a run that does not exist (404 'Run not found') whatever the body.
 */
export function runsRoutes({ ctx, guards, service }: RouteDeps<RunsService>): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const deps: RunRouteDeps = { service, id: rowId('id', RUN_MESSAGES.notFound) };
    // A participant who cancels their request (the requests feature's own cancel) leaves the run;
    // a request its deliverer gives up goes on the available list on its own.
    const stop = ctx.events.on(async (event) => {
      if (event.type === 'request.cancelled') await service.requestCancelled(event.requestId);
      if (event.type === 'request.delivery_cancelled') await service.deliveryGivenUp(event.requestId);
    });
    app.addHook('onClose', async () => stop());

    await guards.scope(app, 'member', (app) => memberRoutes(app, deps));
    await guards.scope(app, 'hosteller', (app) => hostellerRoutes(app, deps));
    await guards.scope(app, 'dayscholar', (app) => dayscholarRoutes(app, deps));
  };
}
