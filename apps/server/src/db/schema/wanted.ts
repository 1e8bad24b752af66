import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { productCategoryEnum, products } from './products';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A member's "Wanted: …, up to ₹…": open for 14 days from posting or renewal, until closed. */
export const wantedPosts = pgTable(
  'wanted_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    details: text('details'),
    category: productCategoryEnum('category').notNull(),
    /** The most the poster would pay, in paise. */
    maxPrice: integer('max_price').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    /** The title's words as a prefix text-search query, which a new product's words must all hold. */
    matchQuery: text('match_query'),
    /** The optional photo's storage keys (under wanted/), full size and small copy; both or neither. */
    photoPath: text('photo_path'),
    photoThumbPath: text('photo_thumb_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '14 days'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the title and details ('simple' config), for the list's search. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${wantedPosts.title} || ' ' || coalesce(${wantedPosts.details}, ''))`,
      ),
  },
  (t) => [
    index('wanted_posts_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'open'`),
    index('wanted_posts_matching_idx')
      .on(t.category, t.expiresAt)
      .where(sql`status = 'open'`),
    index('wanted_posts_user_idx').on(t.userId, t.createdAt),
    index('wanted_posts_search_idx').using('gin', t.searchVector),
    check('wanted_posts_status', sql`${t.status} in ('open', 'closed')`),
    check('wanted_posts_price_positive', sql`${t.maxPrice} > 0`),
    check('wanted_posts_photo_pair', sql`(${t.photoPath} is null) = (${t.photoThumbPath} is null)`),
  ],
);

/** A product that matched a wanted post: its poster is told once per product. */
export const wantedHits = pgTable(
  'wanted_hits',
  {
    wantedId: uuid('wanted_id')
      .notNull()
      .references(() => wantedPosts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.wantedId, t.productId] })],
);
