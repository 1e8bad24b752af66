// Restores a backup made by `npm run backup` (or the server's scheduled backups):
//
//   npm run restore -- PATH [--force] [--key-file FILE | --skip-key-check]
//   npm run restore -- --from-bucket NAME|latest [--force] [--key-file FILE | --skip-key-check]
//
// --from-bucket fetches the copy the server keeps in S3_BUCKET (under S3_PREFIX) into DATA_DIR
// first and restores it like a folder; with no NAME given, it lists the copies there.
// The manifest's signature is checked with the backup key (--key-file, else BACKUP_KEY, else
// DATA_DIR/backup.key), and every file against the manifest, first. It loads into DATABASE_URL, or into the
// embedded PostgreSQL server in DATA_DIR (stop the server first), and the photos into
// DATA_DIR/uploads. A database with rows or an uploads folder with files is replaced only with
// --force. Start CampusRun afterwards: it brings an older backup up to date. See README.md, "Backups".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { bucketBackups } from '../src/backup/bucket';
import { backupKeyFile, restoreKey } from '../src/backup/key';
import { BackupError, verifyBackup, type KeyCheck } from '../src/backup/manifest';
import { restoreBackup } from '../src/backup/restore';
import { databaseToRestore } from '../src/backup/target';
import { backupsDir } from '../src/backup/schedule';
import { type Config, ConfigError, loadConfig } from '../src/config';
import { EmbeddedPostgresError } from '../src/db/client';
import { PRIVATE_FILE, privateDir } from '../src/lib/data-dir';
import { uploadsDir } from '../src/lib/storage';

/** A path typed by the operator, from the folder npm was run in (npm runs scripts at the root). */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const USAGE =
  'Usage: npm run restore -- PATH|--from-bucket NAME|latest [--force] [--key-file FILE | --skip-key-check]';

const NO_KEY =
  'There is no backup key to check the backup with: give the key it was made with, --key-file FILE ' +
  '(the backup.key kept from the DATA_DIR that made it) or BACKUP_KEY. Only if you are sure where the ' +
  'folder came from, --skip-key-check restores it unchecked.';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        force: { type: 'boolean' },
        'key-file': { type: 'string' },
        'skip-key-check': { type: 'boolean' },
        'from-bucket': { type: 'boolean' },
      },
      allowPositionals: true,
    });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const keyFile = args.values['key-file'];
  const skip = args.values['skip-key-check'] ?? false;
  const fromBucket = args.values['from-bucket'] ?? false;
  if (args.positionals.length > 1 || (!fromBucket && !args.positionals.length) || (skip && keyFile)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!fromBucket) return restore(config, fromCaller(args.positionals[0]!), args.values);
  if (!config.s3) throw new BackupError('--from-bucket needs S3_BUCKET (and its S3_ settings).');
  const bucket = bucketBackups(config.s3);
  const names = await bucket.list();
  const wanted = args.positionals[0];
  if (!wanted) {
    console.log(names.length ? names.join('\n') : `There are no backups in ${bucket.where}.`);
    return 0;
  }
  const name = wanted === 'latest' ? names.at(-1) : wanted;
  if (!name) throw new BackupError(`There are no backups in ${bucket.where}.`);
  // Fetched beside the server's own backups (0700), and removed once restored or refused.
  await privateDir(backupsDir(config));
  const folder = path.join(backupsDir(config), `.fetched-${name}-${randomBytes(4).toString('hex')}`);
  try {
    await bucket.download(name, folder);
    console.log(`Fetched ${bucket.where}${name}/.`);
    return await restore(config, folder, args.values);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function restore(
  config: Config,
  folder: string,
  options: { force?: boolean; 'key-file'?: string; 'skip-key-check'?: boolean },
): Promise<number> {
  const keyFile = options['key-file'];
  const skip = options['skip-key-check'] ?? false;
  // Checked before anything is started or touched.
  const key = skip ? undefined : await restoreKey(config, keyFile && fromCaller(keyFile));
  if (!skip && !key) throw new BackupError(NO_KEY);
  const check: KeyCheck = key ? { key } : { skipKeyCheck: true };
  if (skip)
    console.error(
      'Warning: --skip-key-check: the backup is restored without checking its signature; anyone who could ' +
        'write to that folder could have changed its data.',
    );
  const manifest = await verifyBackup(folder, check);
  const database = await databaseToRestore(config);
  try {
    await restoreBackup(folder, manifest, {
      url: database.url,
      uploadsDir: uploadsDir(config),
      force: options.force ?? false,
    });
  } finally {
    await database.close();
  }
  // The key given for this restore signs this DATA_DIR's next backups, unless it has one already.
  if (keyFile && key && !config.backups.key)
    await writeFile(backupKeyFile(config), key.secret, { flag: 'wx', mode: PRIVATE_FILE }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      },
    );
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const { photos } = manifest;
  console.log(
    `Restored ${folder} (${rows} rows in ${manifest.tables.length} tables, taken ${manifest.createdAt}) into ${database.where}` +
      (photos.copied ? `, and ${photos.files} photo file(s) into ${uploadsDir(config)}.` : '.'),
  );
  if (!photos.copied) console.log(`Its photos were not part of it: they are in the bucket ${photos.bucket}.`);
  else if (config.s3)
    console.log('S3_BUCKET is set: copy the restored photos into the bucket with `npm run storage:migrate`.');
  console.log('Start CampusRun: it brings the database up to this version with its migrations.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known =
      err instanceof ConfigError || err instanceof EmbeddedPostgresError || err instanceof BackupError;
    console.error(known ? err.message : err);
    process.exit(1);
  },
);
