import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_CONDITION_ALIASES,
  PRODUCT_CONDITIONS,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  MESSAGES,
  buyerCandidatesResponseSchema,
  createProductSchema,
  markSoldSchema,
  saveResponseSchema,
  savedListQuerySchema,
  savedListResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  updateProductSchema,
  updateProductStatusSchema,
  type Product,
  type ProductCan,
} from '@campusrun/shared';
import { actorOf, type Actor, type Guards } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { rowId } from '../../lib/ids';
import { photoUploadBudget } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { NOBODY, pageKey, servePage } from '../../lib/page-cache';
import { removeStaleTemp } from '../../lib/tmp-files';
import { productCan } from './products.policy';
import type { ProductsService } from './products.service';

/**
 * OpenAPI description of the two multipart bodies. They are read and checked by the routes'
 * multipart hooks (createProductSchema / updateProductSchema; files through the image pipeline in
 * the service): a multipart request
 * has no parsed body at validation time (null), hence `.nullish()`; other content types are refused
 * with a 415 before validation.
 */
const formFields = {
  name: z.string().min(1).max(PRODUCT_LIMITS.nameMax).describe('Product name'),
  description: z.string().min(1).max(PRODUCT_LIMITS.descriptionMax),
  price: z
    .string()
    // Up to the price limit, in a form the document can state: digits, a dot, two decimals.
    .regex(/^(?!0+(\.0+)?$)\d{1,6}(\.\d{1,2})?$/)
    .describe('Rupees, > 0, at most 2 decimals'),
  category: z.enum(PRODUCT_CATEGORIES).optional().describe('Required when listing; kept when absent on edit'),
  condition: z
    .enum([...PRODUCT_CONDITIONS, ...Object.keys(PRODUCT_CONDITION_ALIASES)])
    .optional()
    .describe(`${PRODUCT_CONDITIONS.join(', ')}; also 'like new' and 'used' (= good). Default good`),
  quantity: z
    .string()
    .regex(/^([1-9]\d{0,2}|1000)$/)
    .optional()
    .describe(`Whole number from 1 to ${PRODUCT_LIMITS.quantityMax} (default 1)`),
  isNegotiable: z.enum(['true', 'false']).optional().describe('true or false (default false)'),
};
const createBodyDoc = z
  .object({
    ...formFields,
    category: z.enum(PRODUCT_CATEGORIES),
    images: z
      .array(z.file())
      .describe('1 to 5 PNG, JPG, GIF or WebP images, 5 MB each; the first is the cover'),
  })
  .nullish();
const updateBodyDoc = z
  .object({
    ...formFields,
    existingImages: z
      .array(z.string())
      .optional()
      .describe('Image URLs to keep, in order (repeated field or one JSON array); absent keeps all'),
    images: z.array(z.file()).optional().describe('New images, 10 MB each; kept + new = 1 to 5'),
  })
  .nullish();

/** Shared marketplace pages are read as nobody in particular: a buyer's `can` on every product. */
const asNobody = { ...NOBODY, role: null, isProfileComplete: true };
const viewerText = (can: ProductCan, isSaved: boolean) => `"can":${JSON.stringify(can)},"isSaved":${isSaved}`;
const sharedText = viewerText(productCan(asNobody, { sellerId: '', status: 'available' }), false);

/**
 * The viewer's own part of a shared marketplace page (`can` and `isSaved`, written next to each
 * other): `can` differs for the seller of a product (edit, mark sold, delete), `isSaved` for those
 * who saved it; everyone else sees the shared one.
 */
function viewerParts<P>(actor: Actor, productsOf: (page: P) => Product[]) {
  const saved = actor.savedIds ?? [];
  type Item = { id: string; sellerId: string; status: Product['status'] };
  return {
    id: saved.length ? `${actor.id}:${saved.join(',')}` : actor.id,
    parts: (page: P) => ({
      shared: sharedText,
      items: productsOf(page).map((p): Item => ({ id: p.id, sellerId: p.sellerId, status: p.status })),
    }),
    textFor: (item: Item) =>
      item.sellerId === actor.id || saved.includes(item.id)
        ? viewerText(productCan(actor, item), saved.includes(item.id))
        : undefined,
  };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The two multipart forms: listing a product, and editing one. */
function productForms(tmpDir: string) {
  return {
    createForm: multipartForm({
      schema: createProductSchema,
      fileField: 'images',
      maxFiles: PRODUCT_LIMITS.maxImages,
      maxFileBytes: PRODUCT_LIMITS.createImageMaxBytes,
      fileTooLarge: PRODUCT_MESSAGES.imageTooLarge,
      tooManyFiles: PRODUCT_MESSAGES.maxImages,
      fileErrors: (files) => (files.length ? [] : [{ param: 'images', msg: PRODUCT_MESSAGES.imageRequired }]),
      tmpDir,
    }),
    updateForm: multipartForm({
      schema: updateProductSchema,
      lists: ['existingImages'],
      fileField: 'images',
      maxFiles: PRODUCT_LIMITS.maxImages,
      maxFileBytes: PRODUCT_LIMITS.editImageMaxBytes,
      fileTooLarge: PRODUCT_MESSAGES.editImageTooLarge,
      tooManyFiles: PRODUCT_MESSAGES.maxImages,
      tmpDir,
    }),
  };
}

/** What every group of product routes works with. */
interface ProductRouteDeps {
  ctx: AppContext;
  service: ProductsService;
  forms: ReturnType<typeof productForms>;
  /** Spends the uploader's image budget. */
  countUpload: (req: FastifyRequest) => Promise<unknown>;
  id: ReturnType<typeof rowId<'id'>>;
  /** The seller's writes: 404 or 403 for this product before the body is parsed or validated. */
  canManage: (req: FastifyRequest) => Promise<void>;
  tags: string[];
}

/** The marketplace list and one product, from the shared page when the viewer allows it. */
function readingRoutes(app: ZodApp, { ctx, service, id, tags }: ProductRouteDeps) {
  app.get(
    '/products',
    {
      schema: {
        tags,
        description: 'Sold items are hidden unless status or includeSold says otherwise.',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    (req, reply) =>
      // Someone with blocks gets their own list, never the shared page.
      actorOf(req).hasBlocks
        ? service.list(actorOf(req), req.query)
        : servePage(ctx.pages, req, reply, {
            key: pageKey('products', req.query),
            load: () => service.list(asNobody, req.query),
            viewer: viewerParts(actorOf(req), (page: { products: Product[] }) => page.products),
          }),
  );
  app.get(
    '/products/:id',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: "404 while the seller is suspended (but to moderators) or after a moderator's removal.",
        params: id.params,
        response: { 200: productResponseSchema },
      },
    },
    (req, reply) =>
      // A moderator sees a suspended seller's product, someone with blocks sees no contact or
      // offer on a blocked seller's: both are read for them, never from the shared page.
      actorOf(req).isModerator || actorOf(req).hasBlocks
        ? service.get(actorOf(req), req.params.id)
        : servePage(ctx.pages, req, reply, {
            key: pageKey(`products/${req.params.id}`, {}),
            load: () => service.get(asNobody, req.params.id),
            viewer: viewerParts(actorOf(req), (page: { product: Product }) => [page.product]),
          }),
  );
}

/** Listing a product and editing it: multipart forms with images. */
function listingRoutes(app: ZodApp, { service, forms, countUpload, id, canManage, tags }: ProductRouteDeps) {
  const { createForm, updateForm } = forms;
  app.post(
    '/products',
    {
      // Who may sell, before anything of the body is parsed; how often, before it is read.
      onRequest: async (req) => service.assertCanSell(actorOf(req)),
      preValidation: createForm.preValidation,
      preHandler: [countUpload, createForm.read],
      onSend: createForm.onSend,
      schema: {
        tags,
        description: 'Hostellers only. multipart/form-data with 1 to 5 `images` files, in display order.',
        consumes: ['multipart/form-data'],
        body: createBodyDoc,
        response: { 201: productResponseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(actorOf(req), createForm.of(req))),
  );
  app.put(
    '/products/:id',
    {
      // Whose product it is, before anything of the body is parsed; how often, before it is read.
      onRequest: [id.check, canManage],
      preValidation: updateForm.preValidation,
      preHandler: [countUpload, updateForm.read],
      onSend: updateForm.onSend,
      schema: {
        tags,
        description: 'The seller only. multipart/form-data; kept plus new images: 1 to 5.',
        consumes: ['multipart/form-data'],
        params: id.params,
        body: updateBodyDoc,
        response: { 200: productResponseSchema },
      },
    },
    (req) => service.update(actorOf(req), req.params.id, updateForm.of(req)),
  );
}

/** The seller's status changes, the buyers they may name, and deletion. */
function sellerRoutes(app: ZodApp, { service, id, canManage, tags }: ProductRouteDeps) {
  app.patch(
    '/products/:id/status',
    {
      onRequest: [id.check, canManage],
      schema: {
        tags,
        description: 'The seller only: available, reserved or sold.',
        params: id.params,
        body: updateProductStatusSchema,
        response: { 200: productResponseSchema },
      },
    },
    (req) => service.setStatus(actorOf(req), req.params.id, req.body.status),
  );
  app.put(
    '/products/:id/sold',
    {
      onRequest: [id.check, canManage],
      schema: {
        tags,
        description:
          'The seller only: marks it sold, to a buyer who messaged the seller about it or made an offer on it, or to someone else.',
        params: id.params,
        body: markSoldSchema,
        response: { 200: productResponseSchema },
      },
    },
    (req) => service.setStatus(actorOf(req), req.params.id, 'sold', req.body.buyerId ?? null),
  );
  app.get(
    '/products/:id/buyers',
    {
      onRequest: id.check,
      schema: {
        tags,
        description: 'The seller only: who may be named as the buyer.',
        params: id.params,
        response: { 200: buyerCandidatesResponseSchema },
      },
    },
    (req) => service.buyers(actorOf(req), req.params.id),
  );
  app.delete(
    '/products/:id',
    {
      onRequest: [id.check, canManage],
      schema: {
        tags,
        description: 'The seller only. Removes the product and its image files.',
        params: id.params,
        response: { 204: { description: 'Deleted', content: {} } },
      },
    },
    async (req, reply) => {
      await service.remove(actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** A buyer's saved products. */
function savedRoutes(app: ZodApp, { service, id, tags }: ProductRouteDeps) {
  app.get(
    '/products/saved',
    {
      schema: {
        tags,
        description: 'The products the viewer saved, newest save first.',
        querystring: savedListQuerySchema,
        response: { 200: savedListResponseSchema },
      },
    },
    (req) => service.saved(actorOf(req), req.query),
  );
  app.put(
    '/products/:id/save',
    {
      onRequest: id.check,
      schema: { tags, params: id.params, response: { 200: saveResponseSchema } },
    },
    (req) => service.save(actorOf(req), req.params.id),
  );
  app.delete(
    '/products/:id/save',
    {
      onRequest: id.check,
      schema: { tags, params: id.params, response: { 200: saveResponseSchema } },
    },
    (req) => service.unsave(actorOf(req), req.params.id),
  );
}

/** /products/*: the marketplace. Multipart is registered only in this scope. */
export function productRoutes(
  ctx: AppContext,
  guards: Guards,
  service: ProductsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: PRODUCT_LIMITS.editImageMaxBytes,
        files: PRODUCT_LIMITS.maxImages,
        fields: 40,
        fieldSize: 64 * 1024,
        parts: 45,
        headerPairs: 100,
      },
    });
    // Uploads are streamed here while the form is read, and removed once the call is answered.
    const tmpDir = path.join(ctx.config.dataDir, 'tmp');
    const forms = productForms(tmpDir);
    // Left by a process killed during an upload.
    void removeStaleTemp(tmpDir).catch((err: unknown) =>
      ctx.log.error({ err }, 'could not clear old uploads'),
    );
    // Image decoding is the costly part: per user (one budget with chat photos), on top of the
    // global per-IP limit.
    const uploads = photoUploadBudget(ctx.limiter);
    const countUpload = (req: FastifyRequest) => uploads.consume(actorOf(req).id, MESSAGES.uploadsTooMany);
    const id = rowId('id', PRODUCT_MESSAGES.notFound);
    const canManage = async (req: FastifyRequest) =>
      service.assertCanManage(actorOf(req), (req.params as { id: string }).id);
    const deps: ProductRouteDeps = { ctx, service, forms, countUpload, id, canManage, tags: ['products'] };

    // Reading needs a complete profile (either role); writing is checked per product by the service.
    await guards.scope(app, 'member', (app) => {
      readingRoutes(app, deps);
      listingRoutes(app, deps);
      sellerRoutes(app, deps);
      savedRoutes(app, deps);
    });
  };
}
