import { inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context';
import type { Database } from '../../db/client';
import { productImages } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { startSweep } from '../../lib/sweep';

/** Files younger than this are left alone: their product row may still be on its way to commit. */
const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/** How often each process offers to sweep; one of them at a time does (advisory lock). */
const ORPHAN_SWEEP_EVERY_MS = 15 * 60 * 1000;
/** Advisory lock key of the sweep (the migrations use another). */
const SWEEP_LOCK = 724243;
const BATCH = 500;

/** A product photo sits directly in products/; a deeper key is not this deployment's. */
const PRODUCT_PHOTO = /^products\/[^/]+$/;

/**
 * Removes product photos no image row refers to and older than `minAgeMs`: files left by a process
 * that stopped between its upload and its commit, or whose removal after a commit failed. It lists
 * the storage first (only this deployment's own keys: the bucket's S3_PREFIX), then asks the database
 * about them in batches of `BATCH`, one short query each, with no transaction open meanwhile. With
 * several processes one sweeps and the others skip (an advisory lock held outside any transaction).
 * Answers how many files were removed, or undefined when another process is sweeping.
 */
export async function sweepOrphanUploads(
  database: Pick<Database, 'db' | 'whileLocked'>,
  storage: Pick<Storage, 'list' | 'delete'>,
  { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS } = {},
): Promise<number | undefined> {
  return database.whileLocked(SWEEP_LOCK, async () => {
    const old: string[] = [];
    for await (const entry of storage.list('products/'))
      if (PRODUCT_PHOTO.test(entry.key) && now - entry.lastModified.getTime() >= minAgeMs)
        old.push(entry.key);
    let removed = 0;
    for (let i = 0; i < old.length; i += BATCH) {
      const keys = old.slice(i, i + BATCH);
      const used = await database.db
        .select({ path: productImages.path, thumbPath: productImages.thumbPath })
        .from(productImages)
        .where(or(inArray(productImages.path, keys), inArray(productImages.thumbPath, keys)));
      const kept = new Set(used.flatMap((r) => [r.path, r.thumbPath]));
      for (const key of keys)
        if (!kept.has(key)) {
          await storage.delete(key);
          removed++;
        }
    }
    return removed;
  });
}

/** Offers to sweep every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startOrphanSweep(
  ctx: Pick<AppContext, 'storage'> & { log: Pick<AppContext['log'], 'error' | 'info'> },
  database: Pick<Database, 'db' | 'whileLocked'>,
  everyMs = ORPHAN_SWEEP_EVERY_MS,
) {
  const sweep = async () => {
    const removed = await sweepOrphanUploads(database, ctx.storage);
    if (removed) ctx.log.info({ removed }, 'removed orphaned uploads');
  };
  return startSweep(sweep, everyMs, ctx.log, 'orphaned upload sweep failed');
}
