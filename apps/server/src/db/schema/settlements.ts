import { sql } from 'drizzle-orm';
import {
  check,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  DISPUTE_STATES,
  PAYMENT_METHODS,
  SETTLEMENT_KINDS,
  SETTLEMENT_STATES,
} from '@campusrun/shared';
import { products } from './products';
import { requests } from './requests';
import { users } from './users';

export const settlementKindEnum = pgEnum('settlement_kind', SETTLEMENT_KINDS);
export const settlementStateEnum = pgEnum('settlement_state', SETTLEMENT_STATES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const disputeReasonEnum = pgEnum('dispute_reason', DISPUTE_REASONS);
export const disputeOutcomeEnum = pgEnum('dispute_outcome', DISPUTE_OUTCOMES);
export const disputeStatusEnum = pgEnum('dispute_status', DISPUTE_STATES);

/**
 * Who owes whom after a completed request (the requester owes the deliverer the fee and the item
 * cost) or a sale to a named buyer (the buyer owes the seller). Its parties and amount are fixed when
 * it opens. One per request; one live (neither void nor settled) per product. Its state moves by
 * conditional updates: (a sale: proposed → open, or void) open → paid → settled, or disputed while a
 * dispute is open.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: settlementKindEnum('kind').notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    /** The product sold; null once the seller deleted it (the title stays). */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The request's item name or the product's name when the settlement opened. */
    title: text('title').notNull(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Integer paise: what is owed now. */
    amount: integer('amount').notNull(),
    /** Integer paise: what was owed when it opened (plus an accepted receipt); a split halves this. */
    originalAmount: integer('original_amount').notNull(),
    /**
     * Integer paise: the payer's own tip on top of what is owed (a request's settlement only); added
     * while open or paid, never changed once settled. Not part of `amount`: no reminder, dispute or
     * reliability record counts it.
     */
    tip: integer('tip').notNull().default(0),
    /**
     * Integer paise: the tip as it was when the payer marked it paid, which that payment covered.
     * While paid, the tip never goes below it, and what is above it is still to pay (the payee's
     * Received covers it too). Like `tip`, counted by no reminder, dispute or reliability record.
     */
    tipPaid: integer('tip_paid').notNull().default(0),
    /** Integer paise: the deliverer's receipt above the requester's estimate, waiting for the requester. */
    extraClaim: integer('extra_claim'),
    state: settlementStateEnum('state').notNull().default('open'),
    method: paymentMethodEnum('method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the payer's debt began: at opening for a request, when the buyer confirmed for a sale. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When it was called off (state void). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** Marked paid, never answered by the payee, settled by itself. */
    settledAutomatically: boolean('settled_automatically').notNull().default(false),
    /**
     * When the payer was last reminded: by the day's reminder (once, a day after it opened, if still
     * open and the payee had not reminded them), or by the payee's Remind (at most once a day).
     */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the payee was reminded of a payment they have not answered (once, a day after it). */
    payeeRemindedAt: timestamp('payee_reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('settlements_request_idx')
      .on(t.requestId)
      .where(sql`${t.requestId} is not null`),
    // Columns, not states: a migration cannot use an enum value it adds (PostgreSQL 15).
    uniqueIndex('settlements_product_live_idx')
      .on(t.productId)
      .where(sql`${t.productId} is not null and ${t.voidedAt} is null and ${t.settledAt} is null`),
    index('settlements_payer_idx').on(t.payerId, t.state, t.createdAt),
    index('settlements_payee_idx').on(t.payeeId, t.state, t.createdAt),
    index('settlements_reminder_idx')
      .on(t.confirmedAt)
      .where(sql`${t.state} = 'open' and ${t.remindedAt} is null`),
    check('settlements_amount_nonnegative', sql`${t.amount} >= 0`),
    check('settlements_tip_range', sql`${t.tip} >= 0 and ${t.tip} <= 50000`),
    check('settlements_two_parties', sql`${t.payerId} <> ${t.payeeId}`),
  ],
);

/**
 * A dispute about a completed request or a sale, opened by either party; a moderator decides it, or
 * the one who opened it withdraws it. At most one open per request or sale, and one per party per
 * settlement. Each side has a statement with up to 3 photos: the opener's `details` and `photos`,
 * the other party's `reply` and `reply_photos`.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: settlementKindEnum('target_type').notNull(),
    /** The request's id, or the product's for a sale. */
    targetId: uuid('target_id').notNull(),
    settlementId: uuid('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: disputeReasonEnum('reason').notNull(),
    details: text('details').notNull(),
    /** Storage keys of the opener's photos (full size; the thumbnail is `<key>_thumb.webp`), in order. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The other party's side, once given; changed while the dispute is open. */
    reply: text('reply'),
    replyPhotos: text('reply_photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the other party last wrote their side. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The settlement's state when the dispute opened: where a withdrawal puts it back. */
    stateBefore: settlementStateEnum('state_before'),
    status: disputeStatusEnum('status').notNull().default('open'),
    outcome: disputeOutcomeEnum('outcome'),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('disputes_one_open_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('disputes_status_created_idx').on(t.status, t.createdAt, t.id),
    index('disputes_settlement_idx').on(t.settlementId),
    uniqueIndex('disputes_one_per_party_idx')
      .on(t.settlementId, t.openedBy)
      .where(sql`${t.settlementId} is not null`),
  ],
);
