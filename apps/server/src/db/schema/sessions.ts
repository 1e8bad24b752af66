import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A signed-in device: every sign-in creates one, and its id travels in the bearer token (`sid`).
 * Ending a session deletes its row. A row counts only while its token version is the user's (a
 * password change, reset or suspension retires every other one), its token has not expired and it
 * has been used within the idle limit; dead rows are swept when the user next signs in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's token version when the session's token was issued. */
    tokenVersion: integer('token_version').notNull(),
    /** The browser's User-Agent at sign-in, trimmed (at most 300 characters); '' when none was sent. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most every few minutes while the session is used. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the session's token expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId, t.lastSeenAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
