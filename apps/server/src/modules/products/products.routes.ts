import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  MESSAGES,
  PRICE_GUIDE_LIMITS,
  createProductSchema,
  routes,
  updateProductSchema,
  type Product,
  type ProductCan,
} from '@campusrun/shared';
import { actorOf, type Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { type RouteDeps, served } from '../../lib/contract';
import { rowId } from '../../lib/ids';
import { photoUploadBudget } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { NOBODY, pageKey, servePage } from '../../lib/page-cache';
import { removeStaleTemp } from '../../lib/tmp-files';
import { productCan } from './products.policy';
import type { ProductsService } from './products.service';

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
const r = routes.products;

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
}

/** The marketplace list and one product, from the shared page when the viewer allows it. */
function readingRoutes(app: ZodApp, { ctx, service, id }: ProductRouteDeps) {
  app.route({
    ...served(r.list),
    handler: (req, reply) =>
      // Someone with blocks gets their own list, never the shared page; so does a seller reading
      // their own listings (expired ones too).
      actorOf(req).hasBlocks || req.query.sellerId === actorOf(req).id
        ? service.list(actorOf(req), req.query)
        : servePage(ctx.pages, req, reply, {
            key: pageKey('products', req.query),
            load: () => service.list(asNobody, req.query),
            viewer: viewerParts(actorOf(req), (page: { products: Product[] }) => page.products),
          }),
  });
  app.route({
    ...served(r.get),
    onRequest: id.check,
    handler: (req, reply) =>
      // A moderator sees a suspended seller's product, someone with blocks sees no contact or
      // offer on a blocked seller's: both are read for them, never from the shared page.
      actorOf(req).isModerator || actorOf(req).hasBlocks
        ? service.get(actorOf(req), req.params.id)
        : servePage(ctx.pages, req, reply, {
            key: pageKey(`products/${req.params.id}`, {}),
            load: () => service.get(asNobody, req.params.id),
            viewer: viewerParts(actorOf(req), (page: { product: Product }) => [page.product]),
          }),
  });
}

/**
 * Campus price guidance for the sell and edit forms. The forms ask as typing pauses: each account
 * has its own budget a minute, counted before the query is read.
 */
function priceGuideRoutes(app: ZodApp, { ctx, service }: ProductRouteDeps) {
  const lookups = ctx.limiter('price-guide', { points: PRICE_GUIDE_LIMITS.perMinute, duration: 60 });
  app.route({
    ...served(r.priceGuide),
    onRequest: (req) => lookups.consume(actorOf(req).id),
    handler: (req) => service.priceGuide(req.query),
  });
}

/** Listing a product and editing it: multipart forms with images. */
function listingRoutes(app: ZodApp, { service, forms, countUpload, id, canManage }: ProductRouteDeps) {
  const { createForm, updateForm } = forms;
  app.route({
    ...served(r.create),
    // Who may sell, before anything of the body is parsed; how often, before it is read.
    onRequest: async (req) => service.assertCanSell(actorOf(req)),
    preValidation: createForm.preValidation,
    preHandler: [countUpload, createForm.read],
    onSend: createForm.onSend,
    handler: async (req, reply) =>
      reply.code(201).send(await service.create(actorOf(req), createForm.of(req))),
  });
  app.route({
    ...served(r.update),
    // Whose product it is, before anything of the body is parsed; how often, before it is read.
    onRequest: [id.check, canManage],
    preValidation: updateForm.preValidation,
    preHandler: [countUpload, updateForm.read],
    onSend: updateForm.onSend,
    handler: (req) => service.update(actorOf(req), req.params.id, updateForm.of(req)),
  });
}

/** The seller's status changes, the buyers they may name, and deletion. */
function sellerRoutes(app: ZodApp, { service, id, canManage }: ProductRouteDeps) {
  app.route({
    ...served(r.setStatus),
    onRequest: [id.check, canManage],
    handler: (req) => service.setStatus(actorOf(req), req.params.id, req.body.status),
  });
  app.route({
    ...served(r.markSold),
    onRequest: [id.check, canManage],
    handler: (req) => service.setStatus(actorOf(req), req.params.id, 'sold', req.body.buyerId ?? null),
  });
  app.route({
    ...served(r.buyers),
    onRequest: id.check,
    handler: (req) => service.buyers(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.renew),
    onRequest: [id.check, canManage],
    handler: (req) => service.renew(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.bump),
    onRequest: [id.check, canManage],
    handler: (req) => service.bump(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.remove),
    onRequest: [id.check, canManage],
    handler: async (req, reply) => {
      await service.remove(actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  });
}

/** A buyer's saved products. */
function savedRoutes(app: ZodApp, { service, id }: ProductRouteDeps) {
  app.route({ ...served(r.saved), handler: (req) => service.saved(actorOf(req), req.query) });
  app.route({
    ...served(r.save),
    onRequest: id.check,
    handler: (req) => service.save(actorOf(req), req.params.id),
  });
  app.route({
    ...served(r.unsave),
    onRequest: id.check,
    handler: (req) => service.unsave(actorOf(req), req.params.id),
  });
}

/** /products/*: the marketplace. Multipart is registered only in this scope. */
export function productRoutes({ ctx, guards, service }: RouteDeps<ProductsService>): FastifyPluginAsyncZod {
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
    const deps: ProductRouteDeps = { ctx, service, forms, countUpload, id, canManage };

    // Reading needs a complete profile (either role); writing is checked per product by the service.
    await guards.scope(app, 'member', (app) => {
      readingRoutes(app, deps);
      priceGuideRoutes(app, deps);
      listingRoutes(app, deps);
      sellerRoutes(app, deps);
      savedRoutes(app, deps);
    });
  };
}
