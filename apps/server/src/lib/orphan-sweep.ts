import type { AppContext } from './app-context';
import type { Database, Db } from '../db/client';
import type { Storage } from './storage';
import { startSweep } from './sweep';

/** Files younger than this are left alone: their row may still be on its way to commit. */
const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/** How often each process offers to sweep; one of them at a time does (advisory lock). */
const ORPHAN_SWEEP_EVERY_MS = 15 * 60 * 1000;
/** Advisory lock key of the sweep (the migrations use another). */
const SWEEP_LOCK = 724243;
const BATCH = 500;

/** A folder of uploaded photos and the module whose rows refer to them. */
export interface UploadFolder {
  /** The folder its files sit directly in, e.g. 'products/'; a deeper key is not this deployment's. */
  folder: string;
  /** Which of `keys` (at most 500) a row still refers to. */
  inUse(db: Db, keys: string[]): Promise<Iterable<string>>;
}

/**
 * Removes the photos of `folders` that no row refers to and older than `minAgeMs`: files left by a
 * process that stopped between its upload and its commit, whose removal after a commit failed, or
 * whose row went with its owner's account. For each folder it lists the storage first (only this
 * deployment's own keys: the bucket's S3_PREFIX), then asks the database about them in batches of
 * `BATCH`, one short query each, with no transaction open meanwhile. With several processes one
 * sweeps and the others skip (an advisory lock held outside any transaction). Answers how many files
 * were removed, or undefined when another process is sweeping.
 */
export async function sweepOrphanUploads(
  database: Pick<Database, 'db' | 'whileLocked'>,
  storage: Pick<Storage, 'list' | 'delete'>,
  folders: readonly UploadFolder[],
  { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS } = {},
): Promise<number | undefined> {
  return database.whileLocked(SWEEP_LOCK, async () => {
    let removed = 0;
    for (const { folder, inUse } of folders) {
      const old: string[] = [];
      for await (const entry of storage.list(folder)) {
        const name = entry.key.slice(folder.length);
        if (entry.key.startsWith(folder) && name !== '' && !name.includes('/'))
          if (now - entry.lastModified.getTime() >= minAgeMs) old.push(entry.key);
      }
      for (let i = 0; i < old.length; i += BATCH) {
        const keys = old.slice(i, i + BATCH);
        const kept = new Set(await inUse(database.db, keys));
        for (const key of keys)
          if (!kept.has(key)) {
            await storage.delete(key);
            removed++;
          }
      }
    }
    return removed;
  });
}

/** Offers to sweep every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startOrphanSweep(
  ctx: Pick<AppContext, 'storage'> & { log: Pick<AppContext['log'], 'error' | 'info'> },
  database: Pick<Database, 'db' | 'whileLocked'>,
  folders: readonly UploadFolder[],
  everyMs = ORPHAN_SWEEP_EVERY_MS,
) {
  const sweep = async () => {
    const removed = await sweepOrphanUploads(database, ctx.storage, folders);
    if (removed) ctx.log.info({ removed }, 'removed orphaned uploads');
  };
  return startSweep(sweep, everyMs, ctx.log, 'orphaned upload sweep failed');
}
