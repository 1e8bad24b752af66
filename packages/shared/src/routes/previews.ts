import { z } from 'zod';
import { PREVIEW_KINDS } from '../constants';
import { errorResponseSchema } from '../schemas/common';
import { route } from './contract';

const binary = z.unknown().meta({ type: 'string', format: 'binary' });

/**
 * The image of a shared link's preview (docs/product.md#link-previews), named in the `og:image` of
 * the page a link-preview robot gets: no sign-in, since robots have none. Only for something that
 * previews now; the web's client never calls it.
 */
export const image = route({
  method: 'GET',
  path: '/previews/:kind/:id/image',
  tags: ['previews'],
  browserOnly: true,
  description:
    "A shared link's preview image, 1200×630: a product's first photo (JPEG), or a card drawn from its title, price or time and the campus (PNG). 404 for anything that does not preview: unknown, removed, held, expired, or its member suspended.",
  params: z.object({ kind: z.enum(PREVIEW_KINDS), id: z.string() }),
  // Only names the version of the image, so a changed one gets a new address; its value is not read.
  query: z.object({ v: z.string().max(64).optional() }),
  response: {
    200: {
      description: 'The image, cached for a few minutes by anyone.',
      content: { 'image/jpeg': { schema: binary }, 'image/png': { schema: binary } },
    },
    404: {
      description: 'Nothing that previews has this address.',
      content: { 'application/json': { schema: errorResponseSchema } },
    },
  },
});
