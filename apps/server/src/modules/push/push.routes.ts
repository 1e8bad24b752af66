import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import type { PushService } from './push.service';

const r = routes.push;

/** /push/*: this device's subscription and the user's push preferences. */
export function pushRoutes({ guards, service }: RouteDeps<PushService>): FastifyPluginAsyncZod {
  return async (app) => {
    await guards.scope(app, 'signedIn', (app) => {
      app.route({ ...served(r.config), handler: (req) => service.config(actorOf(req)) });
      app.route({
        ...served(r.subscribe),
        handler: async (req, reply) => reply.code(201).send(await service.subscribe(actorOf(req), req.body)),
      });
      app.route({
        ...served(r.unsubscribe),
        handler: (req) => service.unsubscribe(actorOf(req), req.body.endpoint),
      });
      app.route({
        ...served(r.setPreferences),
        handler: (req) => service.setPreferences(actorOf(req), req.body),
      });
    });
  };
}
