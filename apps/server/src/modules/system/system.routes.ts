import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMON_MESSAGES, routes } from '@campusrun/shared';
import type { AppContext } from '../../lib/app-context';
import { type RouteDeps, served } from '../../lib/contract';
import { errorBody } from '../../lib/errors';
import { publicCampusConfig } from '../../config';
import { metricsAccess, type Metrics } from '../../lib/metrics';

/**
 * Calls a minute per address to the health check: ample for load balancers and uptime probes, few
 * enough that it cannot be used to keep the database busy. Counted apart from the global limit.
 */
const HEALTH_CHECKS_PER_MINUTE = 60;

/**
 * How long a database answer keeps the health check green: under a probe every few ms (a load
 * balancer, a bench) the database is asked at most once in this time, not once per call.
 */
export const HEALTH_DB_CHECK_MS = 1000;

/**
 * How long one readiness check may take before it counts as failed: a dependency that hangs makes
 * readiness answer 503 within this, so a load balancer turns away quickly.
 */
const READY_CHECK_TIMEOUT_MS = 1500;

/** What readiness checks: each dependency by name, throwing when it cannot be reached. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

const r = routes.system;

async function runCheck(check: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Every readiness check at once: 'ok' or 'failed' by name. */
async function runChecks(checks: ReadinessChecks) {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => runCheck(checks[name]!)));
  return Object.fromEntries(names.map((name, i) => [name, results[i]!]));
}

/**
 * Asks the database whether it answers, at most once in HEALTH_DB_CHECK_MS: undefined while the last
 * answer is that recent, else the check under way (shared by concurrent calls).
 */
function databaseHeartbeat(db: AppContext['db']) {
  let answeredAt = -Infinity;
  let pending: Promise<void> | undefined;
  return () => {
    if (performance.now() - answeredAt < HEALTH_DB_CHECK_MS) return undefined;
    pending ??= db
      .execute(sql`select 1`)
      .then(() => {
        answeredAt = performance.now();
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/**
 * Health (liveness), readiness, metrics and the campus settings the web app needs before anything
 * else.
 */
export function systemRoutes({
  ctx,
  service: ops,
}: RouteDeps<{ checks: ReadinessChecks; metrics: Metrics }>): FastifyPluginAsyncZod {
  const access = metricsAccess({ token: ctx.config.metricsToken, trustProxy: ctx.config.trustProxy });
  const campus = publicCampusConfig(ctx.config);
  const databaseAnswers = databaseHeartbeat(ctx.db);
  // Readiness for Prometheus: the same checks, run at each scrape (a scrape, like a readiness call,
  // waits at most READY_CHECK_TIMEOUT_MS for them).
  ops.metrics.addGauge(
    'readiness_check_up',
    'Whether each readiness check answered in time at this scrape (1) or not (0); /api/health/ready answers 503 while any is 0',
    async () => {
      const checks = await runChecks(ops.checks);
      return Object.fromEntries(Object.entries(checks).map(([name, r]) => [name, r === 'ok' ? 1 : 0]));
    },
    'check',
  );
  return async (app) => {
    app.route({
      ...served(r.health),
      config: {
        rateLimit: {
          max: ctx.config.rateLimits.health ?? HEALTH_CHECKS_PER_MINUTE,
          timeWindow: '1 minute',
        },
      },
      handler: async () => {
        await databaseAnswers();
        return { status: 'ok' as const };
      },
    });
    app.route({
      ...served(r.ready),
      config: { rateLimit: { max: HEALTH_CHECKS_PER_MINUTE, timeWindow: '1 minute' } },
      handler: async (_req, reply) => {
        const checks = await runChecks(ops.checks);
        if (Object.values(checks).every((r) => r === 'ok')) return { status: 'ok' as const, checks };
        return reply.code(503).send({ status: 'unavailable' as const, checks });
      },
    });
    app.route({
      ...served(r.metrics),
      handler: async (req, reply) => {
        const verdict = access(req);
        if (verdict === 'unauthorized')
          return reply.code(401).send(errorBody('UNAUTHORIZED', 'Unauthorized'));
        if (verdict === 'hidden')
          return reply.code(404).send(errorBody('NOT_FOUND', COMMON_MESSAGES.notFound));
        return reply.header('content-type', ops.metrics.contentType).send(await ops.metrics.text());
      },
    });
    app.route({
      ...served(r.config),
      handler: async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return campus;
      },
    });
  };
}
