/**
 * The backups a running server takes on its own: every BACKUP_EVERY_HOURS into DATA_DIR/backups,
 * keeping the newest BACKUP_KEEP, and with S3_BUCKET set a copy of each in the bucket (the newest
 * BACKUP_KEEP there too), so losing the host loses no backup; a copy that fails fails the backup. Every process sharing the database checks at start-up and then
 * every few minutes whether one is due; a process claims it with a row in backup_runs (at most one
 * 'running' row can exist), so exactly one of them takes it.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { queryRows } from '../db/rows';
import { privateDir } from '../lib/data-dir';
import { startSweep } from '../lib/sweep';
import { createBackup, runnerName, type PhotoSource } from './dump';
import { backupKey } from './key';
import { completeBackups } from './manifest';
import { uploadsDir } from '../lib/storage';
import { bucketBackups } from './bucket';

/** How often each process looks whether a backup is due. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
/** A running backup proves it is alive this often; one silent for STALE_AFTER was left by a process that died. */
const HEARTBEAT_MS = 30_000;
const STALE_AFTER = '5 minutes';

export const backupsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'backups');

export const photoSource = (config: Pick<Config, 'dataDir' | 's3'>): PhotoSource =>
  config.s3
    ? { kind: 's3', bucket: config.s3.bucket, prefix: config.s3.prefix }
    : { kind: 'local', dir: uploadsDir(config) };

/** The newest backup that succeeded, as every process sharing the database sees it. */
async function lastGoodBackup(db: Db): Promise<{ at: Date; sizeBytes: number } | undefined> {
  const [row] = await queryRows<{ at: string; size: string }>(
    db,
    sql`select started_at::text as at, size_bytes::text as size from backup_runs
      where status = 'ok' order by started_at desc limit 1`,
  );
  return row ? { at: new Date(row.at), sizeBytes: Number(row.size) } : undefined;
}

/**
 * Claims the backup when the last good one is older than `everyHours` and none is running: answers
 * the claimed run's id, or undefined. A run whose heartbeat stopped is ended as failed first.
 */
async function claimDueBackup(db: Db, everyHours: number): Promise<string | undefined> {
  await db.execute(sql`update backup_runs set status = 'failed', finished_at = now(),
      error = 'the process running it stopped'
    where status = 'running' and heartbeat_at < now() - ${STALE_AFTER}::interval`);
  const [claimed] = await queryRows<{ id: string }>(
    db,
    sql`insert into backup_runs (status, runner)
      select 'running', ${runnerName()}
      where not exists (select 1 from backup_runs where status = 'ok'
        and started_at > now() - make_interval(secs => ${everyHours * 3600}))
      on conflict do nothing
      returning id`,
  );
  return claimed?.id;
}

export interface BackupSchedule {
  /** Backups this process attempted that failed, since it started. */
  failures(): number;
  lastGood(): ReturnType<typeof lastGoodBackup>;
  /** Waits for a check or backup under way, and ends the checks. */
  stop(): Promise<void>;
}

export function startBackupSchedule(
  deps: {
    db: Db;
    database: Pick<Database, 'url'>;
    config: Pick<Config, 'dataDir' | 's3' | 'backups'>;
    log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  },
  checkEveryMs = CHECK_EVERY_MS,
): BackupSchedule {
  const { db, config, log } = deps;
  const { everyHours, keep } = config.backups;
  let failures = 0;
  const run = async (id: string) => {
    const heartbeat = setInterval(() => {
      void db
        .execute(sql`update backup_runs set heartbeat_at = now() where id = ${id}`)
        .catch(() => undefined);
    }, HEARTBEAT_MS).unref();
    try {
      await privateDir(backupsDir(config));
      const key = await backupKey(config);
      if (key.created)
        log.info({ file: key.source }, 'backup key created: keep a copy apart from the backups');
      const result = await createBackup({
        url: deps.database.url,
        photos: photoSource(config),
        to: backupsDir(config),
        key,
      });
      const bucket = config.s3 && bucketBackups(config.s3);
      if (bucket) await bucket.upload(result.folder);
      await db.execute(sql`update backup_runs set status = 'ok', finished_at = now(),
          folder = ${result.folder}, size_bytes = ${result.sizeBytes} where id = ${id}`);
      log.info(
        {
          folder: result.folder,
          at: result.manifest.createdAt,
          bytes: result.sizeBytes,
          ...(bucket ? { copy: bucket.where } : {}),
        },
        'backup written',
      );
      // The new backup is good whatever happens here: a failed removal is only logged.
      await prune(backupsDir(config), keep).catch((err: unknown) =>
        log.error({ err }, 'removing old backups failed'),
      );
      if (bucket)
        await bucket
          .prune(keep)
          .catch((err: unknown) => log.error({ err }, 'removing old backups from the bucket failed'));
    } catch (err) {
      failures++;
      log.error({ err }, 'backup failed');
      await db
        .execute(
          sql`update backup_runs set status = 'failed', finished_at = now(),
            error = ${err instanceof Error ? err.message : String(err)} where id = ${id}`,
        )
        .catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  };
  const runIfDue = async () => {
    const id = await claimDueBackup(db, everyHours);
    if (id) await run(id);
  };
  const figures = { failures: () => failures, lastGood: () => lastGoodBackup(db) };
  if (everyHours <= 0) return { ...figures, stop: async () => {} };

  const first = (async () => {
    const last = await lastGoodBackup(db);
    if (last) log.info({ at: last.at.toISOString(), bytes: last.sizeBytes }, 'last good backup');
    else log.info('no good backup yet');
    await runIfDue();
  })().catch((err: unknown) => log.error({ err }, 'backup check failed'));
  const periodic = startSweep(
    runIfDue,
    Math.min(checkEveryMs, everyHours * 3600_000),
    log,
    'backup check failed',
  );
  return {
    ...figures,
    async stop() {
      await first;
      await periodic.stop();
    },
  };
}

/** Removes the oldest complete backups beyond `keep`; partial folders and anything else stay. */
async function prune(dir: string, keep: number) {
  const all = await completeBackups(dir);
  for (const folder of all.slice(0, Math.max(0, all.length - keep)))
    await rm(folder, { recursive: true, force: true });
}
