// Restores a backup made by `npm run backup` (or the server's scheduled backups):
//
//   npm run restore -- PATH [--force]
//
// Every file is checked against the manifest first. It loads into DATABASE_URL, or into the
// embedded PostgreSQL server in DATA_DIR (stop the server first), and the photos into
// DATA_DIR/uploads. A database with rows or an uploads folder with files is replaced only with
// --force. Start CampusRun afterwards: it brings an older backup up to date. See README.md, "Backups".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, verifyBackup } from '../src/backup/manifest';
import { restoreBackup } from '../src/backup/restore';
import { databaseToRestore } from '../src/backup/target';
import { ConfigError, loadConfig } from '../src/config';
import { EmbeddedPostgresError } from '../src/db/client';
import { uploadsDir } from '../src/lib/storage';

/** A path typed by the operator, from the folder npm was run in (npm runs scripts at the root). */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const USAGE = 'Usage: npm run restore -- PATH [--force]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
  } catch {
    console.error(USAGE);
    return 2;
  }
  if (args.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const folder = fromCaller(args.positionals[0]!);
  const config = loadConfig();
  // Checked before anything is started or touched.
  const manifest = await verifyBackup(folder);
  const database = await databaseToRestore(config);
  try {
    await restoreBackup(folder, manifest, {
      url: database.url,
      uploadsDir: uploadsDir(config),
      force: args.values.force ?? false,
    });
  } finally {
    await database.close();
  }
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
