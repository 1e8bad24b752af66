import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/**
 * A PostgreSQL job queue (pg-boss, in its own `pgboss` schema, over the app's pool). A job is fetched
 * by exactly one worker of all the processes sharing the database, at the earliest at its
 * `startAfter`; a `singletonKey` keeps one queued job per key.
 */
export async function createJobQueue(
  database: Pick<Database, 'query'>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.query(text, values) as Promise<{ rows: never[] }> },
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return {
    /** A queue where only one job per singletonKey waits at a time. */
    createQueue: (name: string) => boss.createQueue(name, { name, policy: 'short', retryLimit: 2 }),
    send: (name: string, data: object, options: { startAfter?: number; singletonKey?: string } = {}) =>
      boss.send(name, data, options),
    work: <T extends object>(name: string, handler: (data: T) => Promise<void>) =>
      boss.work<T>(name, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      }),
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 5000 }),
  };
}
export type JobQueue = Awaited<ReturnType<typeof createJobQueue>>;
