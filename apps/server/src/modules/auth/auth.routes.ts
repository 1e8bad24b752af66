import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  createAuthSchemas,
  forgotPasswordBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  publicUserResponseSchema,
  registerResponseSchema,
  resetPasswordSchema,
  sendOtpSchema,
  userResponseSchema,
  uuidParam,
  verifyEmailSchema,
  verifyOtpSchema,
} from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { createAuthService } from './auth.service';
import { createProfileService } from './profile.service';

/** /auth/* and /users/*: accounts, sign-in and profiles. */
export function authRoutes(ctx: AppContext, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = createAuthService(ctx);
    const profile = createProfileService(ctx);
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
      (req) => auth.sendOtp(req.body.email, req.ip),
    );
    app.post(
      '/auth/verify-otp',
      { schema: { tags, body: verifyOtpSchema, response: { 200: messageResponseSchema } } },
      (req) => auth.verifyOtp(req.body.email, req.body.otp, req.ip),
    );
    app.post(
      '/auth/verify-email',
      { schema: { tags, body: verifyEmailSchema, response: { 200: messageResponseSchema } } },
      (req) => auth.verifyEmail(req.body, req.ip),
    );
    app.post(
      '/auth/login',
      { schema: { tags, body: schemas.login, response: { 200: loginResponseSchema } } },
      (req) => auth.login(req.body, req.ip),
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
    app.get(
      '/auth/me',
      { preHandler: guards.requireAuth, schema: { tags, response: { 200: userResponseSchema } } },
      (req) => auth.me(actorOf(req).id),
    );

    const users = ['users'];
    app.put(
      '/users/profile',
      {
        preHandler: guards.requireAuth,
        schema: { tags: users, body: profileUpdateSchema, response: { 200: profileUpdateResponseSchema } },
      },
      (req) => profile.updateProfile(actorOf(req), req.body),
    );
    app.put(
      '/users/change-password',
      {
        preHandler: guards.requireAuth,
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
        preHandler: guards.requireAuth,
        schema: { tags: users, params: uuidParam, response: { 200: publicUserResponseSchema } },
      },
      (req) => profile.getPublicUser(req.params.id),
    );
  };
}
