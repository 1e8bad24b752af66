import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RUN_STATUSES, TRIP_STATUSES } from '@campusrun/shared';
import { users } from './users';

export const tripStatusEnum = pgEnum('trip_status', TRIP_STATUSES);
export const runStatusEnum = pgEnum('run_status', RUN_STATUSES);

/**
 * A day scholar's announced trip to campus ("I'm coming from Katpadi at 9:00"). Hostellers attach
 * their pending requests until the cutoff; each attached request is accepted by the runner at once
 * (requests.trip_id names the trip). Whether the cutoff has passed is read from `cutoff_at`; the
 * stored status only says whether the runner cancelled it.
 */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runnerId: uuid('runner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the runner comes from ("Katpadi"). */
    from: text('from').notNull(),
    arriveAt: timestamp('arrive_at', { withTimezone: true }).notNull(),
    /** Requests attach until then; before `arrive_at`. */
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }).notNull(),
    /** How many requests the trip takes (1–10). */
    capacity: integer('capacity').notNull(),
    note: text('note'),
    status: tripStatusEnum('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('trips_open_cutoff_idx')
      .on(t.cutoffAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('trips_runner_idx').on(t.runnerId, t.createdAt),
    check('trips_capacity_range', sql`${t.capacity} between 1 and 10`),
    check('trips_cutoff_before_arrival', sql`${t.cutoffAt} < ${t.arriveAt}`),
  ],
);

/**
 * A shared run: several hostellers' requests from one place, delivered by one day scholar, the fee
 * split between them. Each participant's request is an ordinary request with `run_id` set and its
 * share as the fee; a day scholar accepts the whole run at once.
 */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    starterId: uuid('starter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delivererId: uuid('deliverer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the items are bought ("Katpadi market"). */
    pickupFrom: text('pickup_from').notNull(),
    /** Hostellers join until then. */
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }).notNull(),
    /** Every request of the run has this deadline. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** Integer paise: the whole fee, split equally between the participants' requests. */
    totalFee: integer('total_fee').notNull(),
    status: runStatusEnum('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('runs_open_cutoff_idx')
      .on(t.cutoffAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('runs_deliverer_idx').on(t.delivererId, t.status),
    check('runs_total_fee_positive', sql`${t.totalFee} >= 100`),
    check('runs_cutoff_before_deadline', sql`${t.cutoffAt} <= ${t.deadline}`),
  ],
);
