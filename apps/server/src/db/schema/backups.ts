import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The scheduled backups every process sharing the database knows of. A process claims a due backup
 * by inserting a 'running' row (at most one may exist: the partial unique index), keeps its
 * heartbeat fresh while it works, and ends it 'ok' or 'failed'. A 'running' row whose heartbeat has
 * stopped belongs to a process that died; the next claim marks it failed. Not itself backed up: it
 * describes the backups of one deployment, not the campus's data.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['running', 'ok', 'failed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The backup's folder (DIR/<UTC timestamp>) once written. */
    folder: text('folder'),
    /** Bytes of every file in the backup. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Which process ran it (host name and pid), for the operator reading the table. */
    runner: text('runner').notNull(),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('backup_runs_one_running')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    index('backup_runs_started_idx').on(t.status, t.startedAt),
  ],
);
