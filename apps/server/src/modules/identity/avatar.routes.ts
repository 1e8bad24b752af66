import path from 'node:path';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_LIMITS, AVATAR_MESSAGES, MESSAGES, profileUpdateResponseSchema } from '@campusrun/shared';
import { actorOf, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { multipartForm } from '../../lib/multipart';
import type { AvatarService } from './avatar.service';

/** OpenAPI description of the multipart body; the route's multipart hooks read and check it. */
const avatarBodyDoc = z
  .object({ avatar: z.file().describe('One PNG, JPG, GIF or WebP image under 5 MB') })
  .nullish();

/** /users/avatar: the signed-in user's profile photo. Multipart is registered only in this scope. */
export function avatarRoutes(ctx: AppContext, guards: Guards, service: AvatarService): FastifyPluginAsyncZod {
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
    const tags = ['users'];

    await guards.scope(app, 'signedIn', (app) => {
      app.put(
        '/users/avatar',
        {
          preValidation: form.preValidation,
          preHandler: [async (req) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany), form.read],
          onSend: form.onSend,
          schema: {
            tags,
            description:
              'multipart/form-data with one `avatar` file; stored as a 256 × 256 WebP without metadata.',
            consumes: ['multipart/form-data'],
            body: avatarBodyDoc,
            response: { 200: profileUpdateResponseSchema },
          },
        },
        (req) => service.setAvatar(actorOf(req), form.of(req).files[0]!),
      );
      app.delete(
        '/users/avatar',
        { schema: { tags, response: { 200: profileUpdateResponseSchema } } },
        (req) => service.removeAvatar(actorOf(req)),
      );
    });
  };
}
