// Writes a backup of the database and the photos into DIR/<UTC timestamp>/ (default
// DATA_DIR/backups), whether the server is running or not:
//
//   npm run backup [-- --to DIR]
//
// It uses DATABASE_URL, or the embedded PostgreSQL server in DATA_DIR (through the running server's
// socket, or started for the backup). The manifest is signed with BACKUP_KEY or DATA_DIR/backup.key
// (created on the first backup). With S3_BUCKET set, the backup is copied into the bucket as well
// (<S3_PREFIX>/backups/<name>/). See README.md, "Backups".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../src/backup/dump';
import { privateDir } from '../src/lib/data-dir';
import { bucketBackups } from '../src/backup/bucket';
import { backupKey } from '../src/backup/key';
import { BackupError } from '../src/backup/manifest';
import { backupsDir, photoSource } from '../src/backup/schedule';
import { databaseToBackUp } from '../src/backup/target';
import { ConfigError, loadConfig } from '../src/config';
import { EmbeddedPostgresError } from '../src/db/client';

/** A path typed by the operator, from the folder npm was run in (npm runs scripts at the root). */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const USAGE = 'Usage: npm run backup [-- --to DIR]';

async function main(): Promise<number> {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ options: { to: { type: 'string' } } }));
  } catch {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  // DATA_DIR/backups is made private when looser; a folder given with --to is the operator's (each backup in it is 0700).
  if (!to) await privateDir(backupsDir(config));
  const key = await backupKey(config);
  const database = await databaseToBackUp(config);
  try {
    const result = await createBackup({
      url: database.url,
      photos: photoSource(config),
      to: to ? fromCaller(to) : backupsDir(config),
      key,
    });
    const rows = result.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const { photos } = result.manifest;
    console.log(
      `Backed up ${rows} rows in ${result.manifest.tables.length} tables` +
        (photos.copied ? ` and ${photos.files} photo file(s)` : ` (photos stay in bucket ${photos.bucket})`) +
        ` from ${database.where} into ${result.folder} (${result.sizeBytes} bytes).`,
    );
    if (config.s3) {
      const bucket = bucketBackups(config.s3);
      await bucket.upload(result.folder);
      console.log(`Copied it into ${bucket.where}${path.basename(result.folder)}/.`);
    }
    console.log(
      key.created
        ? `Its manifest is signed with a new backup key, ${key.source}. Keep a copy of that file apart from the backups: a restore needs it.`
        : `Its manifest is signed with the backup key from ${key.source} (id ${key.id}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
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
