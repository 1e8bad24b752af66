import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS, PRODUCT_STATUSES } from '@campusrun/shared';
import { listingModerationEnum } from './requests';
import { users } from './users';

export const productCategoryEnum = pgEnum('product_category', PRODUCT_CATEGORIES);
export const productConditionEnum = pgEnum('product_condition', PRODUCT_CONDITIONS);
export const productStatusEnum = pgEnum('product_status', PRODUCT_STATUSES);

/** PostgreSQL's full-text document type (read only through sql``; never selected as a value). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Integer paise. */
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull().default(1),
    category: productCategoryEnum('category').notNull().default('other'),
    condition: productConditionEnum('condition').notNull().default('good'),
    isNegotiable: boolean('is_negotiable').notNull().default(false),
    status: productStatusEnum('status').notNull().default('available'),
    moderation: listingModerationEnum('moderation').notNull().default('visible'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where it stands in "Newest": when it was listed, or last bumped. */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the seller last bumped it (once every 72 hours); null: never. */
    bumpedAt: timestamp('bumped_at', { withTimezone: true }),
    /** Thirty days after it was listed, edited, renewed or bumped; past it, it leaves every list. */
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    /** The `expiresAt` the seller was last warned of (three days before); null: not yet. */
    expiryWarnedFor: timestamp('expiry_warned_for', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** Whom the seller said they sold it to (they may say "someone else": null). */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Words of the name and description ('simple' config: no stemming, any language), for search. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`to_tsvector('simple'::regconfig, ${products.name} || ' ' || ${products.description})`,
      ),
  },
  (t) => [
    index('products_status_created_idx').on(t.status, t.createdAt),
    index('products_seller_idx').on(t.sellerId, t.createdAt),
    // The marketplace's default lists (sold items hidden), newest first or by price, with keyset cursors.
    index('products_listed_recent_idx')
      .on(t.listedAt, t.id)
      .where(sql`status <> 'sold'`),
    index('products_listed_price_idx')
      .on(t.price, t.id)
      .where(sql`status <> 'sold'`),
    // The same within one category (the marketplace's category filter).
    index('products_listed_category_recent_idx')
      .on(t.category, t.listedAt, t.id)
      .where(sql`status <> 'sold'`),
    index('products_listed_category_price_idx')
      .on(t.category, t.price, t.id)
      .where(sql`status <> 'sold'`),
    // Word-prefix search; fastupdate off so new rows are searchable through the index at once
    // (no pending list waiting for (auto)vacuum to merge it).
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // Warning sellers of listings about to expire (the sweep).
    index('products_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status <> 'sold'`),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Storage key of the full-size WebP. */
    path: text('path').notNull(),
    /** Storage key of the 400 px thumbnail. */
    thumbPath: text('thumb_path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);
