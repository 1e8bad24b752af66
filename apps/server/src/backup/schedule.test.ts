import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app';
import { openPostgres, type Database } from '../db/client';
import { createTestDatabase, testConfig } from '../test/build-test-app';
import { tempDataDir } from '../test/global-setup';
import { expectPrivate, modeOf } from '../test/private-modes';
import { backupKey } from './key';
import { createUser } from '../test/factories';
import { describeFile, filesUnder, verifyBackup } from './manifest';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const scheduled = { everyHours: 24, keep: 2 };

async function runs(database: Database) {
  const { rows } = (await database.query(
    'select status, folder, size_bytes::int as size, extract(epoch from started_at)::float8 as at, error from backup_runs',
  )) as {
    rows: { status: string; folder: string | null; size: number | null; at: number; error: string | null }[];
  };
  return rows;
}

const metric = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

function aDataDir() {
  const dir = tempDataDir('campusrun-scheduled-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

it('two processes starting at once on one database take one backup, and the oldest beyond BACKUP_KEEP go', async () => {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  await createUser(database.db, { name: 'Asha Rao' });
  const dataDir = aDataDir();
  const dir = path.join(dataDir, 'backups');
  // Earlier complete backups, a half-written one and a file of the operator's.
  for (const day of ['01', '02', '03']) {
    mkdirSync(path.join(dir, `2020-01-${day}T00-00-00Z`), { recursive: true });
    writeFileSync(path.join(dir, `2020-01-${day}T00-00-00Z`, 'manifest.json'), '{}');
  }
  mkdirSync(path.join(dir, '.partial-2020-01-04T00-00-00Z-0a1b2c3d'));
  writeFileSync(path.join(dir, 'notes.txt'), 'kept');

  const second = await openPostgres(database.url, 2);
  cleanups.push(() => second.close());
  const config = testConfig({ dataDir, backups: scheduled });
  const apps = await Promise.all([buildApp(config, database), buildApp(config, second)]);
  // Closing waits for the check each started with, and for a backup under way.
  await Promise.all(apps.map((app) => app.close()));

  const recorded = await runs(database);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]!.status).toBe('ok');
  const newest = path.basename(recorded[0]!.folder!);
  expect(readdirSync(dir).sort()).toEqual(
    ['.partial-2020-01-04T00-00-00Z-0a1b2c3d', '2020-01-03T00-00-00Z', newest, 'notes.txt'].sort(),
  );
  // Signed with the key created beside backups/ in DATA_DIR (0600), and private like the rest.
  expect(modeOf(path.join(dataDir, 'backup.key'))).toBe(0o600);
  expect(modeOf(dir)).toBe(0o700);
  expectPrivate(recorded[0]!.folder!);
  await expect(verifyBackup(recorded[0]!.folder!, { key: await backupKey(config) })).resolves.toBeDefined();

  // Every process reports the same last good backup: a third one, which finds none due.
  const third = await buildApp(testConfig({ dataDir, backups: scheduled }), second);
  cleanups.push(() => third.close());
  const text = (await third.inject({ url: '/api/metrics' })).body;
  const folder = recorded[0]!.folder!;
  const files = await Promise.all((await filesUnder(folder)).map((f) => describeFile(folder, f)));
  expect(metric(text, 'backup_last_success_size_bytes')).toBe(files.reduce((sum, f) => sum + f.size, 0));
  expect(metric(text, 'backup_last_success_timestamp_seconds')).toBeCloseTo(recorded[0]!.at, 2);
  expect(metric(text, 'backup_failures_total')).toBe(0);
  expect(await runs(database)).toHaveLength(1);
});

it('a backup that cannot be written counts as a failure, is logged as an error and is recorded', async () => {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  const dataDir = aDataDir();
  writeFileSync(path.join(dataDir, 'backups'), 'a file where the folder should be');
  const log = new PassThrough();
  let lines = '';
  log.on('data', (chunk: Buffer) => (lines += chunk.toString()));
  const app: App = await buildApp(testConfig({ dataDir, backups: scheduled, logLevel: 'error' }), database, {
    logStream: log,
  });
  cleanups.push(() => app.close());

  await vi.waitFor(
    async () => {
      const text = (await app.inject({ url: '/api/metrics' })).body;
      expect(metric(text, 'backup_failures_total')).toBe(1);
      // The count and the run's record are written one after the other: both, before looking on.
      expect((await runs(database))[0]?.status).toBe('failed');
    },
    { timeout: 15_000 },
  );
  const text = (await app.inject({ url: '/api/metrics' })).body;
  expect(metric(text, 'backup_last_success_timestamp_seconds')).toBeUndefined();
  const errors = lines
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(errors).toContainEqual(expect.objectContaining({ level: 50, msg: 'backup failed' }));
  const [run] = await runs(database);
  expect(run).toMatchObject({ status: 'failed', folder: null });
  expect(run!.error).toMatch(/backups/);
  expect(existsSync(path.join(dataDir, 'backups'))).toBe(true);
});
