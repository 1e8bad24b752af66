import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  completeProfileSchema,
  createAuthSchemas,
  forgotPasswordBodySchema,
  googleExchangeResponseSchema,
  googleExchangeSchema,
  loginResponseSchema,
  messageResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  publicUserResponseSchema,
  registerResponseSchema,
  resetPasswordSchema,
  SESSION_MESSAGES,
  sendOtpSchema,
  sessionsResponseSchema,
  userResponseSchema,
  verifyEmailSchema,
  verifyOtpSchema,
  verifyResponseSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type { AppContext } from '../../lib/app-context';
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

/** The signed-in user's account: who they are, their profile and password, and others' public profiles. */
function accountRoutes(app: ZodApp, { auth, profile }: AuthRouteServices, tags: string[]) {
  const users = ['users'];
  const userId = rowId('id', USER_NOT_FOUND);
  app.get('/auth/me', { schema: { tags, response: { 200: userResponseSchema } } }, (req) =>
    auth.me(actorOf(req).id),
  );
  app.put(
    '/users/complete-google-profile',
    {
      schema: {
        tags: users,
        body: completeProfileSchema,
        response: { 200: profileUpdateResponseSchema },
      },
    },
    (req) => profile.completeGoogleProfile(actorOf(req), req.body),
  );
  app.put(
    '/users/profile',
    {
      schema: { tags: users, body: profileUpdateSchema, response: { 200: profileUpdateResponseSchema } },
    },
    (req) => profile.updateProfile(actorOf(req), req.body),
  );
  app.put(
    '/users/change-password',
    {
      schema: {
        tags: users,
        body: changePasswordSchema,
        response: { 200: z.object({ message: z.string(), token: z.string() }) },
      },
    },
    (req) => profile.changePassword(actorOf(req), req.body),
  );
  app.get(
    '/users/:id',
    {
      onRequest: userId.check,
      schema: { tags: users, params: userId.params, response: { 200: publicUserResponseSchema } },
    },
    (req) => profile.getPublicUser(req.params.id),
  );
}

/** The account's signed-in devices: signing out of one, of this one, or of all. */
function sessionRoutes(app: ZodApp, { sessions }: AuthRouteServices, tags: string[]) {
  const sessionId = rowId('id', SESSION_MESSAGES.notFound);
  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Ends the session of this token only: it stops working and the sockets opened with it close. The account’s other devices stay signed in.',
        response: { 200: messageResponseSchema },
      },
    },
    (req) => sessions.logout(actorOf(req)),
  );
  app.post(
    '/auth/logout-all',
    {
      schema: {
        tags,
        summary: 'Sign out of all devices',
        description:
          'Ends every session of the account, this one included: all its tokens stop working and its open sockets close.',
        response: { 200: messageResponseSchema },
      },
    },
    (req) => sessions.logoutAll(actorOf(req)),
  );
  app.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        summary: 'Signed-in devices',
        description:
          'The account’s active sessions, most recently used first; `current` marks the one of this token.',
        response: { 200: sessionsResponseSchema },
      },
    },
    (req) => sessions.list(actorOf(req)),
  );
  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: sessionId.check,
      schema: {
        tags,
        summary: 'Sign out one device',
        description:
          'Ends one session of the account (404 for any other): its token stops working and its sockets close.',
        params: sessionId.params,
        response: { 200: messageResponseSchema },
      },
    },
    (req) => sessions.end(actorOf(req), req.params.id),
  );
}

/** A redirect: where to is in its Location header, never a body. */
const redirect = (description: string) => ({ 302: { description, content: {} } });
const GOOGLE_DOCS = {
  start: {
    summary: 'Start Google sign-in',
    description:
      'Redirects to Google with a sealed state cookie; to /login?error=… when Google sign-in is not configured or cannot start.',
    response: redirect('To Google, or back to /login with the error.'),
  },
  callback: {
    summary: 'Google sign-in callback',
    description:
      'Where Google sends the browser back, with the state cookie set by /auth/google. Redirects to the page that finishes sign-in with a one-time code (and sets the exchange cookie), or to /login?error=… .',
    security: [{ googleState: [] }],
    response: redirect('To /auth/google-callback?code=…, or to /login with the error.'),
  },
};

/** Google sign-in: the redirect to the provider, its callback, and the trade of the one-time code. */
function googleRoutes(app: ZodApp, ctx: AppContext, google: GoogleService, tags: string[]) {
  const secureCookie = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  const oidcCookie = (value: string, maxAge: number) =>
    `${OIDC_COOKIE}=${value}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookie}`;
  const exchangeCookie = (value: string, maxAge: number) =>
    `${EXCHANGE_COOKIE}=${value}; Path=/api/auth/google; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secureCookie}`;
  const cookieValue = (header: string | undefined, name: string) =>
    new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(header ?? '')?.[1];
  app.get('/auth/google', { schema: { tags, ...GOOGLE_DOCS.start } }, async (req, reply) => {
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
  });
  app.get('/auth/google/callback', { schema: { tags, ...GOOGLE_DOCS.callback } }, async (req, reply) => {
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
  });
  app.post(
    '/auth/google/exchange',
    {
      schema: {
        tags,
        summary: 'Finish Google sign-in',
        description:
          'Trades the one-time code of the Google callback page for a session. Works once, within a minute, and only in the browser that went through the sign-in (it carries the matching cookie).',
        body: googleExchangeSchema,
        security: [{ googleExchange: [] }],
        response: { 200: googleExchangeResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('set-cookie', exchangeCookie('', 0));
      const session = await google.exchange(
        req.body.code,
        cookieValue(req.headers.cookie, EXCHANGE_COOKIE),
        req.headers['user-agent'],
      );
      if (!session) throw badRequest(AUTH_MESSAGES.googleFailed);
      return session;
    },
  );
}

/** /auth/* and /users/*: accounts, sign-in and profiles. */
export function authRoutes(
  ctx: AppContext,
  guards: Guards,
  services: AuthRouteServices,
): FastifyPluginAsyncZod {
  const { auth, google } = services;
  return async (app) => {
    const schemas = createAuthSchemas({
      campusName: ctx.config.campusName,
      emailDomain: ctx.config.emailDomain,
    });
    const tags = ['auth'];

    app.post(
      '/auth/register',
      { schema: { tags, body: schemas.register, response: { 201: registerResponseSchema } } },
      async (req, reply) => reply.code(201).send(await auth.register(req.body, req.ip)),
    );
    app.post(
      '/auth/send-otp',
      { schema: { tags, body: sendOtpSchema, response: { 200: messageResponseSchema } } },
      (req) => auth.sendOtp(req.body.email, req.ip, req.body.userId),
    );
    app.post(
      '/auth/verify-otp',
      { schema: { tags, body: verifyOtpSchema, response: { 200: verifyResponseSchema } } },
      (req) => auth.verifyOtp(req.body, req.ip, req.headers['user-agent']),
    );
    app.post(
      '/auth/verify-email',
      { schema: { tags, body: verifyEmailSchema, response: { 200: verifyResponseSchema } } },
      (req) => auth.verifyEmail(req.body, req.ip, req.headers['user-agent']),
    );
    app.post(
      '/auth/login',
      { schema: { tags, body: schemas.login, response: { 200: loginResponseSchema } } },
      (req) => auth.login(req.body, req.ip, req.headers['user-agent']),
    );
    app.post(
      '/auth/forgot-password',
      { schema: { tags, body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } } },
      (req) => auth.forgotPassword(req.body.email, req.ip),
    );
    app.post(
      '/auth/reset-password',
      { schema: { tags, body: resetPasswordSchema, response: { 200: messageResponseSchema } } },
      (req) => auth.resetPassword(req.body.token, req.body.password, req.ip),
    );

    googleRoutes(app, ctx, google, tags);

    await guards.scope(app, 'signedIn', (app) => {
      accountRoutes(app, services, tags);
      sessionRoutes(app, services, tags);
    });
  };
}
