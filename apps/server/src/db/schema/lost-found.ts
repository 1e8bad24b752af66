import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LostFoundClaimStatus, LostFoundKind } from '@campusrun/shared';
import { productCategoryEnum } from './products';
import { listingModerationEnum } from './requests';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A member's lost or found thing: open for 30 days from posting or renewal, until resolved (returned
 * to its owner). A found post holds a question only the owner can answer and the answer the finder
 * expects, which never leaves the server but to the finder.
 */
export const lostFoundPosts = pgTable(
  'lost_found_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LostFoundKind>().notNull(),
    title: text('title').notNull(),
    category: productCategoryEnum('category').notNull(),
    /** A campus place, free text. */
    place: text('place').notNull(),
    /** When it was lost or found. */
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    details: text('details'),
    question: text('question'),
    answer: text('answer'),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Held after reports, removed by a moderator (as products are). */
    moderation: listingModerationEnum('moderation').notNull().default('visible'),
    /** Up to 3 photos' storage keys (under lost-found/): the full size and its small copy. */
    photos: jsonb('photos').$type<{ path: string; thumbPath: string }[]>().notNull().default([]),
    /** The title's words as an any-word prefix text-search query, for matching lost and found posts. */
    matchQuery: text('match_query'),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the title and details ('simple' config), for the list's search and matching. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${lostFoundPosts.title} || ' ' || coalesce(${lostFoundPosts.details}, ''))`,
      ),
  },
  (t) => [
    index('lost_found_posts_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'open'`),
    index('lost_found_posts_matching_idx')
      .on(t.kind, t.category, t.createdAt)
      .where(sql`status = 'open'`),
    index('lost_found_posts_user_idx').on(t.userId, t.createdAt),
    index('lost_found_posts_search_idx').using('gin', t.searchVector),
    check('lost_found_posts_kind', sql`${t.kind} in ('lost', 'found')`),
    check('lost_found_posts_status', sql`${t.status} in ('open', 'resolved')`),
    check(
      'lost_found_posts_found_question',
      sql`(${t.kind} = 'found') = (${t.question} is not null and ${t.answer} is not null)`,
    ),
  ],
);

/** "That's mine": a member's answer to a found post's question. One per member and post. */
export const lostFoundClaims = pgTable(
  'lost_found_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => lostFoundPosts.id, { onDelete: 'cascade' }),
    claimantId: uuid('claimant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    status: text('status').$type<LostFoundClaimStatus>().notNull().default('open'),
    /** Held after reports, removed by a moderator. */
    moderation: listingModerationEnum('moderation').notNull().default('visible'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lost_found_claims_once').on(t.postId, t.claimantId),
    index('lost_found_claims_claimant_idx')
      .on(t.claimantId)
      .where(sql`status = 'open'`),
    check('lost_found_claims_status', sql`${t.status} in ('open', 'accepted', 'withdrawn', 'closed')`),
  ],
);

/** A lost post and a found post whose lost poster was told of the match: never twice. */
export const lostFoundMatches = pgTable(
  'lost_found_matches',
  {
    lostId: uuid('lost_id')
      .notNull()
      .references(() => lostFoundPosts.id, { onDelete: 'cascade' }),
    foundId: uuid('found_id')
      .notNull()
      .references(() => lostFoundPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lostId, t.foundId] })],
);
