import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushConfigResponseSchema,
  pushPreferencesSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { PushService } from './push.service';

const messageSchema = z.object({ message: z.string() });

/** /push/*: this device's subscription and the user's push preferences. */
export function pushRoutes(service: PushService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['push'];
    await guards.scope(app, 'signedIn', (app) => {
      app.get(
        '/push/config',
        {
          schema: {
            tags,
            description: 'The VAPID public key (null when pushes are off) and the user’s push preferences.',
            response: { 200: pushConfigResponseSchema },
          },
        },
        (req) => service.config(actorOf(req)),
      );
      app.post(
        '/push/subscriptions',
        {
          schema: {
            tags,
            description:
              'Stores this browser’s subscription. The endpoint must be https on port 443 at a host whose every address is public (400 otherwise); an endpoint another account stored with other keys is refused (409). The newest 10 per account are kept.',
            body: pushSubscriptionSchema,
            response: { 201: messageSchema },
          },
        },
        async (req, reply) => reply.code(201).send(await service.subscribe(actorOf(req), req.body)),
      );
      app.delete(
        '/push/subscriptions',
        { schema: { tags, body: pushUnsubscribeSchema, response: { 200: messageSchema } } },
        (req) => service.unsubscribe(actorOf(req), req.body.endpoint),
      );
      app.put(
        '/push/preferences',
        {
          schema: {
            tags,
            body: pushPreferencesSchema,
            response: { 200: z.object({ preferences: pushPreferencesSchema }) },
          },
        },
        (req) => service.setPreferences(actorOf(req), req.body),
      );
    });
  };
}
