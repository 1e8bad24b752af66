import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded';
import * as schema from './schema';
import { TracedClient } from './traced-client';

export { DataDirLockedError, EmbeddedPostgresError } from './embedded';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Where a statement runs: the database, or the transaction of the caller. A table's owner takes one,
 * so another feature's transaction can include the owner's write and stay atomic.
 */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /** `embedded`: the server's own PostgreSQL in DATA_DIR/pg; `postgres`: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** The connection string (a backup opens a connection of its own for its snapshot). */
  url: string;
  /** The connection pool's counts and its size (metrics). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount' | 'options'>;
  /** Plain SQL through the same pool, for a library that writes its own (the job queue). */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while this process holds the advisory lock `key`, taken on a connection of its own
   * and outside any transaction (so a long `work` keeps no snapshot open); answers undefined, without
   * running it, when another connection holds the lock.
   */
  whileLocked<T>(key: number, work: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

/** The drizzle/ folder of generated SQL migrations, found from this file in src/ or dist/. */
export function migrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

/** The `when` of the newest migration in drizzle/meta/_journal.json (drizzle records it as created_at). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** True when the database already has the newest migration, so start-up can skip the migrator. */
async function isUpToDate(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  try {
    const { rows } = await query('select max(created_at)::text as latest from drizzle.__drizzle_migrations');
    const latest = Number((rows[0] as { latest: string | null } | undefined)?.latest);
    return latest >= latestMigrationMillis();
  } catch {
    return false; // no migrations table yet
  }
}

/**
 * PostgreSQL through a pool; migrations run under an advisory lock so several processes can start at once.
 * A request that waits longer than `connectTimeoutMs` for a connection (a database that does not
 * answer, or a pool that stays full) fails, and is answered 503 rather than left hanging.
 */
export async function openPostgres(url: string, poolSize = 10, connectTimeoutMs = 10_000): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // Each query a span while tracing is on (lib/tracing.ts).
    Client: TracedClient,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // An idle connection the server dropped (restart) leaves the pool and the next query opens a new
  // one; a query that fails meanwhile reports its own error. Unheard, this event would end the process.
  pool.on('error', () => {});
  const conn = await pool.connect().catch(async (err: unknown) => {
    await pool.end();
    throw err;
  });
  try {
    await conn.query('select pg_advisory_lock(724242)');
    if (!(await isUpToDate((sql) => conn.query(sql))))
      await migrate(drizzle({ client: conn, schema }), { migrationsFolder: migrationsDir() });
    await conn.query('select pg_advisory_unlock(724242)');
  } catch (err) {
    conn.release();
    await pool.end();
    throw err;
  }
  conn.release();
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    url,
    pool,
    // No values: the simple protocol, which also runs several statements at once.
    query: (text, values) => (values?.length ? pool.query(text, values) : pool.query(text)),
    async whileLocked(key, work) {
      const conn = await pool.connect();
      // A connection that failed to lock or unlock is closed rather than returned to the pool.
      let healthy = true;
      const failed = (err: unknown) => {
        healthy = false;
        throw err;
      };
      try {
        const { rows } = await conn
          .query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key])
          .catch(failed);
        if (!rows[0]?.locked) return undefined;
        try {
          return await work();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]).catch(() => (healthy = false));
        }
      } finally {
        conn.release(!healthy);
      }
    },
    close: () => pool.end(),
  };
}

/** DATABASE_URL, or else the embedded PostgreSQL server in DATA_DIR (started here, stopped by close()). */
export async function openDatabase(
  opts: { databaseUrl?: string; dataDir: string },
  embedded: EmbeddedPostgresOptions = {},
): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const server = await startEmbeddedPostgres(opts.dataDir, embedded);
  try {
    const database = await openPostgres(server.url);
    return {
      ...database,
      kind: 'embedded',
      async close() {
        await database.close();
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}
