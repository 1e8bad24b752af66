import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '../app';
import { loadConfig, type Config } from '../config';
import { openPostgres, type Database } from '../db/client';
import { startSmtpSink } from './smtp-sink';

/** A fresh, migrated database of its own, created from the run's template (see global-setup.ts). */
export async function createTestDatabase(): Promise<Database> {
  const name = `campusrun_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplateDb')}`);
  const target = new URL(inject('testDatabaseUrl'));
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

/** Config overrides for a test; the rate limits given replace only those named. */
export type TestConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & {
  rateLimits?: Partial<Config['rateLimits']>;
};

/** Every limit generous, so tests that are not about limits never meet one. */
const GENEROUS_LIMITS: Config['rateLimits'] = {
  global: 100_000,
  account: 100_000,
  address: 1_000_000,
  auth: 100_000,
  authTarget: 100_000,
  authPerAccount: 100_000,
};

export function testConfig(overrides: TestConfigOverrides = {}, env: Record<string, string> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'campusrun-data-')),
    ...env,
  });
  return {
    ...base,
    // Tests write rows behind the services' back (factories), which no cached page would notice;
    // the page cache's own tests turn it on.
    pageCacheEntries: 0,
    // The job queue has its own tables: only the tests of away e-mails and Web Push start it.
    offlineEmail: { enabled: false, unreadDelaySeconds: 1 },
    vapid: undefined,
    // Each app would otherwise take a backup as it starts; the backup tests turn them on.
    backups: { ...base.backups, everyHours: 0 },
    ...overrides,
    rateLimits: { ...GENEROUS_LIMITS, ...overrides.rateLimits },
  };
}

/** The whole app on a fresh database, sending real mail to an in-process SMTP sink. */
export async function buildTestApp(overrides: TestConfigOverrides = {}, appOverrides: AppOverrides = {}) {
  const smtp = await startSmtpSink();
  const config = testConfig(overrides, { SMTP_URL: smtp.url });
  const database = await createTestDatabase();
  const app = await buildApp(config, database, appOverrides);
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    /** The pool and its connection string (a backup opens its own connection). */
    database,
    smtp,
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
