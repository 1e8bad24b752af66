import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import { queryRows } from '../db/rows';
import { inSpan, SpanKind } from './tracing';

/** A job to queue: run once, by one process, at the earliest `startAfterSeconds` from now. */
export interface JobSpec {
  queue: string;
  data: object;
  startAfterSeconds?: number;
  /** At most one such job waits at a time (in a queue created with `oneWaitingPerKey`). */
  singletonKey?: string;
}

/** How long an idle worker waits before it asks its queue again. */
const POLL_MS = 500;
/** How often a batch's outcome is tried again while the database refuses. */
const SETTLE_RETRY_MS = 1000;
/** How long `stop` waits for the batches in hand to finish. */
const STOP_WAIT_MS = 5000;
/** How long counting the waiting jobs (at each scrape of the metrics) may take before it is left out. */
const DEPTH_TIMEOUT_MS = 1000;

/**
 * Jobs due and not yet fetched, by queue (0 for a queue with none): pg-boss's own partial index on
 * (name, start_after) of the jobs not yet active answers it. Jobs whose time has not come (an away
 * e-mail's delay, a retry's back-off) are not counted.
 */
const DEPTH_SQL = `select q.name, (select count(*) from pgboss.job j
  where j.name = q.name and j.state < 'active' and j.start_after <= now())::int as due
  from pgboss.queue q`;

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }).catch(() => undefined);

/** How a failed job is tried again: up to 5 more times, about 2 s after the first failure, the wait doubling each time. */
const RETRIES = { retryLimit: 5, retryDelay: 2, retryBackoff: true } as const;

/**
 * The queue's own statements run in the caller's transaction: its `$n` placeholders become
 * parameters of one drizzle statement (an absent value, null).
 */
const inTransaction = (tx: Executor): PgBoss.Db => ({
  async executeSql(text, values: unknown[] = []) {
    const chunks = text
      .split(/\$(\d+)/)
      .map((part, i) => (i % 2 ? sql.param(values[Number(part) - 1] ?? null) : sql.raw(part)));
    return { rows: await queryRows<unknown>(tx, sql.join(chunks)) };
  },
});

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
 * Jobs due and waiting for a worker, by queue (GET /api/metrics); rejects when counting takes longer
 * than DEPTH_TIMEOUT_MS.
 */
async function queueDepth(database: Pick<Database, 'query'>): Promise<Record<string, number>> {
  let timer: NodeJS.Timeout | undefined;
  const { rows } = await Promise.race([
    database.query(DEPTH_SQL),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('job queue depth timed out')), DEPTH_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return Object.fromEntries((rows as { name: string; due: number }[]).map((r) => [r.name, r.due]));
}

/** One job's run: a trace of its own while tracing is on. */
const runJob = <T>(queue: string, id: string, handler: (data: T) => Promise<void>, data: T) =>
  inSpan(
    `job ${queue}`,
    { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue, 'campusrun.job.id': id },
    () => handler(data),
    { kind: SpanKind.CONSUMER },
  );

/**
 * A PostgreSQL job queue (pg-boss, in its own `pgboss` schema, over the app's pool). A job is fetched
 * by exactly one worker of all the processes sharing the database, at the earliest at its
 * `startAfter`; a `singletonKey` keeps one queued job per key. Processes that start together may
 * race while setting up its schema and tables: the loser starts again.
 */
export async function createJobQueue(
  database: Pick<Database, 'query'>,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
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
  /** Failed attempts by queue since the process started (GET /api/metrics). */
  const failures = new Map<string, number>();
  const workers: Promise<void>[] = [];
  const stopping = new AbortController();
  return {
    /**
     * A queue whose failed jobs are tried again with back-off; with `oneWaitingPerKey`, only one job
     * per singletonKey waits at a time.
     */
    createQueue: (name: string, options: { oneWaitingPerKey?: boolean } = {}) => {
      const policy: PgBoss.QueuePolicy = options.oneWaitingPerKey ? 'short' : 'standard';
      const settings = { name, policy, ...RETRIES };
      // A queue made before keeps its row: its retries are brought up to date.
      return retrySetupRaces(async () => {
        await boss.createQueue(name, settings);
        await boss.updateQueue(name, settings);
      });
    },
    send: (name: string, data: object, options: { startAfter?: number; singletonKey?: string } = {}) =>
      boss.send(name, data, options),
    /** Queues one job per item of `data`, in one statement. */
    sendMany: async (name: string, data: object[]) => {
      if (data.length) await boss.insert(data.map((d) => ({ name, data: d })));
    },
    /**
     * Queues jobs in the caller's transaction, in one statement: they exist only if it commits. A job
     * whose singletonKey already waits is left out.
     */
    queueIn: async (tx: Executor, specs: JobSpec[]) => {
      if (specs.length === 0) return;
      await boss.insert(
        specs.map((j) => ({
          name: j.queue,
          data: j.data,
          singletonKey: j.singletonKey,
          startAfter: j.startAfterSeconds ? String(j.startAfterSeconds) : undefined,
        })),
        { db: inTransaction(tx) },
      );
    },
    /**
     * Runs `handler` for each fetched job, a batch at a time, on this process until `stop`. A job that
     * throws is counted, logged with its data and failed alone: the queue tries it again later (see
     * RETRIES).
     */
    work: async <T extends object>(name: string, handler: (data: T) => Promise<void>, batchSize = 5) => {
      workers.push(runWorker(name, handler, batchSize));
    },
    failures: () => Object.fromEntries(failures),
    /** Jobs due and waiting for a worker, by queue: the same on every process sharing the database. */
    depth: () => queueDepth(database),
    stop: async () => {
      stopping.abort();
      const waited = new AbortController();
      await Promise.race([Promise.all(workers), pause(STOP_WAIT_MS, waited.signal)]);
      waited.abort();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 5000 });
    },
  };

  /**
   * The worker's loop. Nothing of it may reject: a fetch the database refuses is logged and tried
   * again after the poll interval, and a batch's outcome is recorded with `settle`.
   */
  async function runWorker<T extends object>(
    name: string,
    handler: (data: T) => Promise<void>,
    batchSize: number,
  ) {
    while (!stopping.signal.aborted) {
      let batch: PgBoss.JobWithMetadata<T>[] = [];
      try {
        batch = await boss.fetch<T>(name, { batchSize, includeMetadata: true });
      } catch (err) {
        log.warn({ err, queue: name }, 'job queue unreachable; fetching again shortly');
      }
      if (batch.length === 0) {
        await pause(POLL_MS, stopping.signal);
        continue;
      }
      const results = await Promise.allSettled(batch.map((job) => runJob(name, job.id, handler, job.data)));
      const done: string[] = [];
      const failed: string[] = [];
      results.forEach((result, i) => {
        const job = batch[i]!;
        if (result.status === 'fulfilled') return void done.push(job.id);
        failed.push(job.id);
        failures.set(name, (failures.get(name) ?? 0) + 1);
        log.warn(
          { err: result.reason, queue: name, job: job.id, attempt: job.retryCount + 1, data: job.data },
          job.retryCount >= job.retryLimit
            ? 'job failed for the last time'
            : 'job failed; it will be tried again',
        );
      });
      await settle(name, done, failed);
    }
  }

  /**
   * Marks a batch's jobs completed or failed, trying again every second while the database refuses:
   * a job left active would be run again only when it expires (15 minutes), and a completed one
   * would be run twice. On shutdown it gives up; the jobs then expire and are run again.
   */
  async function settle(name: string, done: string[], failed: string[]) {
    let todo = { done, failed };
    for (;;) {
      try {
        if (todo.done.length) await boss.complete(name, todo.done);
        todo = { done: [], failed: todo.failed };
        if (todo.failed.length) await boss.fail(name, todo.failed);
        return;
      } catch (err) {
        if (stopping.signal.aborted) {
          log.error({ err, queue: name, jobs: [...todo.done, ...todo.failed] }, 'job outcomes not recorded');
          return;
        }
        log.warn({ err, queue: name }, 'job outcomes not recorded yet; trying again shortly');
        await pause(SETTLE_RETRY_MS, stopping.signal);
      }
    }
  }
}
export type JobQueue = Awaited<ReturnType<typeof createJobQueue>>;
