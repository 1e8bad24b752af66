import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/**
 * Two processes setting up the queue's schema and tables at the same moment: PostgreSQL's "deadlock
 * detected", or "duplicate key" on its catalog when both create the schema (`CREATE SCHEMA IF NOT
 * EXISTS` is not safe against a concurrent create).
 */
const isSetupRace = (err: unknown) => {
  const e = err as { code?: string; schema?: string } | null;
  return e?.code === '40P01' || (e?.code === '23505' && e.schema === 'pg_catalog');
};

/** Runs `attempt` again (up to 5 times, after a short random wait) when it lost a setup race. */
async function retrySetupRaces<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isSetupRace(err) || i >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * i));
    }
  }
}

/**
 * A PostgreSQL job queue (pg-boss, in its own `pgboss` schema, over the app's pool). A job is fetched
 * by exactly one worker of all the processes sharing the database, at the earliest at its
 * `startAfter`; a `singletonKey` keeps one queued job per key. Processes that start together may
 * race while setting up its schema and tables: the loser starts again.
 */
export async function createJobQueue(
  database: Pick<Database, 'query'>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const boss = await retrySetupRaces(async () => {
    const instance = new PgBoss({
      db: { executeSql: (text, values) => database.query(text, values) as Promise<{ rows: never[] }> },
      schedule: false,
      supervise: true,
    });
    instance.on('error', (err) => log.error({ err }, 'job queue error'));
    try {
      return await instance.start();
    } catch (err) {
      // A failed start cannot be retried on the same instance.
      await instance.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
      throw err;
    }
  });
  return {
    /** A queue where only one job per singletonKey waits at a time. */
    createQueue: (name: string) =>
      retrySetupRaces(() => boss.createQueue(name, { name, policy: 'short', retryLimit: 2 })),
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
