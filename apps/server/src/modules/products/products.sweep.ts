import { inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/app-context';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
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

/**
 * Removes product photos no image row refers to and older than `minAgeMs`: files left by a process
 * that stopped between its upload and its commit, or whose removal after a commit failed. Runs under
 * a transaction-scoped advisory lock, so with several processes one sweeps and the others skip.
 * Answers how many files were removed, or undefined when another process holds the lock.
 */
export async function sweepOrphanUploads(
  db: Db,
  storage: Pick<Storage, 'list' | 'delete'>,
  { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS } = {},
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
    );
    if (!lock?.locked) return undefined;
    let removed = 0;
    const sweep = async (keys: string[]) => {
      if (keys.length === 0) return;
      const used = await tx
        .select({ path: productImages.path, thumbPath: productImages.thumbPath })
        .from(productImages)
        .where(or(inArray(productImages.path, keys), inArray(productImages.thumbPath, keys)));
      const kept = new Set(used.flatMap((r) => [r.path, r.thumbPath]));
      for (const key of keys)
        if (!kept.has(key)) {
          await storage.delete(key);
          removed++;
        }
    };
    let batch: string[] = [];
    for await (const entry of storage.list('products/')) {
      if (now - entry.lastModified.getTime() < minAgeMs) continue;
      batch.push(entry.key);
      if (batch.length >= BATCH) {
        await sweep(batch);
        batch = [];
      }
    }
    await sweep(batch);
    return removed;
  });
}

/** Offers to sweep every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startOrphanSweep(
  ctx: Pick<AppContext, 'db' | 'storage'> & { log: Pick<AppContext['log'], 'error' | 'info'> },
  everyMs = ORPHAN_SWEEP_EVERY_MS,
) {
  const sweep = async () => {
    const removed = await sweepOrphanUploads(ctx.db, ctx.storage);
    if (removed) ctx.log.info({ removed }, 'removed orphaned uploads');
  };
  return startSweep(sweep, everyMs, ctx.log, 'orphaned upload sweep failed');
}
