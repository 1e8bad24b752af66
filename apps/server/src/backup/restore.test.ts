import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir, openPostgres, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { createTestDatabase } from '../test/build-test-app';
import { createUser } from '../test/factories';
import { createBackup } from './dump';
import { codeMigrations, verifyBackup } from './manifest';
import { createSchema, restoreBackup } from './restore';

const temp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

/** An empty database on the test server (nothing migrated), dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `campusrun_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(inject('testDatabaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function userIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users order by id');
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

let source: Database;
let folder: string;
let sourceUsers: string[];
const PHOTO = 'products/0123456789abcdef0123456789abcdef.webp';

beforeAll(async () => {
  source = await createTestDatabase();
  cleanups.push(() => source.close());
  await createUser(source.db, { name: 'Asha Rao' });
  await createUser(source.db, { name: 'Dev Menon', role: 'dayscholar' });
  sourceUsers = await userIds(source.url);
  const uploads = temp('campusrun-uploads-');
  mkdirSync(path.join(uploads, 'products'));
  writeFileSync(path.join(uploads, PHOTO), 'photo bytes');
  const to = temp('campusrun-backups-');
  cleanups.push(() => rmSync(to, { recursive: true, force: true }));
  cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
  ({ folder } = await createBackup({ url: source.url, photos: { kind: 'local', dir: uploads }, to }));
});

/** A copy of the backup to spoil. */
function copyOfBackup() {
  const copy = path.join(temp('campusrun-copy-'), 'backup');
  cpSync(folder, copy, { recursive: true });
  cleanups.push(() => rmSync(path.dirname(copy), { recursive: true, force: true }));
  return copy;
}

describe('verifying a backup', () => {
  it('lists every file with its size and SHA-256, the row counts and the migration level', async () => {
    const manifest = await verifyBackup(folder);
    expect(manifest.migrations.count).toBe(codeMigrations().length);
    expect(manifest.migrations.latest?.tag).toBe(codeMigrations().at(-1)!.tag);
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBe(2);
    expect(manifest.photos).toEqual({ stored: 'local', copied: true, files: 1 });
    expect(manifest.files.map((f) => f.path)).toContain(`uploads/${PHOTO}`);
    expect(manifest.files.map((f) => f.path)).toContain('db/public.users.copy.gz');
    expect(manifest.tables.map((t) => t.name)).not.toContain('backup_runs');
  });

  it('refuses a file with one byte changed, naming it', async () => {
    const copy = copyOfBackup();
    const file = path.join(copy, 'db', 'public.users.copy.gz');
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(file, bytes);
    await expect(verifyBackup(copy)).rejects.toThrow(
      /db\/public\.users\.copy\.gz does not match its SHA-256/,
    );
  });

  it('refuses a backup with a missing photo, naming it', async () => {
    const copy = copyOfBackup();
    rmSync(path.join(copy, 'uploads', PHOTO));
    await expect(verifyBackup(copy)).rejects.toThrow(`uploads/${PHOTO} is missing`);
  });

  it('refuses a backup from a newer migration level: CampusRun must be updated first', async () => {
    const copy = copyOfBackup();
    const file = path.join(copy, 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    manifest.migrations.count += 1;
    manifest.migrations.latest = {
      tag: '9999_future',
      createdAt: manifest.migrations.latest.createdAt + 1000,
    };
    writeFileSync(file, JSON.stringify(manifest));
    await expect(verifyBackup(copy)).rejects.toThrow(/newer CampusRun.*Update CampusRun first/);
  });

  it('refuses a folder that is not a backup', async () => {
    const dir = temp('campusrun-not-a-backup-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await expect(verifyBackup(dir)).rejects.toThrow(/not a CampusRun backup: it has no manifest\.json/);
  });
});

describe('restoring', () => {
  it('refuses a database with rows or an uploads folder with files, and replaces them with force', async () => {
    const target = await createTestDatabase();
    cleanups.push(() => target.close());
    const kept = await createUser(target.db, { name: 'Already here' });
    const uploads = temp('campusrun-target-uploads-');
    cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
    const manifest = await verifyBackup(folder);
    const restore = (force: boolean) =>
      restoreBackup(folder, manifest, { url: target.url, uploadsDir: uploads, force });

    await expect(restore(false)).rejects.toThrow(/the database holds rows \(in users\).*--force/);
    expect(await userIds(target.url)).toEqual([kept.id]);

    // Rows gone but a file left: still refused.
    await target.query('delete from users');
    writeFileSync(path.join(uploads, 'avatar.webp'), 'someone else');
    await expect(restore(false)).rejects.toThrow(/holds 1 file\(s\).*--force/);
    expect(readdirSync(uploads)).toEqual(['avatar.webp']);

    await restore(true);
    expect(await userIds(target.url)).toEqual(sourceUsers);
    expect(readdirSync(uploads, { recursive: true }).sort()).toEqual(['products', PHOTO]);
    expect(readFileSync(path.join(uploads, PHOTO), 'utf8')).toBe('photo bytes');
  });

  it('a load that fails after the schema was rebuilt puts the old database back', async () => {
    const target = await createTestDatabase();
    cleanups.push(() => target.close());
    const kept = await createUser(target.db, { name: 'Already here' });
    const uploads = temp('campusrun-target-uploads-');
    cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
    const manifest = await verifyBackup(folder);
    // A count the loaded rows cannot match: the check before the commit fails.
    const wrong = {
      ...manifest,
      tables: manifest.tables.map((t) => (t.name === 'users' ? { ...t, rows: t.rows + 1 } : t)),
    };
    await expect(
      restoreBackup(folder, wrong, { url: target.url, uploadsDir: uploads, force: true }),
    ).rejects.toThrow(/users has \d+ rows after loading, the manifest says/);
    expect(await userIds(target.url)).toEqual([kept.id]);
    await restoreBackup(folder, manifest, { url: target.url, uploadsDir: uploads, force: true });
    expect(await userIds(target.url)).toEqual(sourceUsers);
  });

  it('loads a backup of an older migration level, which the next start brings up to date', async () => {
    // A database as the previous CampusRun left it: every migration but the newest.
    const olderUrl = await emptyDatabase();
    const older = codeMigrations().length - 1;
    const client = new pg.Client({ connectionString: olderUrl });
    await client.connect();
    await createSchema(client, older);
    for (const m of readMigrationFiles({ migrationsFolder: migrationsDir() }).slice(0, older))
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        m.hash,
        m.folderMillis,
      ]);
    const asha = await createUser(drizzle({ client, schema }) as unknown as Db, { name: 'Asha Rao' });
    await client.end();
    const to = temp('campusrun-older-');
    cleanups.push(() => rmSync(to, { recursive: true, force: true }));
    const backup = await createBackup({ url: olderUrl, photos: { kind: 's3', bucket: 'campus-photos' }, to });
    expect(backup.manifest.migrations.count).toBe(older);
    expect(backup.manifest.photos).toEqual({ stored: 's3', bucket: 'campus-photos', copied: false });

    const targetUrl = await emptyDatabase();
    const uploads = temp('campusrun-older-uploads-');
    cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
    await restoreBackup(backup.folder, await verifyBackup(backup.folder), {
      url: targetUrl,
      uploadsDir: uploads,
    });
    const started = await openPostgres(targetUrl, 1);
    try {
      const { rows } = (await started.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )) as {
        rows: { n: number }[];
      };
      expect(rows[0]!.n).toBe(codeMigrations().length);
      expect(await userIds(targetUrl)).toEqual([asha.id]);
    } finally {
      await started.close();
    }
  });
});
