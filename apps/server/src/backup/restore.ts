/**
 * Loads a verified backup (manifest.ts verifyBackup) into a database and the uploads folder.
 *
 * A restore that fails leaves the database as it was: the application's schemas are set aside, the
 * code's migrations up to the backup's level are run, each
 * table is loaded with `COPY … FROM STDIN` (replica mode, so foreign keys and triggers do not
 * depend on the order of the tables), the sequences are set, and every table's row count must equal
 * the manifest's before it commits. The next start-up runs the migrations the backup is behind.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrationsDir } from '../db/client';
import { columnList, quoteTable } from './dump';
import { PRIVATE_DIR, PRIVATE_FILE } from '../lib/data-dir';
import { BackupError, filesUnder, openRegular, type Manifest } from './manifest';

export interface RestoreTarget {
  /** The database to load into. */
  url: string;
  /** DATA_DIR/uploads, where the backup's photos go. */
  uploadsDir: string;
  /** Replace a database that holds rows, or an uploads folder that holds files. */
  force?: boolean;
}

/** What a restore would overwrite: tables that hold rows, and how many files the uploads folder has. */
async function targetContents(client: pg.ClientBase, uploadsDir: string) {
  const { rows: tables } = await client.query<{ schema: string; name: string }>(
    `select n.nspname::text as schema, c.relname::text as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = 'public' and c.relname <> 'backup_runs' order by 2`,
  );
  const withRows: string[] = [];
  for (const t of tables) {
    const { rows } = await client.query<{ any: boolean }>(
      `select exists(select 1 from ${quoteTable(t)}) as any`,
    );
    if (rows[0]?.any) withRows.push(t.name);
  }
  return { tablesWithRows: withRows, uploadFiles: (await filesUnder(uploadsDir)).length };
}

/** Restores `folder` (already verified into `manifest`) into the target. */
export async function restoreBackup(folder: string, manifest: Manifest, target: RestoreTarget) {
  const client = new pg.Client({ connectionString: target.url, application_name: 'campusrun-restore' });
  await client.connect();
  const staging = `${target.uploadsDir}.restoring`;
  try {
    const found = await targetContents(client, target.uploadsDir);
    if (!target.force && (found.tablesWithRows.length || found.uploadFiles)) {
      const what = [
        ...(found.tablesWithRows.length
          ? [`the database holds rows (in ${found.tablesWithRows.slice(0, 5).join(', ')})`]
          : []),
        ...(found.uploadFiles ? [`${target.uploadsDir} holds ${found.uploadFiles} file(s)`] : []),
      ];
      throw new BackupError(
        `Refusing to restore over existing data: ${what.join(' and ')}. Add --force to replace them.`,
      );
    }
    const photos = manifest.photos.copied;
    // The photos are copied beside the uploads folder first, so a failed copy changes nothing.
    await rm(staging, { recursive: true, force: true });
    if (photos) await copyPhotos(folder, manifest, staging);
    await loadDatabase(client, folder, manifest);
    if (photos) await swapUploads(target.uploadsDir, staging);
  } finally {
    await rm(staging, { recursive: true, force: true });
    await client.end();
  }
}

/**
 * Copies the photos the manifest lists (and only those: verifyBackup refused anything else) into a
 * new 0700 folder, each read as a regular file, never through a link, and written 0600.
 */
async function copyPhotos(folder: string, manifest: Manifest, to: string) {
  await mkdir(to, { mode: PRIVATE_DIR });
  for (const { path: file } of manifest.files) {
    if (!file.startsWith('uploads/')) continue;
    const target = path.join(to, file.slice('uploads/'.length));
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    const source = await openRegular(path.join(folder, file));
    await pipeline(source.createReadStream(), createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE }));
  }
}

const missingIsEmpty = (err: unknown) => {
  if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
};

/** The schemas a restore replaces; the ones it finds are kept aside under these names until it commits. */
const SCHEMAS = ['public', 'drizzle', 'pgboss'] as const;
const aside = (schema: string) => `campusrun_replaced_${schema}`;

async function inTransaction(client: pg.ClientBase, work: () => Promise<void>) {
  await client.query('begin');
  try {
    await work();
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

/**
 * Two transactions, because PostgreSQL refuses an enum value added (by a migration) in the same
 * transaction that uses it: the first moves the existing schemas aside and runs the migrations; the
 * second loads the rows, sets the sequences, checks the counts and drops what was set aside. When the
 * second fails, the new schemas go and the old ones come back, so a failed restore changes nothing.
 */
async function loadDatabase(client: pg.Client, folder: string, manifest: Manifest) {
  await inTransaction(client, async () => {
    for (const schema of SCHEMAS) {
      await client.query(`drop schema if exists ${aside(schema)} cascade`);
      await renameIfExists(client, schema, aside(schema));
    }
    await client.query('create schema public; grant usage on schema public to public;');
    await createSchema(client, manifest.migrations.count);
  });
  try {
    await inTransaction(client, async () => {
      await client.query('set local session_replication_role = replica');
      for (const table of manifest.tables) {
        const stream = client.query(
          copyFrom(`copy ${quoteTable(table)} (${columnList(table.columns)}) from stdin`),
        );
        const file = await openRegular(path.join(folder, table.file));
        await pipeline(file.createReadStream(), createGunzip(), stream);
      }
      for (const s of manifest.sequences)
        if (s.value !== null)
          await client.query('select setval(format($1, $2::text, $3::text)::regclass, $4::bigint, true)', [
            '%I.%I',
            s.schema,
            s.name,
            s.value,
          ]);
      for (const table of manifest.tables) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteTable(table)}`);
        if (Number(rows[0]!.n) !== table.rows)
          throw new BackupError(
            `${table.schema}.${table.name} has ${rows[0]!.n} rows after loading, the manifest says ${table.rows}; nothing was changed.`,
          );
      }
      // The queued e-mails (pgboss) go too: they belong to the database being replaced.
      for (const schema of SCHEMAS) await client.query(`drop schema if exists ${aside(schema)} cascade`);
    });
  } catch (err) {
    await inTransaction(client, async () => {
      for (const schema of SCHEMAS) await client.query(`drop schema if exists ${schema} cascade`);
      for (const schema of SCHEMAS) await renameIfExists(client, aside(schema), schema);
    }).catch(() => undefined);
    throw err;
  }
}

/** ALTER SCHEMA has no IF EXISTS. */
async function renameIfExists(client: pg.ClientBase, from: string, to: string) {
  const { rowCount } = await client.query('select 1 from pg_namespace where nspname = $1', [from]);
  if (rowCount) await client.query(`alter schema ${from} rename to ${to}`);
}

/**
 * The schema as the first `count` migrations make it (what drizzle's migrator runs, in the same
 * order); drizzle's own table is created empty, for the backup's rows of it.
 */
export async function createSchema(client: pg.ClientBase, count: number) {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsDir() }).slice(0, count);
  for (const migration of migrations) for (const statement of migration.sql) await client.query(statement);
  await client.query(`create schema if not exists drizzle;
    create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
}

/** Puts the staged photos in place of the uploads folder, then removes the old one. */
async function swapUploads(uploadsDir: string, staging: string) {
  const old = `${uploadsDir}.replaced`;
  await rm(old, { recursive: true, force: true });
  await rename(uploadsDir, old).catch(missingIsEmpty);
  await rename(staging, uploadsDir).catch(missingIsEmpty);
  await rm(old, { recursive: true, force: true });
}
