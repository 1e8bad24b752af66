import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
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

export class DataDirLockedError extends Error {}

/** Only one process may open a PGlite directory: a lock file holding the owner's pid. */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'campusrun.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The database in ${dir} is already in use by another CampusRun process (pid ${owner}). ` +
            'Stop that process, or set DATA_DIR (or DATABASE_URL) to run a second one.',
        );
      }
      unlinkSync(lockFile); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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

/** Wraps an open PGlite instance (in memory or on disk) and runs the migrations. */
export async function openPglite(client: PGlite, onClose?: () => void): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  if (!(await isUpToDate((sql) => client.query(sql))))
    await migratePglite(db, { migrationsFolder: migrationsDir() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async close() {
      await client.close();
      onClose?.();
    },
  };
}

/** PGlite in DATA_DIR/db, created atomically on first boot so an interrupted start leaves nothing broken. */
export async function openPgliteDir(dataDir: string): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  try {
    const dbDir = path.join(dataDir, 'db');
    if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
      const tmp = path.join(dataDir, 'db.creating');
      rmSync(tmp, { recursive: true, force: true });
      const fresh = await PGlite.create({ dataDir: tmp });
      await fresh.close();
      rmSync(dbDir, { recursive: true, force: true });
      renameSync(tmp, dbDir);
    }
    const client = await PGlite.create({ dataDir: dbDir });
    return await openPglite(client, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

/** PostgreSQL through a pool; migrations run under an advisory lock so several processes can start at once. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(724242)');
    if (!(await isUpToDate((sql) => conn.query(sql))))
      await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: migrationsDir() });
    await conn.query('select pg_advisory_unlock(724242)');
  } finally {
    conn.release();
  }
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPgliteDir(opts.dataDir);
}
