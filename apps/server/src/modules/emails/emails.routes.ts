import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMAIL_KIND_LABELS, emailPreferencesSchema, errorResponseSchema } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { EmailsService } from './emails.service';

const tokenQuery = z.object({ token: z.string().max(300).default('') });
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · CampusRun</title></head><body><h1>${title}</h1><p>${text}</p><p><a href="/profile">Notification settings</a></p></body></html>`;

/** /email/*: the unsubscribe link (no sign-in: the token says who) and the preferences in Profile. */
export function emailsRoutes(service: EmailsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['email'];
    const unsubscribe = async (token: string) => {
      const kind = await service.unsubscribe(token);
      return kind
        ? {
            status: 200 as const,
            html: page('Unsubscribed', `You will no longer get “${EMAIL_KIND_LABELS[kind]}” e-mails.`),
          }
        : {
            status: 400 as const,
            html: page(
              'Link not valid',
              'This unsubscribe link is not valid. Change e-mails in your profile.',
            ),
          };
    };
    for (const method of ['GET', 'POST'] as const)
      app.route({
        method,
        url: '/email/unsubscribe',
        schema: {
          tags,
          description:
            'One click from the e-mail (GET) or the mail client (POST, RFC 8058): turns that kind of e-mail off.',
          querystring: tokenQuery,
          response: {
            200: {
              description: 'Turned off: a page that says so.',
              content: { 'text/html': { schema: z.string() } },
            },
            400: {
              description:
                'A link that is not valid: a page that says so (text/html); a token longer than any link holds is invalid input (JSON).',
              content: {
                'text/html': { schema: z.string() },
                'application/json': { schema: errorResponseSchema },
              },
            },
          },
        },
        handler: async (req, reply) => {
          const { status, html } = await unsubscribe(req.query.token);
          return reply.code(status).type('text/html; charset=utf-8').send(html);
        },
      });
    await guards.scope(app, 'signedIn', (app) => {
      const response = { 200: z.object({ preferences: emailPreferencesSchema }) };
      app.get('/email/preferences', { schema: { tags, response } }, (req) =>
        service.preferences(actorOf(req)),
      );
      app.put('/email/preferences', { schema: { tags, body: emailPreferencesSchema, response } }, (req) =>
        service.setPreferences(actorOf(req), req.body),
      );
    });
  };
}
