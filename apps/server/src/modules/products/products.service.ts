import {
  BLOCK_MESSAGES,
  OFFER_LIMITS,
  PRODUCT_MESSAGES,
  SALE_MESSAGES,
  SAVED_MESSAGES,
  type CreateProductBody,
  type Product,
  type ProductListQuery,
  type ProductStatus,
  type UpdateProductBody,
  PRODUCT_NOTICES,
  PRICE_GUIDE_LIMITS,
  type PriceGuideQuery,
} from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { AppError, badRequest, conflict, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { Events } from '../../lib/events';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../../lib/images';
import { blockedWith, isBlockedBetween } from '../../lib/listing-visibility';
import { anyPrefixQuery, pageOf } from '../../lib/lists';
import { formatRupees, toPaise, toRupees } from '../../lib/money';
import type { Form } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import { bindUseCases } from '../../lib/use-cases';
import { checkImageCount, keptImages, orRemove, removeFiles, storeImages } from './products.images';
import {
  manageRefusal,
  productHidden,
  sellRefusal,
  type ProductRefusal,
  type ProductViewer,
} from './products.policy';
import { ANY_BUYER, presentPriceGuide, presentProduct } from './products.presenter';
import * as repo from './products.repo';

function refusalError(reason: ProductRefusal, action: 'sell' | 'manage'): AppError {
  if (reason === 'notSeller') return forbidden(PRODUCT_MESSAGES.notSeller);
  return forbidden(action === 'sell' ? PRODUCT_MESSAGES.onlyHostellersSell : PRODUCT_MESSAGES.onlyHostellers);
}

const hidden = (viewer: ProductViewer, found: repo.ProductWithSeller) =>
  productHidden(viewer, { moderation: found.product.moderation, sellerSuspended: found.sellerSuspended });

const viewerOf = (actor: Actor): ProductViewer => ({
  id: actor.id,
  role: actor.role,
  savedIds: actor.savedIds,
  isModerator: actor.isModerator,
});

type Context = Pick<AppContext, 'db'> & { log: Pick<AppContext['log'], 'error'>; events?: Events };

/** Settling up, told of the proposed sales a seller's change called off (committed). */
interface SalesHook {
  salesVoided(settlementIds: string[]): Promise<void>;
}

/** What products needs of settling up, handed in by services.ts. */
export interface ProductsPorts {
  /** Its write as a product's sale changes, run in the transaction of the status change or deletion. */
  settlementWrites: repo.SaleRelease;
  /** Told after commit of the proposed sales that write called off. */
  sales?: SalesHook;
}

/** What every product method works with: the context, where images are kept and their limits. */
interface Deps extends Context, ProductsPorts {
  storage: Storage;
  imageLimits: ImageLimits;
}

async function find({ db }: Deps, id: string): Promise<repo.ProductWithSeller> {
  const found = await repo.findProduct(db, id);
  if (!found) throw notFound(PRODUCT_MESSAGES.notFound);
  return found;
}

/**
 * After a change has committed: the product as the actor sees it, once the seller's other sessions
 * and everyone watching it have been told.
 */
async function changed(deps: Deps, id: string, actor: Actor): Promise<{ product: Product }> {
  const found = await announce(deps, id);
  return { product: presentProduct(deps.storage, found, viewerOf(actor)) };
}

/** Tells the seller's other sessions and everyone watching the product how it is now. */
async function announce(deps: Deps, id: string) {
  const { storage, events } = deps;
  const found = await find(deps, id);
  const forSeller = presentProduct(storage, found, { id: found.product.sellerId, role: 'hosteller' });
  await events?.emit({
    type: 'product.updated',
    sellerId: found.product.sellerId,
    forSeller,
    forOthers: presentProduct(storage, found, ANY_BUYER),
  });
  return found;
}

/**
 * A new product reaches open marketplaces when lists may show it (visible, its seller not
 * suspended), but not its seller nor anyone blocked with them.
 */
async function announceListed({ db, storage, events }: Deps, found: repo.ProductWithSeller) {
  if (!events || found.product.moderation !== 'visible' || found.sellerSuspended) return;
  const sellerId = found.product.sellerId;
  await events.emit({
    type: 'product.available',
    product: presentProduct(storage, found, ANY_BUYER),
    except: [sellerId, ...(await blockedWith(db, sellerId))],
  });
}

/** Tells everyone who saved the product (but `except`) what happened to it. */
async function tellSavers({ db, events }: Deps, id: string, message: string, except: string[] = []) {
  const userIds = (await repo.saversOf(db, id)).filter((u) => !except.includes(u));
  if (userIds.length)
    await events?.emit({
      type: 'users.noticed',
      userIds,
      notice: { type: 'product', message, data: { productId: id } },
    });
}

/** A product deleted (committed): what its removal must still tell and delete. */
interface RemovedProduct {
  id: string;
  /** Null when it was gone before its name was read. */
  name: string | null;
  /** Who had saved it, read before the rows went. */
  savers: string[];
  /** Storage keys of its photos and thumbnails. */
  files: string[];
}

/** After a product was deleted: its savers are told, open screens drop it, its photos go. */
async function removed(deps: Deps, sellerId: string, product: RemovedProduct) {
  const { events } = deps;
  if (product.name !== null && product.savers.length)
    await events?.emit({
      type: 'users.noticed',
      userIds: product.savers,
      notice: { type: 'product', message: PRODUCT_NOTICES.deleted(product.name), data: {} },
    });
  await events?.emit({ type: 'product.removed', productId: product.id, sellerId });
  await removeFiles(deps, product.files);
}

/** 404 when it does not exist, 403 when the actor may not manage it. */
async function assertCanManage({ db }: Deps, actor: Actor, id: string) {
  if (actor.role !== 'hosteller') throw refusalError('notHosteller', 'manage');
  const owner = await repo.findProductOwner(db, id);
  if (!owner) throw notFound(PRODUCT_MESSAGES.notFound);
  const refusal = manageRefusal(actor, owner);
  if (refusal) throw refusalError(refusal, 'manage');
}

/** Why a seller-only write touched no row: gone (404) or not theirs (403). */
async function missOrRefuse(deps: Deps, actor: Actor, id: string): Promise<never> {
  await assertCanManage(deps, actor, id);
  throw notFound(PRODUCT_MESSAGES.notFound);
}

/** Role check before an upload is read. */
function assertCanSell(actor: Actor) {
  const refusal = sellRefusal(actor);
  if (refusal) throw refusalError(refusal, 'sell');
}

// Reading the marketplace: the list, one product, and whom its seller may name as the buyer.

/** GET /products: the marketplace's list, as the actor may see it. */
async function list({ db, storage }: Deps, actor: Actor, query: ProductListQuery) {
  const rows = await repo.listProducts(db, {
    search: query.search,
    category: query.category,
    condition: query.condition,
    minPrice: query.minPrice === undefined ? undefined : toPaise(query.minPrice),
    maxPrice: query.maxPrice === undefined ? undefined : toPaise(query.maxPrice),
    status: query.status ?? (query.includeSold ? 'all' : undefined),
    sellerId: query.sellerId,
    // A seller's own list keeps their expired listings (to renew or delete); nobody else's does.
    includeExpired: query.sellerId !== undefined && query.sellerId === actor.id,
    sort: query.sort,
    cursor: query.cursor,
    limit: query.limit,
    // Someone who blocks or is blocked reads a list without the other's products.
    hideBlockedFor: actor.hasBlocks ? actor.id : undefined,
  });
  const { items: page, nextCursor } = pageOf(rows, query.limit, (r) => r.cursor);
  const viewer = viewerOf(actor);
  return { products: page.map((r) => presentProduct(storage, r, viewer)), nextCursor };
}

async function get(deps: Deps, actor: Actor, id: string) {
  const { db, storage } = deps;
  const found = await find(deps, id);
  const viewer = viewerOf(actor);
  if (hidden(viewer, found)) throw notFound(PRODUCT_MESSAGES.notFound);
  // Someone who blocks the seller, or whom the seller blocks, sees it without contact or offer.
  const blockedWithSeller =
    actor.hasBlocks === true &&
    actor.id !== found.product.sellerId &&
    (await isBlockedBetween(db, actor.id, found.product.sellerId));
  return { product: presentProduct(storage, found, { ...viewer, blockedWithSeller }) };
}

/**
 * GET /products/{id}/buyers: whom the seller may name when marking it sold, and which of them
 * has the accepted offer (the one the seller most likely sold to).
 */
async function buyers(deps: Deps, actor: Actor, id: string) {
  await assertCanManage(deps, actor, id);
  const [candidates, accepted] = await Promise.all([
    repo.buyerCandidates(deps.db, id, actor.id),
    repo.acceptedOfferOf(deps.db, id),
  ]);
  const chosen = accepted && candidates.some((b) => b.id === accepted.buyerId) ? accepted : null;
  return {
    buyers: candidates,
    acceptedBuyerId: chosen?.buyerId ?? null,
    acceptedAmount: chosen ? toRupees(chosen.amount) : null,
  };
}

/**
 * GET /products/price-guide: what items like the one being listed or edited sold for on campus
 * (see `priceGuideStats` and `presentPriceGuide`); null when its name has no word to match.
 */
async function priceGuide({ db }: Deps, query: PriceGuideQuery) {
  const words = anyPrefixQuery(query.name, PRICE_GUIDE_LIMITS.wordMin, PRICE_GUIDE_LIMITS.maxWords);
  if (words === undefined) return { guide: null };
  const stats = await repo.priceGuideStats(db, {
    category: query.category,
    query: words,
    days: PRICE_GUIDE_LIMITS.windowDays,
    excludeId: query.excludeId,
  });
  return { guide: presentPriceGuide(stats) };
}

/** POST /products: checked fields plus 1 to 5 images in display order (the form's limits allow no sixth). */
async function create(deps: Deps, actor: Actor, form: Form<CreateProductBody>) {
  const { db, storage, events } = deps;
  assertCanSell(actor);
  const body = form.fields;
  const stored = await storeImages(deps, form.files);
  const id = await orRemove(deps, stored.keys, () =>
    repo.insertProduct(
      db,
      {
        sellerId: actor.id,
        name: body.name,
        description: body.description,
        price: toPaise(body.price),
        quantity: body.quantity,
        category: body.category,
        condition: body.condition,
        isNegotiable: body.isNegotiable,
      },
      stored.rows,
    ),
  );
  await events?.emit({ type: 'product.created', productId: id, sellerId: actor.id });
  const created = await find(deps, id);
  await announceListed(deps, created);
  return { product: presentProduct(storage, created, viewerOf(actor)) };
}

/**
 * PUT /products/{id}: new field values, the kept images (`existingImages`; absent = keep all) and
 * new files, 1 to 5 images in total. Removed images' files are deleted after the commit.
 */
async function update(deps: Deps, actor: Actor, id: string, form: Form<UpdateProductBody>) {
  const { db, storage } = deps;
  const body = form.fields;
  const current = await repo.findProduct(db, id);
  if (!current) throw notFound(PRODUCT_MESSAGES.notFound);
  const refusal = manageRefusal(actor, current.product);
  if (refusal) throw refusalError(refusal, 'manage');
  checkImageCount(keptImages(storage, current.images, body.existingImages).length + form.files.length);

  const stored = await storeImages(deps, form.files);
  const outcome = await orRemove(deps, stored.keys, () =>
    repo.applyProductEdit(db, {
      id,
      sellerId: actor.id,
      patch: {
        name: body.name,
        description: body.description,
        price: toPaise(body.price),
        ...(body.category !== undefined && { category: body.category }),
        ...(body.condition !== undefined && { condition: body.condition }),
        ...(body.quantity !== undefined && { quantity: body.quantity }),
        ...(body.isNegotiable !== undefined && { isNegotiable: body.isNegotiable }),
      },
      // Decided again under the row lock, against the images as they are now.
      plan: (now) => {
        const kept = keptImages(storage, now, body.existingImages);
        checkImageCount(kept.length + stored.rows.length);
        return kept;
      },
      added: stored.rows,
    }),
  );
  if (!outcome.ok) {
    await removeFiles(deps, stored.keys);
    return missOrRefuse(deps, actor, id);
  }
  await removeFiles(
    deps,
    outcome.removed.flatMap((img) => [img.path, img.thumbPath]),
  );
  const answer = await changed(deps, id, actor);
  const newPrice = toPaise(body.price);
  if (newPrice < current.product.price)
    await tellSavers(
      deps,
      id,
      PRODUCT_NOTICES.priceDrop(answer.product.name, formatRupees(answer.product.price)),
    );
  return answer;
}

// The seller's changes after listing: status (sold to whom, reserved), and deletion.

/** The seller's change of status after listing: available, reserved, or sold (to whom, when named). */
async function setStatus(
  deps: Deps,
  actor: Actor,
  id: string,
  status: ProductStatus,
  buyerId: string | null = null,
) {
  const { db, events } = deps;
  if (actor.role !== 'hosteller') throw refusalError('notHosteller', 'manage');
  if (buyerId !== null) {
    // No sale between two users of whom either blocks the other.
    if (await isBlockedBetween(db, actor.id, buyerId)) throw forbidden(BLOCK_MESSAGES.cannotSell);
    // Only someone who wrote to the seller about it or made an offer on it can have bought it.
    if (!(await repo.isEngagedBuyer(db, id, actor.id, buyerId)))
      throw badRequest(SALE_MESSAGES.buyerNotCandidate, [
        { param: 'buyerId', msg: SALE_MESSAGES.buyerNotCandidate },
      ]);
  }
  const result = await repo.setProductStatus(db, deps.settlementWrites, id, actor.id, status, buyerId);
  if (!result) return missOrRefuse(deps, actor, id);
  if (result === 'settlementOpen') throw conflict(SALE_MESSAGES.settlementOpen, result);
  const { before, voided } = result;
  if (voided.length) await deps.sales?.salesVoided(voided);
  // Sold to a named buyer: the buyer owes the seller (settling up opens its settlement).
  if (status === 'sold' && buyerId !== null)
    await events?.emit({ type: 'product.sold', productId: id, sellerId: actor.id, buyerId });
  const answer = await changed(deps, id, actor);
  if (before !== status && status !== 'available')
    await tellSavers(
      deps,
      id,
      status === 'sold'
        ? PRODUCT_NOTICES.sold(answer.product.name)
        : PRODUCT_NOTICES.reserved(answer.product.name),
      buyerId ? [buyerId] : [],
    );
  return answer;
}

/** An accepted offer reserved the product: watchers see it, savers (but the buyer) are told. */
async function reservedByOffer(deps: Deps, id: string, buyerId: string) {
  const found = await announce(deps, id);
  await tellSavers(deps, id, PRODUCT_NOTICES.reserved(found.product.name), [buyerId]);
}

/** DELETE /products/{id}: the row, its image rows and their files. */
async function remove(deps: Deps, actor: Actor, id: string) {
  const { db } = deps;
  if (actor.role !== 'hosteller') throw refusalError('notHosteller', 'manage');
  const found = await repo.findProduct(db, id);
  const savers = await repo.saversOf(db, id);
  const result = await repo.deleteProduct(db, deps.settlementWrites, id, actor.id);
  if (!result) return missOrRefuse(deps, actor, id);
  if (result === 'settlementOpen') throw conflict(SALE_MESSAGES.settlementOpen, result);
  const { images, voided } = result;
  if (voided.length) await deps.sales?.salesVoided(voided);
  await removed(deps, actor.id, {
    id,
    name: found?.product.name ?? null,
    savers,
    files: images.flatMap((img) => [img.path, img.thumbPath]),
  });
}

// A listing's lifetime: renewing, bumping, and warning its seller before it ends.

/** Why a lifetime write touched no row: not theirs (403/404), or in a state it does not apply to. */
async function lifetimeRefusal(deps: Deps, actor: Actor, id: string, sold: AppError): Promise<never> {
  await assertCanManage(deps, actor, id);
  const found = await find(deps, id);
  if (found.product.status === 'sold') throw sold;
  throw notFound(PRODUCT_MESSAGES.notFound);
}

/** POST /products/{id}/renew: thirty more days; an expired listing comes back to the lists. */
async function renew(deps: Deps, actor: Actor, id: string) {
  if (actor.role !== 'hosteller') throw refusalError('notHosteller', 'manage');
  const before = await repo.findProduct(deps.db, id);
  if (!(await repo.renewProduct(deps.db, id, actor.id)))
    return lifetimeRefusal(deps, actor, id, conflict(PRODUCT_MESSAGES.renewSold));
  const answer = await changed(deps, id, actor);
  if (before && before.product.expiresAt.getTime() <= Date.now())
    await announceListed(deps, await find(deps, id));
  return answer;
}

/** POST /products/{id}/bump: to the top of "Newest", renewed; once every 72 hours. */
async function bump(deps: Deps, actor: Actor, id: string) {
  if (actor.role !== 'hosteller') throw refusalError('notHosteller', 'manage');
  const outcome = await repo.bumpProduct(deps.db, id, actor.id);
  if (!outcome.ok) {
    if (outcome.reason === 'not-found') return missOrRefuse(deps, actor, id);
    if (outcome.reason === 'not-available') throw conflict(PRODUCT_MESSAGES.bumpNotAvailable, 'notAvailable');
    const seconds = Math.max(1, Math.ceil((outcome.nextAt!.getTime() - Date.now()) / 1000));
    throw new AppError(409, 'CONFLICT', PRODUCT_MESSAGES.bumpTooSoon(Math.ceil(seconds / 3600)), {
      reason: 'bumpTooSoon',
      retryAfter: seconds,
    });
  }
  const answer = await changed(deps, id, actor);
  // Open marketplaces take it in at the top, as a new listing.
  await announceListed(deps, await find(deps, id));
  return answer;
}

/** How many listings one sweep statement claims. */
const EXPIRY_BATCH = 200;

/**
 * Sellers of listings ending within three days are told once per end (renewing gives a new end and
 * a new warning). Safe in every process at once: each listing is claimed by one sweep.
 */
async function warnExpiring(deps: Deps) {
  let warned = 0;
  for (;;) {
    const rows = await repo.claimExpiring(deps.db, EXPIRY_BATCH);
    for (const row of rows)
      await deps.events?.emit({
        type: 'users.noticed',
        userIds: [row.seller_id],
        notice: { type: 'product', message: PRODUCT_NOTICES.expiring(row.name), data: { productId: row.id } },
      });
    warned += rows.length;
    if (rows.length < EXPIRY_BATCH) return warned;
  }
}

/**
 * The seller's account was deleted, and their products with it (committed): each is told and
 * its photos removed as when the seller deletes it.
 */
async function removedWithSeller(deps: Deps, sellerId: string, products: RemovedProduct[]) {
  for (const product of products) await removed(deps, sellerId, product);
}

// A buyer's saved products.

/** PUT /products/{id}/save: anyone but the seller, on a product they can see. */
async function save(deps: Deps, actor: Actor, id: string) {
  const { db, events } = deps;
  const found = await find(deps, id);
  if (hidden(viewerOf(actor), found)) throw notFound(PRODUCT_MESSAGES.notFound);
  if (found.product.sellerId === actor.id) throw badRequest(SAVED_MESSAGES.ownProduct);
  // Deleted by its seller since it was read: gone, as for anyone who opens it now.
  const saved = await repo.saveProduct(db, actor.id, id, OFFER_LIMITS.savedMax).catch((err: unknown) => {
    throw isForeignKeyViolation(err) ? notFound(PRODUCT_MESSAGES.notFound) : err;
  });
  if (!saved) throw badRequest(SAVED_MESSAGES.tooMany);
  await events?.emit({ type: 'user.updated', userId: actor.id });
  return { isSaved: true, message: SAVED_MESSAGES.saved };
}

async function unsave({ db, events }: Deps, actor: Actor, id: string) {
  if (await repo.unsaveProduct(db, actor.id, id))
    await events?.emit({ type: 'user.updated', userId: actor.id });
  return { isSaved: false, message: SAVED_MESSAGES.unsaved };
}

/** GET /products/saved: a buyer's saved products, newest save first. */
async function saved({ db, storage }: Deps, actor: Actor, query: { limit: number; cursor?: string }) {
  const rows = await repo.savedPage(db, actor.id, query.limit, query.cursor);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => r.cursor);
  const found = await repo.findProducts(
    db,
    items.map((r) => r.id),
  );
  const viewer = { ...viewerOf(actor), savedIds: found.map((f) => f.product.id) };
  return { products: found.map((f) => presentProduct(storage, f, viewer)), nextCursor };
}

/**
 * The marketplace: list, view, sell, edit, change status, delete. Images go through sharp and
 * `storage`. With `events`, changes are pushed to open screens after they commit
 * (docs/decisions/0006-entity-events.md).
 */
export function createProductsService(
  ctx: Context,
  storage: Storage,
  ports: ProductsPorts,
  imageLimits: ImageLimits = DEFAULT_IMAGE_LIMITS,
) {
  const deps: Deps = { db: ctx.db, log: ctx.log, events: ctx.events, storage, imageLimits, ...ports };
  return {
    /** Role check before an upload is read (it needs nothing of the service). */
    assertCanSell,
    ...bindUseCases(deps, {
      assertCanManage,
      list,
      get,
      buyers,
      priceGuide,
      create,
      update,
      setStatus,
      reservedByOffer,
      remove,
      removedWithSeller,
      renew,
      bump,
      warnExpiring,
      save,
      unsave,
      saved,
    }),
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
