import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LINK_PREVIEWS, routes } from '@campusrun/shared';
import { type RouteDeps, served } from '../../lib/contract';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { isPreviewKind, type PreviewsService } from './previews.service';

const r = routes.previews;

/** How long anyone (a robot, its image proxy, a CDN) may keep a preview image without asking again. */
const IMAGE_CACHE = 'public, max-age=300';

/** An unknown kind or an id that cannot be one: 404 like an id that names nothing, before validation. */
async function checkPath(req: FastifyRequest) {
  const { kind, id } = req.params as { kind?: string; id?: string };
  if (!isPreviewKind(kind) || id === undefined || !isUuid(id)) throw notFound(LINK_PREVIEWS.notFound);
}

/**
 * /previews/*: a shared link's preview image, for the robots that draw link previews (no sign-in:
 * they have none). Counted by the per-address limit of calls without a session like any public
 * call, and drawing a new image by a limit of its own.
 */
export function previewsRoutes({ service }: RouteDeps<PreviewsService>): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...served(r.image),
      onRequest: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        await checkPath(req);
      },
      handler: async (req, reply) => {
        const image = await service.image(req.params.kind, req.params.id, req.ip);
        return (
          reply
            .header('content-type', image.contentType)
            .header('content-length', String(image.body.length))
            .header('cache-control', IMAGE_CACHE)
            // Public by design: an app's or a site's image proxy may load it from anywhere.
            .header('cross-origin-resource-policy', 'cross-origin')
            .header('x-content-type-options', 'nosniff')
            .send(image.body)
        );
      },
    });
  };
}
