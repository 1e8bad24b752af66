import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS, PRODUCT_STATUSES } from '@campusrun/shared';
import { users } from './users';

export const productCategoryEnum = pgEnum('product_category', PRODUCT_CATEGORIES);
export const productConditionEnum = pgEnum('product_condition', PRODUCT_CONDITIONS);
export const productStatusEnum = pgEnum('product_status', PRODUCT_STATUSES);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
  },
  (t) => [
    index('products_status_created_idx').on(t.status, t.createdAt),
    index('products_seller_idx').on(t.sellerId, t.createdAt),
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
