/**
 * Writes a backup: the database as one consistent snapshot, then the photos, then the manifest.
 *
 * Not pg_dump: the embedded server is PostgreSQL 18 and its package ships only initdb, pg_ctl and
 * postgres, while a system's pg_dump (15 on Debian) refuses a newer server. So the dump is what
 * pg_dump itself does for the data: one REPEATABLE READ, READ ONLY transaction (a single snapshot),
 * `COPY … TO STDOUT` for each table, the sequences' values and row counts from that same snapshot.
 * The schema is not dumped: restore rebuilds it from the code's migrations at the backup's level.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PRIVATE_DIR, PRIVATE_FILE } from '../lib/data-dir';
import { createLocalStorage } from '../lib/storage';
import { type BackupKey, SIGNATURE, signManifest } from './key';
import {
  appVersion,
  BACKUP_FORMAT,
  BackupError,
  backupName,
  codeMigrations,
  describeFile,
  filesUnder,
  MANIFEST,
  type Manifest,
} from './manifest';

/**
 * Where the photos are: a local folder (copied into the backup) or a bucket and this campus's folder
 * of it (named only, so a restore knows which photos its rows refer to).
 */
export type PhotoSource = { kind: 'local'; dir: string } | { kind: 's3'; bucket: string; prefix: string };

export interface BackupResult {
  folder: string;
  manifest: Manifest;
  /** Bytes of every file in the folder, the manifest included. */
  sizeBytes: number;
}

/** The tables a backup holds: the application's, and drizzle's record of the applied migrations. */
const TABLES_SQL = `
  select n.nspname::text as schema, c.relname::text as name,
    array_agg(a.attname::text order by a.attnum) as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
  where c.relkind = 'r'
    and ((n.nspname = 'public' and c.relname <> 'backup_runs')
      or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'))
  group by 1, 2
  order by 1, 2`;

export const quoteTable = (t: { schema: string; name: string }) =>
  `${pg.Client.prototype.escapeIdentifier(t.schema)}.${pg.Client.prototype.escapeIdentifier(t.name)}`;
export const columnList = (columns: string[]) =>
  columns.map((c) => pg.Client.prototype.escapeIdentifier(c)).join(', ');

/**
 * Writes DIR/<UTC timestamp>/ from the database at `url` and the photos, its manifest signed with
 * `key`; a partial folder never looks complete. The folders are 0700 and the files 0600: they hold
 * password hashes and phone numbers.
 */
export async function createBackup(opts: {
  url: string;
  photos: PhotoSource;
  to: string;
  key: BackupKey;
  now?: Date;
}): Promise<BackupResult> {
  const now = opts.now ?? new Date();
  await mkdir(opts.to, { recursive: true, mode: PRIVATE_DIR });
  // A dot folder that completeBackups() ignores, renamed into place once everything is written.
  const tmp = path.join(opts.to, `.partial-${backupName(now)}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(path.join(tmp, 'db'), { recursive: true, mode: PRIVATE_DIR });
    const snapshot = await dumpDatabase(opts.url, tmp);
    // After the snapshot: every photo a row of it names was written before that row committed.
    const photos: Manifest['photos'] =
      opts.photos.kind === 'local'
        ? {
            stored: 'local',
            copied: true,
            files: await copyPhotos(opts.photos.dir, path.join(tmp, 'uploads')),
          }
        : { stored: 's3', bucket: opts.photos.bucket, prefix: opts.photos.prefix, copied: false };
    const files = await Promise.all((await filesUnder(tmp)).map((f) => describeFile(tmp, f)));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      app: { name: 'campusrun', version: appVersion() },
      node: process.version,
      ...snapshot,
      photos,
      files,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(path.join(tmp, MANIFEST), text, { flag: 'wx', mode: PRIVATE_FILE });
    const signature = signManifest(opts.key, text);
    await writeFile(path.join(tmp, SIGNATURE), signature, { flag: 'wx', mode: PRIVATE_FILE });
    const folder = freeName(opts.to, backupName(now));
    await rename(tmp, folder);
    const sizeBytes = files.reduce((sum, f) => sum + f.size, text.length + Buffer.byteLength(signature));
    return { folder, manifest, sizeBytes };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** DIR/name, or DIR/name-2, -3… when a backup of the same second is already there. */
function freeName(dir: string, name: string) {
  for (let i = 1; ; i++) {
    const candidate = path.join(dir, i === 1 ? name : `${name}-${i}`);
    if (!existsSync(candidate)) return candidate;
  }
}

type Snapshot = Pick<Manifest, 'postgres' | 'migrations' | 'tables' | 'sequences'>;

/** Every table into DIR/db/, with the counts, sequences and migration level of the same snapshot. */
async function dumpDatabase(url: string, dir: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, application_name: 'campusrun-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    // The first statement takes the snapshot every later one reads.
    const found = await client.query<{ ok: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
    );
    if (!found.rows[0]?.ok)
      throw new BackupError('The database holds no CampusRun tables yet: there is nothing to back up.');
    const { rows: tables } = await client.query<{ schema: string; name: string; columns: string[] }>(
      TABLES_SQL,
    );
    const dumped: Manifest['tables'] = [];
    for (const table of tables) {
      const file = `db/${table.schema}.${table.name}.copy.gz`;
      const q = quoteTable(table);
      const counted = await client.query<{ n: string }>(`select count(*) as n from ${q}`);
      const stream = client.query(copyTo(`copy ${q} (${columnList(table.columns)}) to stdout`));
      await pipeline(
        stream,
        createGzip(),
        createWriteStream(path.join(dir, file), { flags: 'wx', mode: PRIVATE_FILE }),
      );
      dumped.push({ ...table, rows: Number(counted.rows[0]!.n), file });
    }
    const { rows: sequences } = await client.query<{ schema: string; name: string; value: string | null }>(
      `select schemaname::text as schema, sequencename::text as name, last_value::text as value
       from pg_sequences where schemaname in ('public', 'drizzle') order by 1, 2`,
    );
    const level = await client.query<{ count: number; latest: string | null }>(
      'select count(*)::int as count, max(created_at)::text as latest from drizzle.__drizzle_migrations',
    );
    const version = await client.query<{ server_version: string }>('show server_version');
    await client.query('commit');
    const { count, latest } = level.rows[0]!;
    const createdAt = latest === null ? null : Number(latest);
    return {
      postgres: { version: version.rows[0]!.server_version },
      migrations: {
        count,
        latest:
          createdAt === null
            ? null
            : { tag: codeMigrations().find((m) => m.when === createdAt)?.tag ?? null, createdAt },
      },
      tables: dumped,
      sequences,
    };
  } finally {
    await client.end();
  }
}

/**
 * Copies the stored files (regular files only, not half-written ones) into `to`. A file removed
 * since it was listed (a photo deleted a moment ago) is skipped; answers how many were copied.
 */
async function copyPhotos(from: string, to: string): Promise<number> {
  const storage = createLocalStorage(from);
  let copied = 0;
  for await (const entry of storage.list('')) {
    const found = await storage.get(entry.key);
    if (!found) continue;
    const target = path.join(to, entry.key);
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    await pipeline(found.body, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE }));
    copied++;
  }
  return copied;
}

/** Who runs a backup, recorded with it: host name and pid. */
export const runnerName = () => `${hostname()} pid ${process.pid}`;
