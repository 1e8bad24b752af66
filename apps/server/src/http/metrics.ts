import type { FastifyInstance } from 'fastify';
import type { BackupSchedule } from '../backup/schedule';
import type { Database } from '../db/client';
import type { AppContext } from '../lib/app-context';
import type { JobQueue } from '../lib/jobs';
import type { Metrics } from '../lib/metrics';
import type { RedisHealth } from '../lib/redis';
import type { RealtimeServer } from '../realtime/gateway';

/**
 * What /api/metrics reports besides the caches: open sockets, the database pool, backups, whether
 * Redis answers, every answer.
 */
export function recordMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  parts: {
    io: RealtimeServer;
    database: Database;
    pages: AppContext['pages'];
    backups: BackupSchedule;
    redis?: RedisHealth;
    jobs?: JobQueue;
  },
) {
  const { io, database, pages, backups, redis, jobs } = parts;
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
  }
  metrics.addCacheStats('page', () => pages.stats());
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
  if (jobs)
    metrics.addCounter(
      'follow_up_failures_total',
      'Tries of queued follow-ups (away e-mails, pushes) on this process that failed, by queue; each is tried again',
      () => jobs.failures(),
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
