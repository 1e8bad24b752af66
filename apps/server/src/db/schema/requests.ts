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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LISTING_MODERATION, REQUEST_CATEGORIES, REQUEST_STATUSES } from '@campusrun/shared';
import { runs, trips } from './logistics';
import { users } from './users';

export const requestStatusEnum = pgEnum('request_status', REQUEST_STATUSES);
export const requestCategoryEnum = pgEnum('request_category', REQUEST_CATEGORIES);
/** Shared by requests and products: lists show only 'visible' rows. */
export const listingModerationEnum = pgEnum('listing_moderation', LISTING_MODERATION);

/** PostgreSQL's full-text document type (read only through sql``; never selected as a value). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** Integer paise: the delivery fee, what the deliverer earns. */
    expectedPrice: integer('expected_price').notNull(),
    /** Integer paise: the estimated cost of the goods, paid back to the deliverer (never earnings). */
    itemCost: integer('item_cost'),
    /** Integer paise: what the receipt said, given by the deliverer on completing. */
    actualItemCost: integer('actual_item_cost'),
    /** Where the items are bought ("Katpadi market"). */
    pickupFrom: text('pickup_from'),
    /** The day scholar's trip this request rides on (attached by its requester); null otherwise. */
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    /** The shared run this request is a part of; null otherwise. */
    runId: uuid('run_id').references(() => runs.id, { onDelete: 'set null' }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    deliveryLocation: text('delivery_location').notNull(),
    isUrgent: boolean('is_urgent').notNull().default(false),
    category: requestCategoryEnum('category').notNull().default('other'),
    status: requestStatusEnum('status').notNull().default('pending'),
    deliveryNotes: text('delivery_notes'),
    /** The requester asked for a handover code; the deliverer must type it to complete. */
    handoverRequired: boolean('handover_required').notNull().default(false),
    /** Keyed hash of the code, set on accept; the code is checked against it. */
    handoverCodeHash: text('handover_code_hash'),
    /** The code encrypted with the server's key, so only the requester's view can show it again. */
    handoverCodeSealed: text('handover_code_sealed'),
    /**
     * Handover codes typed for this request over its whole life: kept across give-ups and new
     * accepts, so the codes of later deliveries are not a fresh set of tries.
     */
    handoverAttempts: integer('handover_attempts').notNull().default(0),
    /** Day scholars who gave this delivery up, once per give-up (the same id twice bars them from it). */
    givenUpBy: uuid('given_up_by')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    moderation: listingModerationEnum('moderation').notNull().default('visible'),
    /**
     * The requester's own id for this post (a phone that posted it offline sends it): the same post
     * sent again is the same request, never a second one.
     */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * When its deliverer last acted on the accepted request: marked it picked up, typed a handover
     * code or completed it. Only then may its requester confirm receipt; cleared when it goes back to
     * pending.
     */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    /** When its deliverer last said they are on the way (with an estimate); null before. */
    onTheWayAt: timestamp('on_the_way_at', { withTimezone: true }),
    /** When its deliverer expects to arrive, as of their last "on my way"; null before. */
    arrivalEta: timestamp('arrival_eta', { withTimezone: true }),
    deliveryTime: timestamp('delivery_time', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the item name and description ('simple' config: no stemming, any language). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${requests.itemName} || ' ' || ${requests.description})`,
      ),
  },
  (t) => [
    // Keyset pagination: every list orders by (…, created_at, id).
    index('requests_requester_created_id_idx').on(t.requesterId, t.createdAt, t.id),
    index('requests_deliverer_created_id_idx').on(t.delivererId, t.createdAt, t.id),
    index('requests_deliverer_status_idx').on(t.delivererId, t.status),
    uniqueIndex('requests_client_idx')
      .on(t.requesterId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('requests_trip_idx')
      .on(t.tripId)
      .where(sql`${t.tripId} is not null`),
    index('requests_run_idx')
      .on(t.runId)
      .where(sql`${t.runId} is not null`),
    // The available list (status pending) by date, by fee, and by words.
    index('requests_pending_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('requests_pending_price_idx')
      .on(t.expectedPrice, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // fastupdate off: no pending list waiting for (auto)vacuum to merge it, so the planner keeps
    // choosing this index right after inserts.
    index('requests_pending_search_idx')
      .using('gin', t.searchVector)
      .with({ fastupdate: false })
      .where(sql`${t.status} = 'pending'`),
    check('requests_quantity_positive', sql`${t.quantity} >= 1`),
    check('requests_price_positive', sql`${t.expectedPrice} >= 100`),
    check('requests_item_cost_positive', sql`${t.itemCost} >= 100`),
    check('requests_actual_item_cost_positive', sql`${t.actualItemCost} >= 100`),
    check('requests_eta_pair', sql`(${t.onTheWayAt} is null) = (${t.arrivalEta} is null)`),
  ],
);
