import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OFFER_STATUSES } from '@campusrun/shared';
import { products } from './products';
import { users } from './users';

export const offerStatusEnum = pgEnum('offer_status', OFFER_STATUSES);

/** A buyer's price offer on a product. At most one pending per buyer and product, one accepted per product. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Integer paise. */
    amount: integer('amount').notNull(),
    status: offerStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('offers_product_idx').on(t.productId, t.createdAt),
    uniqueIndex('offers_one_pending_idx')
      .on(t.productId, t.buyerId)
      .where(sql`status = 'pending'`),
    uniqueIndex('offers_one_accepted_idx')
      .on(t.productId)
      .where(sql`status = 'accepted'`),
    check('offers_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A user's saved (watched) products. */
export const savedProducts = pgTable(
  'saved_products',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('saved_products_product_idx').on(t.productId),
    index('saved_products_user_created_idx').on(t.userId, t.createdAt),
  ],
);
