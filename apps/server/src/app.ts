import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, publicCampusConfig } from './config';
import { openContext } from './context';
import type { Database } from './db/client';
import { compressAnswers } from './http/compression';
import { setErrorHandling } from './http/error-handler';
import { recordMetrics } from './http/metrics';
import { openApi } from './http/openapi';
import { serverOptions } from './http/options';
import { registerRoutes } from './http/routes';
import { requestLimits, securityHeaders } from './http/security';
import { traceRequests } from './http/tracing';
import { serveWebApp } from './http/web-pages';
import { openJobQueue, startJobs } from './jobs';
import { createAuthenticator, createGuards } from './lib/auth';
import type { Mailer } from './lib/mailer';
import { createMetrics } from './lib/metrics';
import { createPageSessions } from './lib/page-session';
import { createCounterFactory } from './lib/rate-limit';
import type { Resolver } from './lib/public-address';
import { compileResponseSerializer } from './lib/serializer';
import { openLiveCaches } from './live-changes';
import { touchSession } from './modules/identity/session.repo';
import { registerNotificationWriter } from './modules/notifications/notifications.writer';
import { attachRealtime, onlineUsersAmong, openRealtime } from './realtime/gateway';
import { createServices } from './services';

export interface AppOverrides {
  mailer?: Mailer;
  /**
   * Web Push: an extra certificate authority (the tests' local push service has its own) and how
   * endpoint host names are resolved (tests point a name wherever they like).
   */
  push?: { ca?: string | Buffer; resolve?: Resolver };
  /** Where log lines go (tests read them to prove secrets stay out). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server (API, docs, web app) on an open database. Never listens. */
export async function buildApp(config: Config, database: Database, overrides: AppOverrides = {}) {
  const app = Fastify(serverOptions(config, overrides.logStream)).withTypeProvider<ZodTypeProvider>();
  // First, so every later hook and handler runs inside the request's span.
  traceRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compileResponseSerializer);

  const opened = await openContext(config, database, { log: app.log, mailer: overrides.mailer });
  const { ctx, redis } = opened;
  registerNotificationWriter(ctx);
  const metrics = createMetrics();
  const live = await openLiveCaches(ctx, database, redis, metrics);
  const authenticate = createAuthenticator(ctx.jwt, live.sessionUsers, (sessionId) => {
    void touchSession(ctx.db, sessionId).catch((err: unknown) =>
      ctx.log.warn({ err }, 'session last-seen update failed'),
    );
  });
  const guards = createGuards(authenticate);
  // The page cookie: set and cleared by the identity routes, read by the page renderer.
  app.decorate('pageSessions', createPageSessions(ctx, authenticate));

  const io = await openRealtime(app, ctx, redis?.health, metrics);
  const presence = { onlineAmong: (ids: string[]) => onlineUsersAmong(io, ids) };
  const jobs = await openJobQueue(app, config, database);
  const services = createServices(ctx, { presence, jobs, push: overrides.push, metrics });
  attachRealtime(app, io, ctx, authenticate, services.chat, { watch: live.watch, pool: database.pool });
  const { backups } = await startJobs(app, ctx, services, database);
  recordMetrics(app, metrics, {
    io,
    database,
    pages: ctx.pages,
    ownPages: ctx.ownPages,
    backups,
    redis: redis?.health,
    jobs,
    push: services.push,
    mailOutcomes: opened.mailOutcomes,
  });
  app.addHook('onClose', async () => {
    await live.close();
    await opened.close();
  });

  setErrorHandling(app);
  securityHeaders(app);
  await compressAnswers(app);
  await requestLimits(app, ctx, createCounterFactory(redis));
  await openApi(app);
  await registerRoutes(app, { ctx, guards, services, metrics, redis });
  await serveWebApp(app, config.webDistDir, publicCampusConfig(config), services.previews);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
