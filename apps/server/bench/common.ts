/** What the bench scripts share: the server's configuration, its data directory and a throwaway PostgreSQL database. */
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

/** The PostgreSQL server the benches create their databases on. */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Production settings on `dataDir`, without the global and health per-IP limits (a load generator is one address). */
export function benchConfig(dataDir: string) {
  return {
    ...loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      // Required in production; the benches send no mail, so nothing listens there.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    }),
    rateLimits: {
      global: 1_000_000_000,
      account: 1_000_000_000,
      address: 1_000_000_000,
      auth: 20,
      authTarget: 10,
      authPerAccount: 10,
      health: 1_000_000_000,
    },
  };
}

/** A fresh temporary DATA_DIR that others may enter (as root, the embedded PostgreSQL runs as `postgres`). */
export function benchDataDir(label: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `campusrun-bench-${label}-`));
  chmodSync(dir, 0o711);
  return dir;
}

/** The bench target: `url` (PostgreSQL), or else the embedded PostgreSQL server in `dataDir`, as `npm start` runs it. */
export function openBenchDatabase(url: string | undefined, dataDir: string) {
  return openDatabase({ databaseUrl: url, dataDir }, { log: () => {} });
}

/** A fresh database named after `label` on BENCH_PG_URL, or null when no server answers. */
export async function createPgDatabase(label: string) {
  const admin = new pg.Client({ connectionString: BENCH_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`  PostgreSQL not reachable at ${BENCH_PG_URL} (${(err as Error).message}); skipping it.`);
    return null;
  }
  const name = `campusrun_bench_${label}_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
