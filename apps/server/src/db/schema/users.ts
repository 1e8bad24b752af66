import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  ROLES,
  type EmailPreferences,
  type PushPreferences,
} from '@campusrun/shared';

export const roleEnum = pgEnum('user_role', ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Always stored trimmed and lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: roleEnum('role'),
    avatar: text('avatar'),
    phoneNumber: text('phone_number'),
    hostelBlock: text('hostel_block'),
    roomNumber: text('room_number'),
    isVerified: boolean('is_verified').notNull().default(false),
    isProfileComplete: boolean('is_profile_complete').notNull().default(true),
    googleSub: text('google_sub'),
    /** Raised on password change or reset; tokens carrying an older value are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Campus moderator: reviews reports. A flag beside the role, not a role. */
    /** Which kinds of Web Push they want (all on unless turned off in Profile). */
    pushPreferences: jsonb('push_preferences')
      .$type<PushPreferences>()
      .notNull()
      .default(DEFAULT_PUSH_PREFERENCES),
    /** Which e-mails they get while away (all on unless turned off). */
    emailPreferences: jsonb('email_preferences')
      .$type<EmailPreferences>()
      .notNull()
      .default(DEFAULT_EMAIL_PREFERENCES),
    /** Deliveries this user accepted and then gave up (the profile's cancellation rate). */
    deliveriesGivenUp: integer('deliveries_given_up').notNull().default(0),
    isModerator: boolean('is_moderator').notNull().default(false),
    /** Their UPI ID (name@bank), shown only to the other party of their settlements. */
    upiId: text('upi_id'),
    /** Set while the account is suspended; with `suspendedUntil` null the suspension lasts until lifted. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /**
     * Set when the member deleted their account: the row stays for the records of others (messages,
     * ratings, settlements) with the name "Deleted user" and every personal field erased.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
  ],
);

/**
 * A sign-up waiting for its e-mail code. Each registration keeps the details its author submitted and
 * its own code, so verifying a code activates exactly what that registration asked for, never what
 * someone else registered for the same address. Ids are handed to the client as `userId`.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored trimmed and lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: roleEnum('role').notNull(),
    phoneNumber: text('phone_number').notNull(),
    hostelBlock: text('hostel_block'),
    roomNumber: text('room_number'),
    /** Keyed hash of the live code; null until a code was mailed. */
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /**
     * Hash of the sign-up ticket, a secret answered only to the browser that submitted the sign-up:
     * verifying the code together with it signs that browser in. Null for sign-ups made before.
     */
    ticketHash: text('ticket_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_registrations_email_idx').on(t.email, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash)],
);
