import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REQUEST_CATEGORIES, REQUEST_STATUSES } from '@campusrun/shared';
import { users } from './users';

export const requestStatusEnum = pgEnum('request_status', REQUEST_STATUSES);
export const requestCategoryEnum = pgEnum('request_category', REQUEST_CATEGORIES);

export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short sequential number for display. */
    number: integer('number').generatedAlwaysAsIdentity().notNull().unique(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delivererId: uuid('deliverer_id').references(() => users.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    /** Integer paise. */
    expectedPrice: integer('expected_price').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    deliveryLocation: text('delivery_location').notNull(),
    isUrgent: boolean('is_urgent').notNull().default(false),
    category: requestCategoryEnum('category').notNull().default('other'),
    status: requestStatusEnum('status').notNull().default('pending'),
    deliveryNotes: text('delivery_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    deliveryTime: timestamp('delivery_time', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requests_requester_created_idx').on(t.requesterId, t.createdAt),
    index('requests_deliverer_status_idx').on(t.delivererId, t.status),
    index('requests_available_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('requests_quantity_positive', sql`${t.quantity} >= 1`),
    check('requests_price_positive', sql`${t.expectedPrice} >= 100`),
  ],
);
