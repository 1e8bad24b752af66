/**
 * Backups copied into the bucket (S3_BUCKET): taken by the schedule, kept BACKUP_KEEP deep per
 * S3_PREFIX, fetched back and restored by `npm run restore -- --from-bucket`, and refused when an
 * object of the copy was changed.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { S3Config } from '../config';
import { createTestDatabase, testConfig } from '../test/build-test-app';
import { createUser } from '../test/factories';
import { tempDataDir } from '../test/global-setup';
import { expectPrivate } from '../test/private-modes';
import { startS3TestServer } from '../test/s3-server';
import { bucketBackups } from './bucket';
import { backupKey } from './key';
import { completeBackups, verifyBackup } from './manifest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let client: S3Client;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3TestServer();
  client = new S3Client({
    region: s3.config.region,
    endpoint: s3.config.endpoint,
    forcePathStyle: true,
    credentials: s3.config.credentials,
  });
});
afterAll(async () => {
  client.destroy();
  await s3.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const aDataDir = () => {
  const dir = tempDataDir('campusrun-bucket-backups-');
  dirs.push(dir);
  return dir;
};
const campus = (prefix: string): S3Config => ({ ...s3.config, prefix });

async function keysUnder(prefix: string) {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((item) => item.Key!).sort();
}
const put = (Key: string, Body: string) =>
  client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key, Body }));

/** A complete-looking earlier copy: its files, then its signature. */
async function earlierCopy(prefix: string, name: string) {
  await put(`${prefix}/backups/${name}/db/public.users.copy.gz`, 'old');
  await put(`${prefix}/backups/${name}/manifest.json`, '{}');
  await put(`${prefix}/backups/${name}/manifest.hmac`, 'sig');
}

/** `npm run restore -- …` as an operator runs it, into the database at `url`. */
async function restoreCommand(dataDir: string, url: string, args: string[], prefix: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3.env,
    S3_PREFIX: prefix,
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    // A deployment that shares a bucket has its signing key set, as config requires.
    JWT_SECRET: 'a-deployment-key-that-is-long-enough-for-hs256',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  };
  try {
    const { stdout, stderr } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'apps/server/scripts/restore.ts'), ...args],
      { cwd: root, env },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

it('a scheduled backup is copied into the bucket under S3_PREFIX, the oldest copies beyond BACKUP_KEEP go, and another campus keeps all of its own', async () => {
  await earlierCopy('north', '2020-01-01T00-00-00Z');
  await earlierCopy('north', '2020-01-02T00-00-00Z');
  // A copy cut short (no signature) is not counted, and not removed.
  await put('north/backups/2020-01-03T00-00-00Z/db/public.users.copy.gz', 'partial');
  await earlierCopy('south', '2020-01-01T00-00-00Z');

  const database = await createTestDatabase();
  try {
    await createUser(database.db, { name: 'Asha Rao' });
    const dataDir = aDataDir();
    const config = testConfig({ dataDir, s3: campus('north'), backups: { everyHours: 24, keep: 2 } });
    const app = await buildApp(config, database);
    // Closing waits for the backup it started with.
    await app.close();

    const north = bucketBackups(campus('north'));
    const names = await north.list();
    expect(names).toHaveLength(2);
    expect(names[0]).toBe('2020-01-02T00-00-00Z');
    const newest = names[1]!;
    expect(newest > '2020-01-03').toBe(true);
    expect(await keysUnder('north/backups/2020-01-01T00-00-00Z/')).toEqual([]);
    expect(await keysUnder('north/backups/2020-01-03T00-00-00Z/')).toHaveLength(1);
    expect(await bucketBackups(campus('south')).list()).toEqual(['2020-01-01T00-00-00Z']);

    // The copy is the backup itself: fetched onto another host, it checks out with the key.
    const fetched = path.join(aDataDir(), newest);
    await north.download(newest, fetched);
    expectPrivate(fetched);
    const manifest = await verifyBackup(fetched, { key: await backupKey(config) });
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBe(1);
  } finally {
    await database.close();
  }
});

// Four runs of `npm run restore`, each a new Node process that loads TypeScript through tsx.
it('npm run restore -- --from-bucket lists the copies and restores the latest; a changed object is refused and nothing is touched', async () => {
  const source = await createTestDatabase();
  const target = await createTestDatabase();
  try {
    await createUser(source.db, { name: 'Bela Iyer', email: 'bela.iyer@university.edu' });
    const dataDir = aDataDir();
    const config = testConfig({ dataDir, s3: campus('east'), backups: { everyHours: 24, keep: 3 } });
    await (await buildApp(config, source)).close();
    const [name] = await bucketBackups(campus('east')).list();
    expect(name).toBeDefined();

    // Restored on a host that has only the bucket and the key (the same DATA_DIR holds the key).
    const listed = await restoreCommand(dataDir, target.url, ['--from-bucket'], 'east');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim()).toBe(name);

    // One byte of a table changed in the bucket: the manifest's checksum refuses it.
    const table = (await keysUnder(`east/backups/${name}/db/`)).find((k) =>
      k.endsWith('public.users.copy.gz'),
    )!;
    const original = await client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: table }));
    const bytes = Buffer.from(await original.Body!.transformToByteArray());
    await put(table, 'changed');
    const refused = await restoreCommand(dataDir, target.url, ['--from-bucket', 'latest'], 'east');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/public\.users\.copy\.gz/);
    expect((await target.query('select count(*)::int as n from users')).rows[0]).toEqual({ n: 0 });

    await client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: table, Body: bytes }));
    const restored = await restoreCommand(dataDir, target.url, ['--from-bucket', 'latest'], 'east');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Fetched s3://${s3.config.bucket}/east/backups/${name}/`);
    const { rows } = await target.query('select email from users');
    expect(rows).toEqual([{ email: 'bela.iyer@university.edu' }]);

    const unknown = await restoreCommand(
      dataDir,
      target.url,
      ['--from-bucket', '2019-01-01T00-00-00Z'],
      'east',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/There is no complete backup 2019-01-01T00-00-00Z in s3:\/\//);
  } finally {
    await source.close();
    await target.close();
  }
}, 60_000);

it('a backup whose copy cannot reach the bucket counts as failed, and the one on disk stays', async () => {
  const database = await createTestDatabase();
  try {
    const dataDir = aDataDir();
    const config = testConfig({
      dataDir,
      s3: { ...campus('west'), bucket: 'no-such-bucket' },
      backups: { everyHours: 24, keep: 2 },
    });
    const app = await buildApp(config, database);
    await app.close();
    const { rows } = await database.query('select status, error from backup_runs');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Copying .* into s3:\/\/no-such-bucket\/west\/backups\/ failed: /),
    });
    expect(await completeBackups(path.join(dataDir, 'backups'))).toHaveLength(1);
  } finally {
    await database.close();
  }
});
