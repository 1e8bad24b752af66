import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AWAY_EMAILS, EMAIL_KIND_LABELS, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import type { EmailsService } from './emails.service';

const r = routes.emails;
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · CampusRun</title></head><body><h1>${title}</h1><p>${text}</p><p><a href="/profile">${AWAY_EMAILS.settingsLink}</a></p></body></html>`;

/** /email/*: the unsubscribe link (no sign-in: the token says who) and the preferences in Profile. */
export function emailsRoutes({ guards, service }: RouteDeps<EmailsService>): FastifyPluginAsyncZod {
  return async (app) => {
    const unsubscribe = async (token: string) => {
      const kind = await service.unsubscribe(token);
      return kind
        ? {
            status: 200 as const,
            html: page(
              AWAY_EMAILS.unsubscribed.title,
              AWAY_EMAILS.unsubscribed.text(EMAIL_KIND_LABELS[kind]),
            ),
          }
        : {
            status: 400 as const,
            html: page(AWAY_EMAILS.linkInvalid.title, AWAY_EMAILS.linkInvalid.text),
          };
    };
    for (const link of [r.unsubscribe, r.unsubscribeOneClick])
      app.route({
        ...served(link),
        handler: async (req, reply) => {
          const { status, html } = await unsubscribe(req.query.token);
          return reply.code(status).type('text/html; charset=utf-8').send(html);
        },
      });
    await guards.scope(app, 'signedIn', (app) => {
      app.route({ ...served(r.preferences), handler: (req) => service.preferences(actorOf(req)) });
      app.route({
        ...served(r.setPreferences),
        handler: (req) => service.setPreferences(actorOf(req), req.body),
      });
    });
  };
}
