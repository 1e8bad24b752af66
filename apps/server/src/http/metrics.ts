import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { AppContext } from '../lib/context';
import type { Metrics } from '../lib/metrics';
import type { RealtimeServer } from '../realtime/gateway';

/** What /api/metrics reports besides the caches: open sockets, the database pool, every answer. */
export function recordMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  parts: { io: RealtimeServer; database: Database; pages: AppContext['pages'] },
) {
  const { io, database, pages } = parts;
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
