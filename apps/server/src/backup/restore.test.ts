import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir, openPostgres, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { createTestDatabase } from '../test/build-test-app';
import { createUser } from '../test/factories';
import { tempDataDir } from '../test/global-setup';
import { anotherUserCanRead, canTryAsAnotherUser, expectPrivate, modeOf } from '../test/private-modes';
import { createBackup } from './dump';
import { backupKey, backupKeyFile, SIGNATURE, signManifest, type BackupKey } from './key';
import { codeMigrations, verifyBackup, type KeyCheck, type Manifest } from './manifest';
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
let key: BackupKey;
let keyDir: string;
/** Holds backups/ and is enterable by others, as DATA_DIR is when root runs the embedded server. */
let dataDir: string;
/** The check a restore with the right key makes. */
let withKey: KeyCheck;
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
  // Enterable by others (0711), like a DATA_DIR the embedded server runs in as root.
  const to = (dataDir = tempDataDir('campusrun-backups-'));
  cleanups.push(() => rmSync(to, { recursive: true, force: true }));
  cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
  keyDir = tempDataDir('campusrun-key-');
  cleanups.push(() => rmSync(keyDir, { recursive: true, force: true }));
  key = await backupKey({ dataDir: keyDir, backups: { everyHours: 0, keep: 1 } });
  withKey = { key };
  ({ folder } = await createBackup({
    url: source.url,
    photos: { kind: 'local', dir: uploads },
    to: path.join(to, 'backups'),
    key,
  }));
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
    const manifest = await verifyBackup(folder, withKey);
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
    await expect(verifyBackup(copy, withKey)).rejects.toThrow(
      /db\/public\.users\.copy\.gz does not match its SHA-256/,
    );
  });

  it('refuses a backup with a missing photo, naming it', async () => {
    const copy = copyOfBackup();
    rmSync(path.join(copy, 'uploads', PHOTO));
    await expect(verifyBackup(copy, withKey)).rejects.toThrow(`uploads/${PHOTO} is missing`);
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
    writeFileSync(path.join(copy, SIGNATURE), signManifest(key, readFileSync(file)));
    await expect(verifyBackup(copy, withKey)).rejects.toThrow(/newer CampusRun.*Update CampusRun first/);
  });

  it('refuses a folder that is not a backup', async () => {
    const dir = temp('campusrun-not-a-backup-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await expect(verifyBackup(dir, withKey)).rejects.toThrow(
      /not a CampusRun backup: it has no manifest\.json/,
    );
  });
});

describe('restoring', () => {
  it('refuses a database with rows or an uploads folder with files, and replaces them with force', async () => {
    const target = await createTestDatabase();
    cleanups.push(() => target.close());
    const kept = await createUser(target.db, { name: 'Already here' });
    const uploads = temp('campusrun-target-uploads-');
    cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
    const manifest = await verifyBackup(folder, withKey);
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
    const manifest = await verifyBackup(folder, withKey);
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
    const backup = await createBackup({
      url: olderUrl,
      photos: { kind: 's3', bucket: 'campus-photos', prefix: 'campuses/north' },
      to,
      key,
    });
    expect(backup.manifest.migrations.count).toBe(older);
    expect(backup.manifest.photos).toEqual({
      stored: 's3',
      bucket: 'campus-photos',
      prefix: 'campuses/north',
      copied: false,
    });

    const targetUrl = await emptyDatabase();
    const uploads = temp('campusrun-older-uploads-');
    cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
    await restoreBackup(backup.folder, await verifyBackup(backup.folder, withKey), {
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

/** Rewrites a copy's manifest as someone with write access to the folder would; signs it when given a key. */
function editManifest(copy: string, edit: (manifest: Manifest) => void, signWith?: BackupKey) {
  const file = path.join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest));
  if (signWith) writeFileSync(path.join(copy, SIGNATURE), signManifest(signWith, readFileSync(file)));
}

/** Replaces a file of a copy and lists its new size and SHA-256 in the manifest. */
function replaceListed(copy: string, manifest: Manifest, file: string, bytes: Buffer) {
  writeFileSync(path.join(copy, file), bytes);
  const entry = manifest.files.find((f) => f.path === file)!;
  entry.size = bytes.length;
  entry.sha256 = createHash('sha256').update(bytes).digest('hex');
}

const someoneElsesKey = (): BackupKey => ({
  secret: randomBytes(32),
  id: 'feedfacefeedface',
  source: 'a key of their own',
});

describe('a backup others cannot read or forge', () => {
  it('finding 5: a backup is a 0700 folder of 0600 files that another account cannot read; its key is 0600 and not in it', () => {
    expectPrivate(path.join(dataDir, 'backups'));
    expect(readdirSync(folder).sort()).toEqual(['db', SIGNATURE, 'manifest.json', 'uploads'].sort());
    expect(modeOf(backupKeyFile({ dataDir: keyDir }))).toBe(0o600);
    if (canTryAsAnotherUser) {
      // The control: the folder above is enterable, so only the backup's own modes keep the other account out.
      const control = path.join(dataDir, 'control.txt');
      writeFileSync(control, 'readable', { mode: 0o644 });
      expect(anotherUserCanRead(control)).toBe(true);
    }
  });

  it('finding 6: a table edited and re-hashed into the manifest is refused without the key', async () => {
    const copy = copyOfBackup();
    const forged = gzipSync('an edited row\n');
    editManifest(copy, (m) => replaceListed(copy, m, 'db/public.users.copy.gz', forged));
    await expect(verifyBackup(copy, withKey)).rejects.toThrow(
      /manifest\.json does not match its signature.*--key-file.*--skip-key-check/,
    );
    // Signed again with a key of the forger's own: named as another key.
    editManifest(copy, () => {}, someoneElsesKey());
    await expect(verifyBackup(copy, withKey)).rejects.toThrow(
      /signed with another backup key \(id feedfacefeedface\)/,
    );
    // The signature removed: nothing proves CampusRun wrote it.
    rmSync(path.join(copy, SIGNATURE));
    await expect(verifyBackup(copy, withKey)).rejects.toThrow(/has no manifest\.hmac/);
  });

  it('finding 6: a genuine backup checked with the wrong key is refused', async () => {
    await expect(verifyBackup(folder, { key: someoneElsesKey() })).rejects.toThrow(
      new RegExp(`signed with another backup key \\(id ${key.id}\\) than a key of their own`),
    );
  });

  it('finding 6: with the key check skipped, an edited but consistent backup is read', async () => {
    const copy = copyOfBackup();
    editManifest(copy, (m) => {
      m.createdAt = '2020-01-01T00:00:00.000Z';
    });
    await expect(verifyBackup(copy, withKey)).rejects.toThrow(/does not match its signature/);
    expect((await verifyBackup(copy, { skipKeyCheck: true })).createdAt).toBe('2020-01-01T00:00:00.000Z');
  });

  it('finding 6: a symbolic link or a file the manifest does not list is refused, named, even unchecked', async () => {
    const unchecked: KeyCheck = { skipKeyCheck: true };
    // A "photo" that is a link to a system file, listed with that file's hash.
    const linked = copyOfBackup();
    const stolen = `products/${'ab'.repeat(16)}.webp`;
    symlinkSync('/etc/passwd', path.join(linked, 'uploads', stolen));
    editManifest(linked, (m) =>
      m.files.push({
        path: `uploads/${stolen}`,
        size: readFileSync('/etc/passwd').length,
        sha256: createHash('sha256').update(readFileSync('/etc/passwd')).digest('hex'),
      }),
    );
    await expect(verifyBackup(linked, unchecked)).rejects.toThrow(
      `The backup holds uploads/${stolen}, which is not a regular file`,
    );
    // A link the manifest does not list, to the server's secret.
    const unlisted = copyOfBackup();
    symlinkSync(backupKeyFile({ dataDir: keyDir }), path.join(unlisted, 'uploads', 'products', 'key.webp'));
    await expect(verifyBackup(unlisted, unchecked)).rejects.toThrow(
      'The backup holds uploads/products/key.webp, which is not a regular file',
    );
    // An extra regular file, and an extra folder.
    const extra = copyOfBackup();
    writeFileSync(path.join(extra, 'db', 'extra.copy.gz'), 'x');
    await expect(verifyBackup(extra, withKey)).rejects.toThrow(
      'The backup holds db/extra.copy.gz, which its manifest does not list',
    );
    const folderMore = copyOfBackup();
    mkdirSync(path.join(folderMore, 'more'));
    await expect(verifyBackup(folderMore, withKey)).rejects.toThrow(
      'The backup holds more, which its manifest does not list',
    );
    // The manifest itself a link: not read.
    const manifestLink = copyOfBackup();
    rmSync(path.join(manifestLink, 'manifest.json'));
    symlinkSync(path.join(folder, 'manifest.json'), path.join(manifestLink, 'manifest.json'));
    await expect(verifyBackup(manifestLink, withKey)).rejects.toThrow(/manifest\.json is not a regular file/);
    // A listed path that leaves the folder.
    const outside = copyOfBackup();
    editManifest(outside, (m) => m.files.push({ path: 'uploads/../../../etc/passwd', size: 1, sha256: '' }));
    await expect(verifyBackup(outside, unchecked)).rejects.toThrow(
      /names uploads\/\.\.\/.*not a file a backup holds/,
    );
  });

  it('finding 6: a photo swapped for a link after the check is not copied into the uploads folder', async () => {
    const copy = copyOfBackup();
    const manifest = await verifyBackup(copy, withKey);
    rmSync(path.join(copy, 'uploads', PHOTO));
    symlinkSync('/etc/passwd', path.join(copy, 'uploads', PHOTO));
    const target = await createTestDatabase();
    cleanups.push(() => target.close());
    const uploads = path.join(temp('campusrun-swapped-'), 'uploads');
    cleanups.push(() => rmSync(path.dirname(uploads), { recursive: true, force: true }));
    await expect(restoreBackup(copy, manifest, { url: target.url, uploadsDir: uploads })).rejects.toThrow(
      /ELOOP|not a regular file/,
    );
    expect(readdirSync(path.dirname(uploads))).toEqual([]);
  });
});
