import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campusConfigSchema } from '@campusrun/shared';
import type { AppContext } from '../../lib/context';

/**
 * Calls a minute per address to the health check: ample for load balancers and uptime probes, few
 * enough that it cannot be used to keep the database busy. Counted apart from the global limit.
 */
export const HEALTH_CHECKS_PER_MINUTE = 60;

/** Health and the campus settings the web app needs before anything else. */
export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const campus = {
    campusName: ctx.config.campusName,
    emailDomain: ctx.config.emailDomain,
    googleEnabled: Boolean(ctx.config.google),
    supportEmail: ctx.config.supportEmail,
  };
  return async (app) => {
    app.get(
      '/health',
      {
        config: {
          rateLimit: {
            max: ctx.config.rateLimits.health ?? HEALTH_CHECKS_PER_MINUTE,
            timeWindow: '1 minute',
          },
        },
        schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      },
    );
    app.get(
      '/config',
      { schema: { tags: ['system'], response: { 200: campusConfigSchema } } },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return campus;
      },
    );
  };
}
