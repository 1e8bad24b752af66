/**
 * The key that signs a backup's manifest (HMAC-SHA256 over its bytes, in `manifest.hmac` beside it),
 * so a restore can tell a backup CampusRun wrote from a folder someone edited: with the manifest
 * signed and every file's SHA-256 in it, nothing in the backup can change unnoticed without the key.
 * The key is never in the backup: BACKUP_KEY, or DATA_DIR/backup.key (0600), created on the first
 * backup. Its id (a hash of it) is written with each signature, so a wrong key is named as such.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { PRIVATE_FILE } from '../lib/data-dir';
import { BackupError } from './errors';

export const SIGNATURE = 'manifest.hmac';

export interface BackupKey {
  secret: Buffer;
  /** The first 16 hex digits of its SHA-256: tells keys apart, reveals nothing of them. */
  id: string;
  /** Where it came from, for messages: BACKUP_KEY or a file. */
  source: string;
  /** True when this call created DATA_DIR/backup.key. */
  created?: boolean;
}

export const backupKeyFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'backup.key');

const MIN_LENGTH = 32;

function keyFrom(text: string, source: string): BackupKey {
  const secret = Buffer.from(text.trim(), 'utf8');
  if (secret.length < MIN_LENGTH)
    throw new BackupError(`The backup key in ${source} is too short (at least ${MIN_LENGTH} characters).`);
  return { secret, id: createHash('sha256').update(secret).digest('hex').slice(0, 16), source };
}

async function keyFromFile(file: string): Promise<BackupKey | undefined> {
  try {
    return keyFrom(await readFile(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (err instanceof BackupError) throw err;
    throw new BackupError(`Could not read the backup key ${file}: ${(err as Error).message}`);
  }
}

/** The key new backups are signed with: BACKUP_KEY, else DATA_DIR/backup.key, created (0600) when missing. */
export async function backupKey(config: Pick<Config, 'dataDir' | 'backups'>): Promise<BackupKey> {
  if (config.backups.key) return keyFrom(config.backups.key, 'BACKUP_KEY');
  const file = backupKeyFile(config);
  const found = await keyFromFile(file);
  if (found) return found;
  try {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: PRIVATE_FILE });
  } catch (err) {
    // Another process created it a moment ago: use that one.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await keyFromFile(file))!;
  }
  return { ...(await keyFromFile(file))!, created: true };
}

/**
 * The key a restore checks with: the file given (`--key-file`), else BACKUP_KEY, else an existing
 * DATA_DIR/backup.key; undefined when there is none.
 */
export async function restoreKey(
  config: Pick<Config, 'dataDir' | 'backups'>,
  keyFile?: string,
): Promise<BackupKey | undefined> {
  if (keyFile) {
    const key = await keyFromFile(keyFile);
    if (!key) throw new BackupError(`There is no backup key file ${keyFile}.`);
    return key;
  }
  if (config.backups.key) return keyFrom(config.backups.key, 'BACKUP_KEY');
  return keyFromFile(backupKeyFile(config));
}

interface Signature {
  algorithm: 'HMAC-SHA256';
  key: string;
  hmac: string;
}

const hmacOf = (key: BackupKey, manifest: Buffer) =>
  createHmac('sha256', key.secret).update(manifest).digest();

/** The text of `manifest.hmac` for these manifest bytes. */
export function signManifest(key: BackupKey, manifest: Buffer): string {
  const signature: Signature = {
    algorithm: 'HMAC-SHA256',
    key: key.id,
    hmac: hmacOf(key, manifest).toString('hex'),
  };
  return `${JSON.stringify(signature)}\n`;
}

/** Throws a BackupError unless `signatureText` is this key's signature of the manifest bytes. */
export function checkSignature(key: BackupKey, manifest: Buffer, signatureText: string | undefined) {
  const advice =
    'Refusing to restore it. Give the key the backup was made with (--key-file, or BACKUP_KEY); only if you are ' +
    'sure where the folder came from, --skip-key-check restores it unchecked.';
  if (signatureText === undefined)
    throw new BackupError(`The backup has no ${SIGNATURE}: nothing proves CampusRun wrote it. ${advice}`);
  let signature: Partial<Signature> = {};
  try {
    signature = JSON.parse(signatureText) as Partial<Signature>;
  } catch {
    // an unreadable signature does not match below
  }
  const expected = hmacOf(key, manifest);
  const given = Buffer.from(typeof signature.hmac === 'string' ? signature.hmac : '', 'hex');
  if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  if (typeof signature.key === 'string' && signature.key !== key.id)
    throw new BackupError(
      `The backup was signed with another backup key (id ${signature.key}) than ${key.source} (id ${key.id}). ${advice}`,
    );
  throw new BackupError(
    `The backup's manifest.json does not match its signature: it was changed after the backup was written. ${advice}`,
  );
}
