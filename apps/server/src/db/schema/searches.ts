import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductSearchFilters, RequestSearchFilters, SavedSearchKind } from '@campusrun/shared';
import { users } from './users';

/**
 * A member's saved search: what they look for in the marketplace or (day scholars) among requests
 * to deliver, told when a new post matches. `filters` is the search as the list takes it; the
 * columns after it are what matching reads, derived from it when it is saved.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SavedSearchKind>().notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<ProductSearchFilters | RequestSearchFilters>().notNull(),
    /** The words as a prefix text-search query (`cycl:* & lady:*`), as the lists build it. */
    matchQuery: text('match_query'),
    category: text('category'),
    condition: text('condition'),
    /** The price (products) or fee (requests) bounds, in paise. */
    minAmount: integer('min_amount'),
    maxAmount: integer('max_amount'),
    /** ILIKE patterns the request's delivery location and pickup place must match. */
    locationPattern: text('location_pattern'),
    pickupPattern: text('pickup_pattern'),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_matching_idx')
      .on(t.kind, t.category)
      .where(sql`not ${t.paused}`),
    check('saved_searches_kind', sql`${t.kind} in ('products', 'requests')`),
  ],
);

/** A post that matched a saved search: once per post and search (the alert is sent once). */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    /** The product or request (by the search's kind); no foreign key: a post may go, its hit stays counted. */
    itemId: uuid('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.itemId] }),
    index('saved_search_hits_new_idx').on(t.searchId, t.createdAt),
  ],
);
