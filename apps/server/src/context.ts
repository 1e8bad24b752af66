import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppContext } from './lib/app-context';
import { createEvents } from './lib/events';
import { countSends, createMailer, type Mailer, type MailOutcome } from './lib/mailer';
import { createPageCache, PAGE_CACHE_LIMITS } from './lib/page-cache';
import { createLimiterFactory } from './lib/rate-limit';
import { openRedis, type SharedRedis } from './lib/redis';
import { createStorage } from './lib/storage';
import { createJwt } from './lib/tokens';

export interface OpenedContext {
  ctx: AppContext;
  /** The shared Redis client and whether it answers, when REDIS_URL is set (limits, the change channel, health). */
  redis: SharedRedis | undefined;
  /** The mails sent and failed since the process started, by outcome (GET /api/metrics). */
  mailOutcomes(): Record<MailOutcome, number>;
  /** Ends what the context opened (Redis, the mailer it made). */
  close(): Promise<void>;
}

/** The `AppContext` every feature is built from: the server's and the demo seed's. */
export async function openContext(
  config: Config,
  database: Database,
  opts: { log: FastifyBaseLogger; mailer?: Mailer },
): Promise<OpenedContext> {
  const { log } = opts;
  const redis = config.redisUrl
    ? await openRedis(config.redisUrl, log, { prefix: config.redisPrefix })
    : undefined;
  const mailer = countSends(
    opts.mailer ??
      (await createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        log,
        logHints: config.env === 'development',
      })),
  );
  const ctx: AppContext = {
    db: database.db,
    config,
    mailer,
    jwt: createJwt(config.jwtSecrets, config.jwtTtl),
    limiter: createLimiterFactory(redis),
    log,
    events: createEvents(log),
    pages: createPageCache({ ...PAGE_CACHE_LIMITS, maxEntries: config.pageCacheEntries }),
    ownPages: createPageCache({ ...PAGE_CACHE_LIMITS, maxEntries: config.pageCacheEntries }),
    storage: await createStorage(config),
  };
  return {
    ctx,
    redis,
    mailOutcomes: mailer.outcomes,
    async close() {
      if (!opts.mailer) mailer.close();
      await redis?.close();
    },
  };
}
