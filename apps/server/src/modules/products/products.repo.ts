import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  PRODUCT_LIFETIME,
  type ListingModeration,
  type ProductCategory,
  type ProductCondition,
  type ProductSort,
  type ProductStatus,
} from '@campusrun/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { messages, offers, productImages, products, savedProducts, users } from '../../db/schema';
import { notBlocked, notSuspended, visibleListing } from '../../lib/listing-visibility';
import { preparedStatements } from '../../lib/prepared';
import { engagedBuyer } from '../../lib/sale-rule';
import {
  afterCursor,
  afterCursorPlaceholders,
  cursorOf,
  cursorParams,
  listOrder,
  matchesQuery,
  orderBy,
  prefixQuery,
  type ListOrder,
} from '../../lib/lists';

/** The product's own columns (never the search vector). */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);
type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'>;
export type NewProduct = typeof products.$inferInsert;
export type ImageRow = typeof productImages.$inferSelect;
export type NewImage = Omit<typeof productImages.$inferInsert, 'productId' | 'position'>;

interface SellerRow {
  id: string;
  name: string;
  avatar: string | null;
  createdAt: Date;
  hostelBlock: string | null;
}
export interface ProductWithSeller {
  product: ProductRow;
  seller: SellerRow;
  images: ImageRow[];
  /** The seller is suspended now: the product answers 404 to all but moderators. */
  sellerSuspended: boolean;
  /** Paise: what it sold for, when sold to a named buyer (see `soldPrice`); null otherwise. */
  soldPrice: number | null;
}
/** What the presenter needs of a product. */
export interface ProductView {
  product: Omit<ProductRow, 'soldAt' | 'buyerId' | 'listedAt' | 'expiryWarnedFor'>;
  seller: SellerRow;
  images: Array<Pick<ImageRow, 'path' | 'thumbPath'>>;
  /** Paise, when known (see `soldPrice`). */
  soldPrice: number | null;
}

const sellerColumns = {
  id: users.id,
  name: users.name,
  avatar: users.avatar,
  createdAt: users.createdAt,
  hostelBlock: users.hostelBlock,
};
const sellerSuspended = sql<boolean>`not ${notSuspended(products.sellerId)}`;

/**
 * What a product sold for (paise), known only when it was sold to a named buyer: that buyer's
 * accepted offer, else the listing price, as the sale's settlement proposes it. Null for a product
 * not sold, or sold to "someone else".
 */
const soldPrice = sql<number | null>`case when ${products.status} = 'sold' and ${products.buyerId} is not null
  then coalesce((select o.amount from ${offers} o
      where o.product_id = ${products.id} and o.buyer_id = ${products.buyerId} and o.status = 'accepted'
      order by o.decided_at desc nulls last, o.created_at desc limit 1), ${products.price})
  end`;

/** The hidden-by-default filter, written as the partial indexes' predicate so they apply. */
const notSold = sql`${products.status} <> 'sold'`;
/** Listed, edited, renewed or bumped within its lifetime: every list but the seller's own shows only these. */
const notExpired = sql`${products.expiresAt} > now()`;
/** The new end of a product's life: listing, editing, renewing and bumping all set it. */
const freshLifetime = sql`now() + make_interval(days => ${PRODUCT_LIFETIME.days})`;

async function imagesOf(db: Db, productIds: string[]): Promise<Map<string, ImageRow[]>> {
  const map = new Map<string, ImageRow[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const row of rows) {
    const list = map.get(row.productId);
    if (list) list.push(row);
    else map.set(row.productId, [row]);
  }
  return map;
}

export async function findProduct(db: Db, id: string): Promise<ProductWithSeller | undefined> {
  const [row] = await db
    .select({ product: productColumns, seller: sellerColumns, sellerSuspended, soldPrice })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return undefined;
  return { ...row, images: (await imagesOf(db, [id])).get(id) ?? [] };
}

/** Who sells it, for permission checks before an upload is read. */
export const findProductOwner = async (db: Db, id: string) =>
  (await db.select({ sellerId: products.sellerId }).from(products).where(eq(products.id, id)).limit(1))[0];

const ORDERS: Record<ProductSort, ListOrder> = {
  // "Newest" is by when it was listed or last bumped: one row per product, so paging stays stable.
  recent: listOrder('products:recent', 'desc', [products.listedAt, 'time'], [products.id, 'uuid']),
  'price-low': listOrder('products:price-low', 'asc', [products.price, 'int'], [products.id, 'uuid']),
  'price-high': listOrder('products:price-high', 'desc', [products.price, 'int'], [products.id, 'uuid']),
};

export interface ProductListFilter {
  /** Words, each matched as a word prefix of the name or description. */
  search?: string;
  category?: ProductCategory;
  condition?: ProductCondition;
  /** Paise. */
  minPrice?: number;
  maxPrice?: number;
  /** undefined = all but sold; 'all' = everything. */
  status?: ProductStatus | 'all';
  sellerId?: string;
  /** Expired products too: only on the seller's own list. */
  includeExpired?: boolean;
  /** A viewer who blocks or is blocked by some sellers: their products are left out. */
  hideBlockedFor?: string;
  sort: ProductSort;
  /** As the client sent it; checked here against the sort. */
  cursor?: string;
  limit: number;
}

/** Which filters a list call uses: each combination is one prepared statement. */
interface ListShape {
  /** 'hidden' = all but sold (the default), 'all', or one status (a placeholder). */
  status: 'hidden' | 'all' | 'one';
  category: boolean;
  condition: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  sellerId: boolean;
  search: boolean;
  after: boolean;
  blocks: boolean;
  expired: boolean;
}

/**
 * The list query for one combination of filters, with every value a placeholder: built and prepared
 * once per database, so a call only binds its values.
 */
function prepareList(db: Db, name: string, shape: ListShape, order: ListOrder) {
  const p = sql.placeholder;
  const where: (SQL | undefined)[] = [
    shape.status === 'hidden'
      ? notSold
      : shape.status === 'one'
        ? eq(products.status, p('status'))
        : undefined,
    shape.category ? eq(products.category, p('category')) : undefined,
    shape.condition ? eq(products.condition, p('condition')) : undefined,
    shape.minPrice ? gte(products.price, p('minPrice')) : undefined,
    shape.maxPrice ? lte(products.price, p('maxPrice')) : undefined,
    shape.sellerId ? eq(products.sellerId, p('sellerId')) : undefined,
    shape.expired ? undefined : notExpired,
    shape.search ? matchesQuery(products.searchVector, p('search')) : undefined,
    shape.after ? afterCursorPlaceholders(order) : undefined,
    visibleListing(products.moderation),
    notSuspended(products.sellerId),
    shape.blocks ? notBlocked(products.sellerId, p('viewer')) : undefined,
  ];

  // The page is built as one JSON value by the database: PGlite (WASM) decodes one text value much
  // faster than 51 rows × 20 columns, and the images come along without a second query.
  const item = sql<ListItemJson>`json_build_object(
    'id', ${products.id}, 'sellerId', ${products.sellerId}, 'name', ${products.name},
    'description', ${products.description}, 'price', ${products.price}, 'quantity', ${products.quantity},
    'category', ${products.category}, 'condition', ${products.condition},
    'isNegotiable', ${products.isNegotiable}, 'status', ${products.status},
    'moderation', ${products.moderation}, 'soldPrice', ${soldPrice},
    'createdAt', ${products.createdAt}, 'updatedAt', ${products.updatedAt},
    'bumpedAt', ${products.bumpedAt}, 'expiresAt', ${products.expiresAt},
    'cursor', ${cursorOf(order)},
    'seller', json_build_object('id', ${users.id}, 'name', ${users.name}, 'avatar', ${users.avatar},
      'createdAt', ${users.createdAt}, 'hostelBlock', ${users.hostelBlock}),
    'images', (select coalesce(json_agg(json_build_array(i.path, i.thumb_path) order by i.position), '[]'::json)
      from ${productImages} i where i.product_id = ${products.id})
  )`;
  const page = db
    .select({
      item: item.as('item'),
      ...Object.fromEntries(order.keys.map((k, i) => [`k${i}`, sql`${k.column}`.as(`k${i}`)])),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(...where))
    .orderBy(...orderBy(order))
    .limit(p('limit'))
    .as('page');
  return db
    .select({
      items: sql<ListItemJson[] | null>`json_agg(${page.item} order by ${sql.join(
        orderBy(
          order,
          order.keys.map((_, i) => sql`${sql.identifier(`k${i}`)}`),
        ),
        sql`, `,
      )})`,
    })
    .from(page)
    .prepare(name);
}

const listStatement = preparedStatements<ReturnType<typeof prepareList>>();

/** One page of the marketplace, in the sort's order, `limit + 1` rows (the extra one says "more"). */
export async function listProducts(
  db: Db,
  f: ProductListFilter,
): Promise<Array<ProductView & { cursor: string }>> {
  const order = ORDERS[f.sort];
  const after = cursorParams(order, f.cursor);
  const search = prefixQuery(f.search);
  const shape: ListShape = {
    status: f.status === undefined ? 'hidden' : f.status === 'all' ? 'all' : 'one',
    category: f.category !== undefined,
    condition: f.condition !== undefined,
    minPrice: f.minPrice !== undefined,
    maxPrice: f.maxPrice !== undefined,
    sellerId: f.sellerId !== undefined,
    search: search !== undefined,
    after: after !== undefined,
    blocks: f.hideBlockedFor !== undefined,
    expired: f.includeExpired === true,
  };
  const { status, ...present } = shape;
  const name = `products_list_${f.sort}_${status}_${Object.values(present)
    .map((on) => (on ? 1 : 0))
    .join('')}`;
  const statement = listStatement(db, name, () => prepareList(db, name, shape, order));
  const [result] = await statement.execute({
    status: f.status,
    category: f.category,
    condition: f.condition,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    sellerId: f.sellerId,
    search,
    viewer: f.hideBlockedFor,
    limit: f.limit + 1,
    ...after,
  });
  return (result?.items ?? []).map((j) => ({
    product: {
      id: j.id,
      sellerId: j.sellerId,
      name: j.name,
      description: j.description,
      price: j.price,
      quantity: j.quantity,
      category: j.category,
      condition: j.condition,
      isNegotiable: j.isNegotiable,
      status: j.status,
      moderation: j.moderation,
      createdAt: new Date(j.createdAt),
      updatedAt: new Date(j.updatedAt),
      bumpedAt: j.bumpedAt === null ? null : new Date(j.bumpedAt),
      expiresAt: new Date(j.expiresAt),
    },
    seller: { ...j.seller, createdAt: new Date(j.seller.createdAt) },
    images: j.images.map(([path, thumbPath]) => ({ path, thumbPath })),
    soldPrice: j.soldPrice,
    cursor: j.cursor,
  }));
}

/** One list entry as json_build_object makes it (times as ISO strings). */
interface ListItemJson {
  id: string;
  sellerId: string;
  name: string;
  description: string;
  price: number;
  quantity: number;
  category: ProductCategory;
  condition: ProductCondition;
  isNegotiable: boolean;
  status: ProductStatus;
  moderation: ListingModeration;
  soldPrice: number | null;
  createdAt: string;
  updatedAt: string;
  bumpedAt: string | null;
  expiresAt: string;
  cursor: string;
  seller: { id: string; name: string; avatar: string | null; createdAt: string; hostelBlock: string | null };
  images: Array<[string, string]>;
}

/** Paise: the figures of the sales a price guide is made from (null ones when there is none). */
export interface PriceGuideStats {
  count: number;
  min: number | null;
  max: number | null;
  p25: number | null;
  median: number | null;
  p75: number | null;
}

/**
 * What similar products sold for, in one statement: the products of the category sold to a named
 * member (`buyer_id` set) within the last `days` days whose name has a word matching `query` (an
 * `anyPrefixQuery`; the search vector, which holds the description's words too, narrows through its
 * index first), but `excludeId`, each at its listing price (a price agreed in an offer is the two
 * members' own). Listings a moderator holds or removed do not count. Nothing about who sold or
 * bought them is read.
 */
export async function priceGuideStats(
  db: Db,
  f: { category: ProductCategory; query: string; days: number; excludeId?: string },
): Promise<PriceGuideStats> {
  const price = products.price;
  const [row] = await queryRows<PriceGuideStats>(
    db,
    sql`select count(*)::int as count, min(${price}) as min, max(${price}) as max,
        percentile_cont(0.25) within group (order by ${price}) as p25,
        percentile_cont(0.5) within group (order by ${price}) as median,
        percentile_cont(0.75) within group (order by ${price}) as p75
      from ${products}
      where ${products.status} = 'sold' and ${products.buyerId} is not null
        and ${products.soldAt} >= now() - make_interval(days => ${f.days})
        and ${products.category} = ${f.category}
        and ${matchesQuery(products.searchVector, f.query)}
        and to_tsvector('simple', ${products.name}) @@ to_tsquery('simple', ${f.query})
        and ${visibleListing(products.moderation)}
        ${f.excludeId === undefined ? sql`` : sql`and ${products.id} <> ${f.excludeId}`}`,
  );
  return row ?? { count: 0, min: null, max: null, p25: null, median: null, p75: null };
}

/** Inserts a product with its images (in order) in one transaction; answers the new id. */
export const insertProduct = (db: Db, product: NewProduct, images: NewImage[]) =>
  db.transaction(async (tx) => {
    const [row] = await tx.insert(products).values(product).returning({ id: products.id });
    if (images.length)
      await tx
        .insert(productImages)
        .values(images.map((img, i) => ({ ...img, productId: row!.id, position: i })));
    return row!.id;
  });

export type EditOutcome =
  { ok: true; removed: ImageRow[] } | { ok: false; reason: 'not-found' | 'not-seller' };

/**
 * Applies an edit in one transaction, with the product row locked so concurrent edits queue:
 * checks the seller, lets `plan` pick the kept images from the current ones (it may throw), updates
 * the fields, drops the other images, renumbers the kept ones and appends the new ones.
 * Answers the removed image rows (their files are the caller's to delete after the commit).
 */
export const applyProductEdit = (
  db: Db,
  edit: {
    id: string;
    sellerId: string;
    patch: Partial<NewProduct>;
    plan: (current: ImageRow[]) => ImageRow[];
    added: NewImage[];
  },
): Promise<EditOutcome> =>
  db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ sellerId: products.sellerId })
      .from(products)
      .where(eq(products.id, edit.id))
      .for('update');
    if (!locked) return { ok: false, reason: 'not-found' };
    if (locked.sellerId !== edit.sellerId) return { ok: false, reason: 'not-seller' };
    const current = await tx
      .select()
      .from(productImages)
      .where(eq(productImages.productId, edit.id))
      .orderBy(asc(productImages.position));
    const kept = edit.plan(current);
    const keptIds = kept.map((k) => k.id);
    const removed = await tx
      .delete(productImages)
      .where(
        keptIds.length
          ? and(eq(productImages.productId, edit.id), notInArray(productImages.id, keptIds))
          : eq(productImages.productId, edit.id),
      )
      .returning();
    for (const [i, img] of kept.entries())
      if (img.position !== i)
        await tx.update(productImages).set({ position: i }).where(eq(productImages.id, img.id));
    if (edit.added.length)
      await tx
        .insert(productImages)
        .values(edit.added.map((img, i) => ({ ...img, productId: edit.id, position: kept.length + i })));
    await tx
      .update(products)
      // An edit gives the listing a new lifetime.
      .set({ ...edit.patch, updatedAt: new Date(), expiresAt: freshLifetime, expiryWarnedFor: null })
      .where(eq(products.id, edit.id));
    return { ok: true, removed };
  });

/**
 * Settling up's write as a product's sale changes (the settlements feature's `releaseSale`), run in
 * the transaction of the status change or deletion: its settlements held, refused while one its
 * buyer confirmed is not settled, a proposed one (not to `keepBuyerId`) voided. Answers the voided
 * ids, or 'settlementOpen'.
 */
export interface SaleRelease {
  releaseSale(tx: Tx, productId: string, keepBuyerId: string | null): Promise<string[] | 'settlementOpen'>;
}

/**
 * Sets the seller's product's status (and buyer): its status before, and the proposed sales it
 * voided; 'settlementOpen' when a confirmed sale is in the way; undefined when it is not theirs.
 */
export const setProductStatus = (
  db: Db,
  writes: SaleRelease,
  id: string,
  sellerId: string,
  status: ProductStatus,
  buyerId: string | null = null,
) =>
  db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: products.status })
      .from(products)
      .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
      .for('update');
    if (!before) return undefined;
    const voided = await writes.releaseSale(tx, id, status === 'sold' ? buyerId : null);
    if (voided === 'settlementOpen') return voided;
    await tx
      .update(products)
      .set({
        status,
        soldAt: status === 'sold' ? sql`coalesce(${products.soldAt}, now())` : null,
        buyerId: status === 'sold' ? buyerId : null,
        updatedAt: new Date(),
        // Available again: a new lifetime, as an edit gives.
        ...(status === 'available' && before.status !== 'available'
          ? { expiresAt: freshLifetime, expiryWarnedFor: null }
          : {}),
      })
      .where(eq(products.id, id));
    return { before: before.status, voided };
  });

/**
 * Deletes the seller's product: its image rows (for their files) and the proposed sales it voided;
 * 'settlementOpen' when a confirmed sale is in the way; undefined when it is not theirs.
 */
export const deleteProduct = (db: Db, writes: SaleRelease, id: string, sellerId: string) =>
  db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
      .for('update');
    if (!mine) return undefined;
    const voided = await writes.releaseSale(tx, id, null);
    if (voided === 'settlementOpen') return voided;
    const images = await tx.select().from(productImages).where(eq(productImages.productId, id));
    await tx.delete(products).where(eq(products.id, id));
    return { images, voided };
  });

/** Names of the products these sellers already list (the demo seed skips those). */
export const productNamesOf = async (db: Db, sellerIds: string[]) =>
  sellerIds.length
    ? (
        await db
          .select({ sellerId: products.sellerId, name: products.name })
          .from(products)
          .where(inArray(products.sellerId, sellerIds))
      ).map((r) => `${r.sellerId}:${r.name}`)
    : [];

/** Products by id with seller and images, in the order of `ids` (missing ones left out). */
export async function findProducts(db: Db, ids: string[]): Promise<ProductWithSeller[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ product: productColumns, seller: sellerColumns, sellerSuspended, soldPrice })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(inArray(products.id, ids));
  const images = await imagesOf(db, ids);
  const byId = new Map(rows.map((r) => [r.product.id, { ...r, images: images.get(r.product.id) ?? [] }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Saves a product for a user, unless they already have `max` saved; answers false when full. */
export const saveProduct = (db: Db, userId: string, productId: string, max: number) =>
  db.transaction(async (tx) => {
    // One user's saves queue, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved:' || ${userId}))`);
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedProducts)
      .where(eq(savedProducts.userId, userId));
    if ((n?.n ?? 0) >= max) {
      const [already] = await tx
        .select({ id: savedProducts.productId })
        .from(savedProducts)
        .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)));
      return already !== undefined;
    }
    await tx.insert(savedProducts).values({ userId, productId }).onConflictDoNothing();
    return true;
  });

export const unsaveProduct = async (db: Db, userId: string, productId: string) =>
  (
    await db
      .delete(savedProducts)
      .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)))
      .returning({ id: savedProducts.productId })
  ).length > 0;

/**
 * Who saved a product (to tell them of a price drop, a sale or a deletion), but those of whom either
 * blocks the seller or is blocked by them: no notice of the seller's reaches them.
 */
export const saversOf = async (db: Db, productId: string) =>
  (
    await db
      .select({ id: savedProducts.userId })
      .from(savedProducts)
      .innerJoin(products, eq(products.id, savedProducts.productId))
      .where(and(eq(savedProducts.productId, productId), notBlocked(savedProducts.userId, products.sellerId)))
  ).map((r) => r.id);

const savedOrder = listOrder(
  'saved',
  'desc',
  [savedProducts.createdAt, 'time'],
  [savedProducts.productId, 'uuid'],
);

/** One page of a user's saved product ids, newest save first (`limit + 1` rows). */
export const savedPage = (db: Db, userId: string, limit: number, cursor?: string) =>
  db
    .select({ id: savedProducts.productId, cursor: cursorOf(savedOrder) })
    .from(savedProducts)
    .innerJoin(products, eq(products.id, savedProducts.productId))
    .where(
      and(
        eq(savedProducts.userId, userId),
        visibleListing(products.moderation),
        notSuspended(products.sellerId),
        afterCursor(savedOrder, cursor),
      ),
    )
    .orderBy(...orderBy(savedOrder))
    .limit(limit + 1);

/**
 * Users the seller may name as the buyer: those who wrote to the seller about the product or made an
 * offer on it (a message from the seller alone makes nobody a candidate), but none of whom either
 * blocks the seller or is blocked by them, and no deleted account.
 */
export async function buyerCandidates(db: Db, productId: string, sellerId: string) {
  return queryRows<{ id: string; name: string; avatar: string | null }>(
    db,
    sql`
    select u.id, u.name, u.avatar from ${users} u
    where u.id in (
      select o.buyer_id from ${offers} o where o.product_id = ${productId}
      union select m.sender_id from ${messages} m where m.product_id = ${productId} and m.receiver_id = ${sellerId}
    ) and u.id <> ${sellerId} and u.deleted_at is null and ${notBlocked(sql`u.id`, sellerId)}
    order by u.name, u.id`,
  );
}

/**
 * The buyer whose offer on the product the seller accepted, and its amount (paise), if one is: at most one offer is accepted
 * at a time (accepting declines the rest; the product going back to available declines it).
 */
export async function acceptedOfferOf(db: Db, productId: string) {
  const [row] = await db
    .select({ buyerId: offers.buyerId, amount: offers.amount })
    .from(offers)
    .where(and(eq(offers.productId, productId), eq(offers.status, 'accepted')))
    .orderBy(desc(offers.decidedAt))
    .limit(1);
  return row ?? null;
}

/** Whether the seller may name this user as the product's buyer (see `buyerCandidates`; blocks aside). */
export async function isEngagedBuyer(db: Db, productId: string, sellerId: string, buyerId: string) {
  if (buyerId === sellerId) return false;
  const [row] = await queryRows<{ engaged: boolean }>(
    db,
    sql`select ${engagedBuyer(productId, sellerId, buyerId)} as engaged`,
  );
  return row?.engaged === true;
}

// ---- A member leaves (the account feature's deletion, in its transaction) ----

/** A product removed with its seller's account: what its removal must still tell and delete. */
export interface RemovedProduct {
  id: string;
  name: string;
  /** Who had saved it (read before the rows went). */
  savers: string[];
  /** Storage keys of its photos and thumbnails. */
  files: string[];
}

/** The member's products, gone with their photos' rows; what their removal must still tell. */
export async function deleteProductsOf(tx: Executor, sellerId: string): Promise<RemovedProduct[]> {
  const mine = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .for('update');
  if (mine.length === 0) return [];
  const ids = mine.map((p) => p.id);
  const images = await tx
    .select({ productId: productImages.productId, path: productImages.path, thumb: productImages.thumbPath })
    .from(productImages)
    .where(inArray(productImages.productId, ids));
  const savers = await tx
    .select({ productId: savedProducts.productId, userId: savedProducts.userId })
    .from(savedProducts)
    .where(inArray(savedProducts.productId, ids));
  await tx.delete(products).where(inArray(products.id, ids));
  return mine.map((p) => ({
    id: p.id,
    name: p.name,
    savers: savers.filter((s) => s.productId === p.id && s.userId !== sellerId).map((s) => s.userId),
    files: images.filter((i) => i.productId === p.id).flatMap((i) => [i.path, i.thumb]),
  }));
}

/** The products a leaving member saved. */
export const forgetSavedBy = async (tx: Executor, userId: string) => {
  await tx.delete(savedProducts).where(eq(savedProducts.userId, userId));
};

// ---- Moderation's decisions (in the moderator's transaction) ----

/** Sets a product's moderation state from one of `from`; answers its name when it changed. */
export const setModeration = async (
  tx: Executor,
  id: string,
  to: 'visible' | 'removed',
  from: ('visible' | 'held')[],
) =>
  (
    await tx
      .update(products)
      .set({ moderation: to })
      .where(and(eq(products.id, id), inArray(products.moderation, from)))
      .returning({ name: products.name })
  )[0]?.name;

/**
 * Holds a visible product while `enough` (the reports' rule) holds; answers its seller when this call
 * held it (once, however many reports race).
 */
export const holdIfVisible = async (tx: Executor, id: string, enough: SQL) =>
  (
    await tx
      .update(products)
      .set({ moderation: 'held' })
      .where(and(eq(products.id, id), eq(products.moderation, 'visible'), enough))
      .returning({ ownerId: products.sellerId })
  )[0];

/** An accepted offer reserves the product (the offers feature's accept, in its transaction). */
export const reserve = async (tx: Executor, productId: string, at: Date) => {
  await tx.update(products).set({ status: 'reserved', updatedAt: at }).where(eq(products.id, productId));
};

/**
 * The seller renews their product (not sold): thirty days from now, and a new warning before they
 * end. Answers whether a row changed (undefined: not theirs, or sold).
 */
export const renewProduct = async (db: Db, id: string, sellerId: string) =>
  (
    await db
      .update(products)
      .set({ expiresAt: freshLifetime, expiryWarnedFor: null })
      .where(and(eq(products.id, id), eq(products.sellerId, sellerId), notSold))
      .returning({ id: products.id })
  ).length > 0;

export type BumpOutcome =
  { ok: true } | { ok: false; reason: 'not-found' | 'not-available' | 'too-soon'; nextAt?: Date };

/**
 * Moves the seller's available product to the top of "Newest" (and renews it), at most once every
 * `PRODUCT_LIFETIME.bumpEveryHours`: one conditional update, so two bumps at once make one.
 */
export async function bumpProduct(db: Db, id: string, sellerId: string): Promise<BumpOutcome> {
  const since = sql`now() - make_interval(hours => ${PRODUCT_LIFETIME.bumpEveryHours})`;
  const [bumped] = await db
    .update(products)
    .set({ listedAt: sql`now()`, bumpedAt: sql`now()`, expiresAt: freshLifetime, expiryWarnedFor: null })
    .where(
      and(
        eq(products.id, id),
        eq(products.sellerId, sellerId),
        eq(products.status, 'available'),
        sql`(${products.bumpedAt} is null or ${products.bumpedAt} <= ${since})`,
      ),
    )
    .returning({ id: products.id });
  if (bumped) return { ok: true };
  const [row] = await db
    .select({ status: products.status, bumpedAt: products.bumpedAt })
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
    .limit(1);
  if (!row) return { ok: false, reason: 'not-found' };
  if (row.status !== 'available') return { ok: false, reason: 'not-available' };
  return {
    ok: false,
    reason: 'too-soon',
    nextAt: new Date(row.bumpedAt!.getTime() + PRODUCT_LIFETIME.bumpEveryHours * 3_600_000),
  };
}

/**
 * Claims up to `limit` listings that end within `PRODUCT_LIFETIME.warnDays` and whose seller was not
 * yet warned of this end (visible, not sold): each is claimed by exactly one sweep, whatever the
 * number of processes (a conditional update).
 */
export const claimExpiring = (db: Db, limit: number) =>
  queryRows<{ id: string; seller_id: string; name: string; expires_at: Date }>(
    db,
    sql`update ${products} p set expiry_warned_for = p.expires_at
      where p.id in (
        select id from ${products}
        where status <> 'sold' and moderation = 'visible'
          and expires_at > now() and expires_at <= now() + make_interval(days => ${PRODUCT_LIFETIME.warnDays})
          and expiry_warned_for is distinct from expires_at
        order by expires_at
        limit ${limit}
        for update skip locked)
      returning p.id, p.seller_id, p.name, p.expires_at`,
  );
