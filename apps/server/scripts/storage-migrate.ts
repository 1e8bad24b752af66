// Copies the uploads of DATA_DIR/uploads into the bucket named by S3_BUCKET (same keys), for an
// operator moving from one process on local disk to several sharing a bucket. Files the bucket
// already holds with the same size are skipped, so it can be run again at any time.
//
//   npm run storage:migrate        (with the S3_* settings and DATA_DIR of the server)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { contentTypeOf, createLocalStorage, createStorage, uploadsDir } from '../src/lib/storage';

async function main() {
  const config = loadConfig();
  if (!config.s3)
    throw new ConfigError('Set S3_BUCKET (and the other S3_* settings) to the bucket to copy into.');
  const root = uploadsDir(config);
  const local = createLocalStorage(root);
  const bucket = await createStorage(config);

  const present = new Map<string, number>();
  for await (const entry of bucket.list('')) present.set(entry.key, entry.size);

  let copied = 0;
  let skipped = 0;
  for await (const entry of local.list('')) {
    if (present.get(entry.key) === entry.size) {
      skipped++;
      continue;
    }
    await bucket.put(entry.key, await readFile(path.join(root, entry.key)), contentTypeOf(entry.key));
    copied++;
  }
  console.log(
    `Copied ${copied} file(s) from ${root} to bucket ${config.s3.bucket}; ${skipped} already there.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
