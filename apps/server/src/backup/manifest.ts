/**
 * What a backup folder holds and how it is checked: `manifest.json` (versions, migration level, row
 * counts, and the SHA-256 and size of every other file), `manifest.hmac` (its signature, key.ts),
 * `db/<schema>.<table>.copy.gz` (each table in PostgreSQL's COPY text format, gzipped) and `uploads/`
 * (the photos, when they are on local disk). Nothing else: a restore refuses a folder holding more.
 */
import { createHash } from 'node:crypto';
import { constants as fsConstants, existsSync, readFileSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { migrationsDir } from '../db/client';
import { entriesUnder } from '../lib/data-dir';
import { isStorageKey } from '../lib/storage-base';
import { BackupError } from './errors';
import { type BackupKey, checkSignature, SIGNATURE } from './key';

export { BackupError } from './errors';

/** Bumped when the layout changes in a way an older restore could not read. */
export const BACKUP_FORMAT = 1;

const fileEntry = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: z.string() });

const manifestSchema = z.object({
  format: z.number().int(),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  node: z.string(),
  postgres: z.object({ version: z.string() }),
  migrations: z.object({
    /** Rows of drizzle.__drizzle_migrations: how many migrations the database had applied. */
    count: z.number().int().min(0),
    latest: z.object({ tag: z.string().nullable(), createdAt: z.number() }).nullable(),
  }),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      /** The columns in the file, in order (generated columns are left out: PostgreSQL computes them). */
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
      file: z.string(),
    }),
  ),
  /** Sequence values at the backup; null when the sequence was never used. */
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), value: z.string().nullable() })),
  photos: z.union([
    z.object({ stored: z.literal('local'), copied: z.literal(true), files: z.number().int().min(0) }),
    z.object({
      stored: z.literal('s3'),
      bucket: z.string(),
      /** S3_PREFIX: the folder of the bucket that is this campus's ('' for the whole bucket; absent before it was recorded). */
      prefix: z.string().optional(),
      copied: z.literal(false),
    }),
  ]),
  files: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type FileEntry = z.infer<typeof fileEntry>;
export const MANIFEST = 'manifest.json';

/** `2026-11-27T03-20-00Z`, a UTC time that sorts as text and is a valid folder name everywhere. */
export const backupName = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?$/;
/** Whether `name` is a backup folder's name (a UTC time, see backupName). */
export const isBackupName = (name: string) => BACKUP_NAME.test(name);

/** The complete backups in `dir` (named like one, with a manifest), oldest first. */
export async function completeBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => isBackupName(n) && existsSync(path.join(dir, n, MANIFEST)))
    .sort()
    .map((n) => path.join(dir, n));
}

/** Every regular file under `root`, as paths relative to it with `/` separators, sorted. */
export async function filesUnder(root: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of entriesUnder(root)) if (entry.kind === 'file') files.push(entry.path);
  return files.sort();
}

/** Opens a regular file of the backup for reading, never through a symbolic link. */
export async function openRegular(file: string) {
  const handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new BackupError(`${file} is not a regular file.`);
  }
  return handle;
}

export async function describeFile(root: string, file: string): Promise<FileEntry> {
  const handle = await openRegular(path.join(root, file));
  const hash = createHash('sha256');
  const { size } = await handle.stat();
  await pipeline(handle.createReadStream(), hash);
  return { path: file, size, sha256: hash.digest('hex') };
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The code's migrations, in order (drizzle/meta/_journal.json). */
export function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The version of the nearest package.json above this file (the server's, in src/ or dist/). */
export function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '';
  }
  return '';
}

/** How a restore trusts a backup: by the key that signed its manifest, or not at all (the operator said so). */
export type KeyCheck = { key: BackupKey } | { skipKeyCheck: true };

/** A manifest path is `db/…` or `uploads/<storage key>`, relative and without `.` or `..` steps. */
function isBackupPath(file: string) {
  if (path.posix.normalize(file) !== file || file.startsWith('/') || file.split('/').includes('..'))
    return false;
  if (file.startsWith('uploads/')) return isStorageKey(file.slice('uploads/'.length));
  return /^db\/[\w.-]+\.copy\.gz$/.test(file);
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  let handle;
  try {
    handle = await openRegular(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP' || err instanceof BackupError)
      throw new BackupError(`${file} is not a regular file (a symbolic link?): refusing to read it.`);
    throw err;
  }
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * The folder holds only the manifest, its signature, the files the manifest lists and their
 * folders, each a regular file or folder: a symbolic link or anything more is refused, named.
 */
async function checkContents(folder: string, manifest: Manifest) {
  const allowed = new Set([MANIFEST, SIGNATURE, ...manifest.files.map((f) => f.path)]);
  const folders = new Set<string>();
  for (const file of allowed)
    for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) folders.add(d);
  for await (const entry of entriesUnder(folder)) {
    if (entry.kind === 'other')
      throw new BackupError(
        `The backup holds ${entry.path}, which is not a regular file (a symbolic link?). Refusing to restore it.`,
      );
    if (!(entry.kind === 'folder' ? folders : allowed).has(entry.path))
      throw new BackupError(
        `The backup holds ${entry.path}, which its manifest does not list. Refusing to restore it.`,
      );
  }
}

/**
 * Reads a backup's manifest, checks its signature with the key (unless told not to), that the folder
 * holds only what it lists, every file against its size and SHA-256, and that this code can load
 * it. Throws a BackupError naming the first problem; nothing is touched.
 */
export async function verifyBackup(folder: string, check: KeyCheck): Promise<Manifest> {
  const file = path.join(folder, MANIFEST);
  const bytes = await readIfThere(file);
  if (!bytes) throw new BackupError(`${folder} is not a CampusRun backup: it has no ${MANIFEST}.`);
  if ('key' in check)
    checkSignature(check.key, bytes, (await readIfThere(path.join(folder, SIGNATURE)))?.toString('utf8'));
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`${file} is damaged: it is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success || parsed.data.format > BACKUP_FORMAT)
    throw new BackupError(
      `${file} is not a manifest this version of CampusRun can read` +
        (parsed.success ? ` (format ${parsed.data.format}); update CampusRun first.` : '.'),
    );
  const manifest = parsed.data;
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const table of manifest.tables)
    if (!listed.has(table.file)) throw new BackupError(`${file} lists no checksum for ${table.file}.`);
  for (const entry of manifest.files)
    if (!isBackupPath(entry.path))
      throw new BackupError(`${file} names ${entry.path}, which is not a file a backup holds.`);
  await checkContents(folder, manifest);
  for (const entry of manifest.files) {
    const actual = await describeFile(folder, entry.path).catch(() => undefined);
    if (!actual) throw new BackupError(`The backup is incomplete: ${entry.path} is missing.`);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      throw new BackupError(
        `The backup is damaged: ${entry.path} does not match its SHA-256 in the manifest. Restore another backup.`,
      );
  }
  checkMigrationLevel(manifest);
  return manifest;
}

/** A backup must come from this code's migrations, at the same level or an older one. */
function checkMigrationLevel(manifest: Manifest) {
  const code = codeMigrations();
  const { count, latest } = manifest.migrations;
  const newest = code.at(-1)?.when ?? 0;
  if (count > code.length || (latest && latest.createdAt > newest))
    throw new BackupError(
      `This backup comes from a newer CampusRun (migration ${latest?.tag ?? count}, ${count} migrations; ` +
        `this version has ${code.length}). Update CampusRun first, then restore.`,
    );
  if (count === 0 || code[count - 1]!.when !== latest?.createdAt)
    throw new BackupError(
      `This backup's migrations (${count}, newest ${latest?.tag ?? 'unknown'}) are not this CampusRun's; ` +
        'restore it with the CampusRun version that made it.',
    );
}
