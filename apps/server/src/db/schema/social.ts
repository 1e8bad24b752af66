import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALL_RATING_TYPES, NOTIFICATION_TYPES } from '@campusrun/shared';
import { offers } from './market';
import { products } from './products';
import { requests } from './requests';
import { users } from './users';
import { wantedPosts } from './wanted';
import { lostFoundPosts } from './lost-found';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Client-generated id so a resend is never stored twice. */
    clientId: text('client_id'),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The product the thread was opened from, on the first message that mentions it. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** An offer message: the card shows this offer's amount and current status. */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** An answer to a wanted post ("I have one"): the card shows the wanted post. */
    wantedPostId: uuid('wanted_post_id').references(() => wantedPosts.id, { onDelete: 'set null' }),
    /** The finder's message on an accepted lost and found claim: the card shows the post. */
    lostFoundPostId: uuid('lost_found_post_id').references(() => lostFoundPosts.id, { onDelete: 'set null' }),
    /** A photo message: storage key of the re-encoded WebP. */
    imagePath: text('image_path'),
    isRead: boolean('is_read').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
    index('messages_pair_idx').on(t.senderId, t.receiverId, t.sentAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.isRead),
  ],
);

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    message: text('message').notNull(),
    /** requestId, senderId or productId depending on type. */
    data: jsonb('data')
      .$type<{
        requestId?: string;
        senderId?: string;
        productId?: string;
        tripId?: string;
        settlementId?: string;
        savedSearchId?: string;
        searchKind?: 'products' | 'requests';
        wantedPostId?: string;
        lostFoundPostId?: string;
      }>()
      .notNull()
      .default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A member's list, newest first, and its keyset (created_at, id).
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The unread count of every list page: only the unread few, not a member's whole history.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
  ],
);

export const ratingTypeEnum = pgEnum('rating_type', ALL_RATING_TYPES);

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The delivery rated, or (sale ratings) the product sold: exactly one of the two. */
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The rated user. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    ratingType: ratingTypeEnum('rating_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ratings_request_type_idx').on(t.requestId, t.ratingType),
    uniqueIndex('ratings_product_type_idx').on(t.productId, t.ratingType),
    index('ratings_user_idx').on(t.userId),
    check('ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** `followerId` follows the seller `sellerId`: told of their new listings. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.sellerId] }),
    index('follows_seller_idx').on(t.sellerId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.sellerId}`),
  ],
);
