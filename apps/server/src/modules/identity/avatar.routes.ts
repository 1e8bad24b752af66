import path from 'node:path';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_LIMITS, AVATAR_MESSAGES, MESSAGES, routes } from '@campusrun/shared';
import { actorOf } from '../../lib/auth';
import { type RouteDeps, served } from '../../lib/contract';
import { multipartForm } from '../../lib/multipart';
import type { AvatarService } from './avatar.service';

/** /users/avatar: the signed-in user's profile photo. Multipart is registered only in this scope. */
export function avatarRoutes({ ctx, guards, service }: RouteDeps<AvatarService>): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: AVATAR_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    });
    const form = multipartForm({
      schema: z.object({}),
      fileField: 'avatar',
      maxFiles: 1,
      maxFileBytes: AVATAR_LIMITS.maxBytes,
      fileTooLarge: AVATAR_MESSAGES.imageTooLarge,
      tooManyFiles: AVATAR_MESSAGES.onlyOneImage,
      maxFields: 5,
      fileErrors: (files) => (files.length ? [] : [{ param: 'avatar', msg: AVATAR_MESSAGES.imageRequired }]),
      // Shared with product uploads, whose routes clear what a killed process left there.
      tmpDir: path.join(ctx.config.dataDir, 'tmp'),
    });
    // Image decoding is the costly part: per user, on top of the global per-IP limit.
    const uploads = ctx.limiter('avatar-uploads', { points: 20, duration: 600 });

    await guards.scope(app, 'signedIn', (app) => {
      app.route({
        ...served(routes.account.setAvatar),
        preValidation: form.preValidation,
        preHandler: [async (req) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany), form.read],
        onSend: form.onSend,
        handler: (req) => service.setAvatar(actorOf(req), form.of(req).files[0]!),
      });
      app.route({
        ...served(routes.account.removeAvatar),
        handler: (req) => service.removeAvatar(actorOf(req)),
      });
    });
  };
}
