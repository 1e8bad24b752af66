import type { FastifyInstance } from 'fastify';
import type { BackupSchedule } from '../backup/schedule';
import type { Database } from '../db/client';
import type { AppContext } from '../lib/app-context';
import type { JobQueue } from '../lib/jobs';
import type { MailOutcome } from '../lib/mailer';
import type { Metrics } from '../lib/metrics';
import type { RedisHealth } from '../lib/redis';
import type { PushService } from '../modules/push/push.service';
import type { RealtimeServer } from '../realtime/gateway';

/**
 * What /api/metrics reports besides the caches: open sockets, the database pool, backups, whether
 * Redis answers, the job queue, pushes and e-mails by outcome, every answer.
 */
export function recordMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  parts: {
    io: RealtimeServer;
    database: Database;
    pages: AppContext['pages'];
    ownPages: AppContext['ownPages'];
    backups: BackupSchedule;
    redis?: RedisHealth;
    jobs?: JobQueue;
    push: Pick<PushService, 'outcomes'>;
    mailOutcomes: () => Record<MailOutcome, number>;
  },
) {
  const { io, database, pages, ownPages, backups, redis, jobs, push, mailOutcomes } = parts;
  if (redis)
    metrics.addGauge('redis_up', 'Whether Redis answers this process (1) or not (0)', () =>
      redis.up ? 1 : 0,
    );
  metrics.addGauge(
    'socketio_connected_sockets',
    'Open sockets on this process',
    () => io.engine.clientsCount,
  );
  if (database.pool) {
    const pool = database.pool;
    metrics.addGauge('db_pool_connections', 'Database pool connections by state', () => ({
      in_use: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    metrics.addGauge(
      'db_pool_max_connections',
      'The most connections the database pool opens; past them, queries wait',
      () => pool.options.max ?? NaN,
    );
  }
  metrics.addCacheStats('page', () => pages.stats());
  metrics.addCacheStats('own_page', () => ownPages.stats());
  // The same on every process sharing the database: read from backup_runs at each scrape.
  metrics.addGauge(
    'backup_last_success_timestamp_seconds',
    'When the newest good backup was taken (seconds since the epoch); absent before the first',
    async () => ((await backups.lastGood())?.at.getTime() ?? NaN) / 1000,
  );
  metrics.addGauge(
    'backup_last_success_size_bytes',
    'Size of the newest good backup in bytes; absent before the first',
    async () => (await backups.lastGood())?.sizeBytes ?? NaN,
  );
  metrics.addCounter('backup_failures_total', 'Backups this process attempted that failed', () =>
    backups.failures(),
  );
  if (jobs) {
    metrics.addCounter(
      'follow_up_failures_total',
      'Tries of queued follow-ups (away e-mails, pushes) on this process that failed, by queue; each is tried again',
      () => jobs.failures(),
    );
    metrics.addGauge(
      'job_queue_depth',
      'Jobs due and waiting for a worker, by queue (the same on every process sharing the database)',
      () => jobs.depth(),
      'queue',
    );
  }
  metrics.addCounter(
    'push_sends_total',
    'Web Push sends by this process, by outcome: sent, gone (the subscription ended), refused (endpoint not public), failed (error or no answer in time; tried again), dropped (too many waiting; tried again)',
    () => push.outcomes(),
    'outcome',
  );
  metrics.addCounter(
    'email_sends_total',
    'Mails this process handed to the mail server, by outcome: sent or failed',
    mailOutcomes,
    'outcome',
  );
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
