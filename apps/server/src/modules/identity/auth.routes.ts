import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, createAuthSchemas, routes, SESSION_MESSAGES } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type { AppContext } from '../../lib/app-context';
import { type RouteDeps, served } from '../../lib/contract';
import { cookieValue, secureCookieFlag } from '../../lib/http';
import { rowId } from '../../lib/ids';
import type { AuthService } from './auth.service';
import { EXCHANGE_COOKIE, EXCHANGE_TTL_SECONDS, OIDC_COOKIE, type GoogleService } from './google.service';
import { type ProfileService, USER_NOT_FOUND } from './profile.service';
import type { SessionService } from './session.service';

export interface AuthRouteServices {
  auth: AuthService;
  profile: ProfileService;
  google: GoogleService;
  sessions: SessionService;
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const r = routes.identity;

/**
 * An answer that hands out a bearer token (signing in, a renewed session) also sets the page cookie
 * of that session (lib/page-session.ts); one without a token is sent as it is.
 */
async function withPageCookie<A extends { token?: string }>(
  app: ZodApp,
  reply: { header(name: string, value: string): unknown },
  answer: A,
) {
  if (answer.token) reply.header('set-cookie', await app.pageSessions.cookieFor(answer.token));
  return answer;
}

/** The signed-in user's account: who they are, their profile and password, and others' public profiles. */
function accountRoutes(app: ZodApp, { auth, profile }: AuthRouteServices) {
  const userId = rowId('id', USER_NOT_FOUND);
  app.route({ ...served(r.me), handler: (req) => auth.me(actorOf(req).id) });
  app.route({
    ...served(routes.account.completeGoogleProfile),
    handler: (req) => profile.completeGoogleProfile(actorOf(req), req.body),
  });
  app.route({
    ...served(routes.account.updateProfile),
    handler: (req) => profile.updateProfile(actorOf(req), req.body),
  });
  app.route({
    ...served(routes.account.changePassword),
    handler: async (req, reply) =>
      withPageCookie(app, reply, await profile.changePassword(actorOf(req), req.body)),
  });
  app.route({
    ...served(routes.people.user),
    onRequest: userId.check,
    handler: (req) => profile.getPublicUser(req.params.id),
  });
}

/**
 * The account's signed-in devices: signing out of one, of this one, or of all. Signing this device
 * out also removes its page cookie.
 */
function sessionRoutes(app: ZodApp, { sessions }: AuthRouteServices) {
  const sessionId = rowId('id', SESSION_MESSAGES.notFound);
  app.route({
    ...served(r.logout),
    handler: async (req, reply) => {
      const answer = await sessions.logout(actorOf(req));
      reply.header('set-cookie', app.pageSessions.cleared());
      return answer;
    },
  });
  app.route({
    ...served(r.logoutAll),
    handler: async (req, reply) => {
      const answer = await sessions.logoutAll(actorOf(req));
      reply.header('set-cookie', app.pageSessions.cleared());
      return answer;
    },
  });
  app.route({ ...served(r.sessions), handler: (req) => sessions.list(actorOf(req)) });
  app.route({
    ...served(r.endSession),
    onRequest: sessionId.check,
    handler: (req) => sessions.end(actorOf(req), req.params.id),
  });
}

/** Google sign-in: the redirect to the provider, its callback, and the trade of the one-time code. */
function googleRoutes(app: ZodApp, ctx: AppContext, google: GoogleService) {
  const secureCookie = secureCookieFlag(ctx.config.publicUrl);
  const oidcCookie = (value: string, maxAge: number) =>
    `${OIDC_COOKIE}=${value}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookie}`;
  const exchangeCookie = (value: string, maxAge: number) =>
    `${EXCHANGE_COOKIE}=${value}; Path=/api/auth/google; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secureCookie}`;
  app.route({
    ...served(r.googleStart),
    handler: async (req, reply) => {
      if (!google.enabled) return reply.redirect('/login?error=google_auth_not_configured');
      try {
        const { url, cookie, maxAge } = await google.start();
        return reply.header('set-cookie', oidcCookie(cookie, maxAge)).redirect(url);
      } catch (err) {
        req.log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'google sign-in could not start',
        );
        return reply.redirect('/login?error=google_auth_failed');
      }
    },
  });
  app.route({
    ...served(r.googleCallback),
    handler: async (req, reply) => {
      reply.header('set-cookie', oidcCookie('', 0)).header('cache-control', 'no-store');
      if (!google.enabled) return reply.redirect('/login?error=google_auth_not_configured');
      const sealed = cookieValue(req.headers.cookie, OIDC_COOKIE);
      const result = await google.finish(new URL(req.url, ctx.config.publicUrl), sealed);
      if (!result.ok) {
        req.log.info({ reason: result.reason }, 'google sign-in refused');
        return reply.redirect('/login?error=google_auth_failed');
      }
      // Only a one-time code travels in the address; the page trades it, with the cookie, for a token.
      return reply
        .header('set-cookie', exchangeCookie(result.cookie, EXCHANGE_TTL_SECONDS))
        .redirect(`/auth/google-callback?${new URLSearchParams({ code: result.code })}`);
    },
  });
  app.route({
    ...served(r.googleExchange),
    handler: async (req, reply) => {
      reply.header('set-cookie', exchangeCookie('', 0));
      const session = await google.exchange(
        req.body.code,
        cookieValue(req.headers.cookie, EXCHANGE_COOKIE),
        req.headers['user-agent'],
      );
      if (!session) throw badRequest(AUTH_MESSAGES.googleFailed);
      return withPageCookie(app, reply, session);
    },
  });
}

/** /auth/* and /users/*: accounts, sign-in and profiles. */
export function authRoutes({
  ctx,
  guards,
  service: services,
}: RouteDeps<AuthRouteServices>): FastifyPluginAsyncZod {
  const { auth, google } = services;
  return async (app) => {
    const schemas = createAuthSchemas({
      campusName: ctx.config.campusName,
      emailDomain: ctx.config.emailDomain,
    });
    app.route({
      ...served(r.register, { body: schemas.register }),
      handler: async (req, reply) => reply.code(201).send(await auth.register(req.body, req.ip)),
    });
    app.route({
      ...served(r.sendOtp),
      handler: (req) => auth.sendOtp(req.body.email, req.ip, req.body.userId),
    });
    app.route({
      ...served(r.verifyOtp),
      handler: async (req, reply) =>
        withPageCookie(app, reply, await auth.verifyOtp(req.body, req.ip, req.headers['user-agent'])),
    });
    app.route({
      ...served(r.verifyEmail),
      handler: async (req, reply) =>
        withPageCookie(app, reply, await auth.verifyEmail(req.body, req.ip, req.headers['user-agent'])),
    });
    app.route({
      ...served(r.login, { body: schemas.login }),
      handler: async (req, reply) =>
        withPageCookie(app, reply, await auth.login(req.body, req.ip, req.headers['user-agent'])),
    });
    app.route({
      ...served(r.forgotPassword),
      handler: (req) => auth.forgotPassword(req.body.email, req.ip),
    });
    app.route({
      ...served(r.resetPassword),
      handler: (req) => auth.resetPassword(req.body.token, req.body.password, req.ip),
    });

    googleRoutes(app, ctx, google);

    await guards.scope(app, 'signedIn', (app) => {
      accountRoutes(app, services);
      sessionRoutes(app, services);
    });
  };
}
