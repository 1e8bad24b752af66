import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RUN_MESSAGES,
  createRunSchema,
  runItemSchema,
  runListQuerySchema,
  runListResponseSchema,
  runResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { allowEmptyJsonBody } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { RunsService } from './runs.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What each audience's routes work with. */
interface RunRouteDeps {
  service: RunsService;
  id: ReturnType<typeof rowId<'id'>>;
  tags: string[];
  one: { 200: typeof runResponseSchema };
}

/** Every member: the list and one run, each as the caller may see it. */
function memberRoutes(app: ZodApp, { service, id, tags, one }: RunRouteDeps) {
  app.get(
    '/runs',
    {
      schema: {
        tags,
        description:
          'Hostellers: the runs open to join and their own, newest first. Day scholars: the runs open to accept, soonest deadline first. Paged by `cursor`.',
        querystring: runListQuerySchema,
        response: { 200: runListResponseSchema },
      },
    },
    (req) => service.list(actorOf(req), req.query),
  );
  app.get(
    '/runs/:id',
    {
      onRequest: id.check,
      schema: {
        tags,
        description:
          'A participant sees their own request in it; its deliverer, and before it is accepted any day scholar, every request.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.get(actorOf(req), req.params.id),
  );
}

/** Hostellers: starting, joining and leaving. */
function hostellerRoutes(app: ZodApp, { service, id, tags, one }: RunRouteDeps) {
  app.post(
    '/runs',
    { schema: { tags, body: createRunSchema, response: { 201: runResponseSchema } } },
    async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  );
  app.post(
    '/runs/:id/join',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'Another hosteller adds their item before the cutoff; the fee is split again.',
        params: id.params,
        body: runItemSchema,
        response: { 201: runResponseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.join(actorOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/runs/:id/join',
    {
      onRequest: id.check,
      schema: {
        tags,
        description:
          'A participant other than the starter leaves before the cutoff (their request is cancelled).',
        params: id.params,
        response: one,
      },
    },
    (req) => service.leave(actorOf(req), req.params.id),
  );
}

/** Day scholars: accepting a whole run. */
function dayscholarRoutes(app: ZodApp, { service, id, tags, one }: RunRouteDeps) {
  app.put(
    '/runs/:id/accept',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'Every live request of the run is accepted by the caller at once, or none is.',
        params: id.params,
        response: one,
      },
    },
    (req) => service.accept(actorOf(req), req.params.id),
  );
}

/**
 * /runs/*: shared runs. Each audience is a guarded scope (401/403 before any 400), and a malformed
 * id is a run that does not exist (404 'Run not found') whatever the body.
 */
export function runsRoutes(ctx: AppContext, guards: Guards, service: RunsService): FastifyPluginAsyncZod {
  return async (app) => {
    allowEmptyJsonBody(app);
    const deps: RunRouteDeps = {
      service,
      id: rowId('id', RUN_MESSAGES.notFound),
      tags: ['runs'],
      one: { 200: runResponseSchema },
    };
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
