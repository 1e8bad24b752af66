import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountSchema, messageResponseSchema } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AccountService } from './account.service';

/** DELETE /users/me: the signed-in member deletes their own account. */
export function accountRoutes(guards: Guards, service: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    await guards.scope(app, 'signedIn', (app) => {
      app.delete(
        '/users/me',
        {
          schema: {
            tags: ['users'],
            summary: 'Delete my account',
            description:
              'With a password: `password`. Without one (Google sign-in): `confirm: "DELETE"`, within 10 minutes of signing in (else 403 `signInAgain`). 409 `accountInUse` lists in `blockers` the deliveries, accepted requests, open trips and runs and unsettled payments to finish first. On success every session ends; personal details, saved items, blocks made, pending offers, push devices and notifications are erased; pending requests are cancelled and products removed; messages and ratings stay, from "Deleted user". At most 5 attempts an hour.',
            body: deleteAccountSchema,
            response: { 200: messageResponseSchema },
          },
        },
        (req) => service.deleteAccount(actorOf(req), req.body),
      );
    });
  };
}
