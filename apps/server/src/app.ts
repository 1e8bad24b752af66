import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody, CampusConfig, FieldError } from '@campusrun/shared';
import { type Config, publicCampusConfig } from './config';
import type { Database } from './db/client';
import { createAuthenticator, createGuards } from './lib/auth';
import { AppError, databaseErrorAnswer, tooManyRequests } from './lib/errors';
import { openChanges, type Change } from './lib/changes';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from './lib/security-headers';
import { compileResponseSerializer } from './lib/serializer';
import { createMetrics } from './lib/metrics';
import { createSessionCache } from './lib/session-cache';
import { uploadsRoutes } from './lib/storage';
import { createUploadLinks } from './lib/upload-links';
import { loadWebPages, type WebPage } from './lib/web-pages';
import type { Resolver } from './lib/public-address';
import { findSessionUser, notifyUserChanged } from './modules/auth/auth.repo';
import { touchSession } from './modules/auth/session.repo';
import { authRoutes } from './modules/auth/auth.routes';
import { avatarRoutes } from './modules/auth/avatar.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { registerNotificationWriter } from './modules/notifications/notifications.writer';
import { productRoutes } from './modules/products/products.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { blocksRoutes } from './modules/blocks/blocks.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { ratingsRoutes } from './modules/ratings/ratings.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { systemRoutes } from './modules/system/system.routes';
import { createJobQueue } from './lib/jobs';
import { emailsRoutes } from './modules/emails/emails.routes';
import { pushRoutes } from './modules/push/push.routes';
import { attachRealtime, onlineUsersAmong, openRealtime } from './realtime/gateway';
import { createServices } from './services';
import { openContext } from './context';
import type { AppEvent } from './lib/events';
import type { Mailer } from './lib/mailer';

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
  const app = Fastify({
    trustProxy: config.trustProxy,
    // A malformed address (bad percent-encoding) is an unknown page: the app's 404 screen or the
    // API's 404, through the usual not-found handling and hooks.
    rewriteUrl: (req) => {
      const url = req.url ?? '/';
      if (!url.includes('%')) return url;
      const pathname = url.split('?')[0]!;
      try {
        decodeURIComponent(pathname);
        return url;
      } catch {
        return pathname.startsWith('/api') ? '/api/malformed-address' : '/malformed-address';
      }
    },
    // An id longer than any of ours names nothing: 404 in the API's error shape (not Fastify's 414).
    // These answers skip the hooks, so they say no-store themselves.
    frameworkErrors: (error, _request, reply: FastifyReply) =>
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? reply
            .code(404)
            .header('cache-control', 'no-store')
            .send({ message: 'Not found', code: 'NOT_FOUND' } satisfies ApiErrorBody)
        : reply
            .code(400)
            .header('cache-control', 'no-store')
            .send({ message: 'Bad request', code: 'VALIDATION_FAILED' } satisfies ApiErrorBody),
    bodyLimit: 1024 * 1024,
    logger: {
      level: config.logLevel,
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
      // What a log line may say about a request, an answer or an error is chosen here, so no secret
      // can reach the log (and no redaction has to scan each line): never headers, bodies or query
      // strings (reset and sign-in links carry tokens there), never an error's extra fields.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
        res: (res) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    logController: new AccessLog(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compileResponseSerializer);

  const {
    ctx,
    redis,
    close: closeContext,
  } = await openContext(config, database, {
    log: app.log,
    mailer: overrides.mailer,
  });
  registerNotificationWriter(ctx);

  // The signed-in users and the shared pages, cached; every process drops a user as soon as any
  // process changes them, and every page as soon as any process writes requests or products (a
  // user's name and avatar show on pages too).
  const metrics = createMetrics();
  const sessionUsers = createSessionCache(
    (id) => findSessionUser(ctx.db, id),
    undefined,
    (hit) => metrics.recordCacheLookup('session', hit),
  );
  const apply = (change: Change) => {
    if (change.kind === 'user') sessionUsers.forget(change.userId);
    ctx.pages.invalidate();
  };
  const changes = await openChanges(
    {
      databaseUrl:
        database.kind === 'postgres' && config.changeChannel !== 'redis' ? config.databaseUrl : undefined,
      notify: (channel, payload) => notifyUserChanged(ctx.db, channel, payload),
      redis,
      log: app.log,
    },
    {
      changed: apply,
      live: (live) => {
        sessionUsers.setLive(live);
        ctx.pages.setLive(live);
      },
    },
  );
  // Applied here before the write's answer is sent, then announced to the other processes.
  ctx.events.on(async (event) => {
    const change = changeOf(event);
    if (!change) return;
    apply(change);
    await changes.publish(change);
  });
  const authenticate = createAuthenticator(ctx.jwt, sessionUsers, (sessionId) => {
    void touchSession(ctx.db, sessionId).catch((err: unknown) =>
      ctx.log.warn({ err }, 'session last-seen update failed'),
    );
  });
  const guards = createGuards(authenticate);
  const io = await openRealtime(app, ctx);
  const presence = { onlineAmong: (ids: string[]) => onlineUsersAmong(io, ids) };
  // Away e-mails go through the PostgreSQL job queue: one process sends each, whichever fetches it.
  const jobs = config.offlineEmail.enabled ? await createJobQueue(database, app.log) : undefined;
  if (jobs) app.addHook('onClose', () => jobs.stop());
  const services = createServices(ctx, { presence, jobs, push: overrides.push });
  const { push, emails } = services;
  attachRealtime(app, io, ctx, authenticate, services.chat);
  await emails.start();
  // Never in the way of the write that caused them: a slow push service delays nobody's answer.
  ctx.events.on((event) => {
    void push.onEvent(event).catch((err: unknown) => ctx.log.warn({ err }, 'push dispatch failed'));
    void emails.onEvent(event).catch((err: unknown) => ctx.log.warn({ err }, 'e-mail scheduling failed'));
  });
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
  metrics.addCacheStats('page', () => ctx.pages.stats());
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.addHook('onClose', async () => {
    await changes.close();
    await closeContext();
  });

  setErrorHandling(app);

  // Every answer carries the security headers, set from one prebuilt object (a short set for the
  // API's JSON answers, the pages' set for everything else). API answers belong to
  // one user and change all the time: no browser or shared cache keeps them. A route whose answer is
  // the same for everyone may say otherwise (GET /api/config) by setting its own Cache-Control.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url)) reply.headers(SECURITY_HEADERS);
    else {
      // The API's documentation is a page (HTML and scripts) under /api.
      reply.headers(request.url.startsWith('/api/docs') ? SECURITY_HEADERS : API_SECURITY_HEADERS);
      reply.header('cache-control', 'no-store');
    }
    done();
  });

  await app.register(rateLimit, {
    global: true,
    // Files (the web app's build files, photos) are not counted: one screen loads dozens of them,
    // and a campus network puts many students behind one address. API calls and pages are.
    allowList: (request) => isFileRequest(request.url),
    max: config.rateLimits.global,
    timeWindow: '1 minute',
    redis,
    nameSpace: 'rl:global:',
    errorResponseBuilder: (_req, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CampusRun API',
        version: '1.0.0',
        description: 'Errands and marketplace for one campus.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    systemRoutes(ctx, {
      metrics,
      checks: {
        database: () => ctx.db.execute(sql`select 1`),
        ...(redis && { redis: () => redis.ping() }),
        ...(config.s3 && { storage: () => ctx.storage.check() }),
      },
    }),
    { prefix: '/api' },
  );
  await app.register(authRoutes(ctx, guards, services), { prefix: '/api' });
  await app.register(avatarRoutes(ctx, guards, services.avatar), { prefix: '/api' });
  await app.register(requestsRoutes(ctx, guards, services.requests), { prefix: '/api' });
  await app.register(ratingsRoutes(ctx, guards, services.ratings), { prefix: '/api' });
  await app.register(dashboardRoutes(ctx, guards, services.dashboard), { prefix: '/api' });
  await app.register(productRoutes(ctx, guards, services.products), { prefix: '/api' });
  await app.register(chatRoutes(ctx, guards, services.chat), { prefix: '/api' });
  await app.register(notificationsRoutes(ctx, guards, services.notifications), { prefix: '/api' });
  await app.register(reportsRoutes(ctx, guards, services.reports), { prefix: '/api' });
  await app.register(blocksRoutes(ctx, guards, services.blocks), { prefix: '/api' });
  await app.register(moderationRoutes(ctx, guards, services.moderation), { prefix: '/api' });
  await app.register(pushRoutes(push, guards), { prefix: '/api' });
  await app.register(emailsRoutes(emails, guards), { prefix: '/api' });
  await app.register(offersRoutes(ctx, guards, services.offers), { prefix: '/api' });
  await app.register(profilesRoutes(ctx, guards, services.profiles), { prefix: '/api' });
  await app.register(uploadsRoutes(ctx.storage, createUploadLinks(config.jwtSecret)));

  await serveWebApp(app, config.webDistDir, publicCampusConfig(config));
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

/** What other processes must hear about an event: a changed user, changed requests or products. */
function changeOf(event: AppEvent): Change | undefined {
  switch (event.type) {
    case 'user.sessions_revoked':
    case 'user.updated':
      return { kind: 'user', userId: event.userId };
    case 'request.updated':
    case 'product.created':
    case 'product.updated':
    case 'product.removed':
    case 'listing.hidden':
      return { kind: 'data' };
    default:
      return undefined;
  }
}

/** One access line per request, when its answer is done (no separate "incoming request" line). */
class AccessLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** `/api`, `/api/…` or `/api?…`. */
const isApiPath = (url: string) =>
  url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/** An error as a log line shows it: what and where, never its other fields (they may hold input). */
function serializeError(err: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
  return {
    type: err.name,
    message: err.message,
    stack: err.stack ?? '',
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
  };
}

function setErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // A database failure a request can meet (a value PostgreSQL refuses, a row gone meanwhile, a
    // database that cannot serve) has its own answer; it is logged, since a rule let it through.
    const fromDatabase = thrown instanceof AppError ? undefined : databaseErrorAnswer(thrown);
    if (fromDatabase) request.log.warn({ err: thrown }, `database error answered ${fromDatabase.statusCode}`);
    const err = fromDatabase ?? thrown;
    if (err instanceof AppError) {
      if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
      const { retryAfter: _r, ...extra } = err.extra;
      return reply
        .code(err.statusCode)
        .send({ message: err.message, code: err.code, ...extra } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const seen = new Set<string>();
      const errors: FieldError[] = [];
      for (const v of err.validation) {
        const param =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body');
        if (seen.has(param)) continue;
        seen.add(param);
        errors.push({ param, msg: v.message ?? 'Invalid value' });
      }
      const body: ApiErrorBody = {
        message: errors[0]?.msg ?? 'Invalid input',
        code: 'VALIDATION_FAILED',
        errors,
      };
      return reply.code(400).send(body);
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply
        .code(500)
        .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    }
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 404
              ? 'NOT_FOUND'
              : 'VALIDATION_FAILED';
    const message =
      status === 413
        ? 'The request is too large.'
        : status === 415
          ? 'Unsupported content type. Send JSON.'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : err.message;
    return reply.code(status).send({ message, code } satisfies ApiErrorBody);
  });
}

/**
 * The built web app: its files, and for every other page path the page the build prepared for it
 * (a public screen drawn ahead, the app shell, or the not-found screen; lib/web-pages.ts), or
 * index.html for a build without them.
 */
async function serveWebApp(app: FastifyInstance, distDir: string | undefined, campus: CampusConfig) {
  const hasWeb = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  const pages = hasWeb ? loadWebPages(distDir!, campus) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      // The pages hold placeholders; they are served filled in, below.
      allowedPath: (pathName) => !pathName.startsWith('/pages/'),
      // The web build writes .br and .gz beside each text asset.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    // A missing build file is a 404 (a stale tab then reloads), never index.html served as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (hasWeb && isPage && pages) return sendPage(request, reply, pages.forPath(request.url.split('?')[0]!));
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' } satisfies ApiErrorBody);
  });
}

/** A page of the web app: revalidated on each visit (ETag), compressed as the browser accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: WebPage) {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}

/** A GET of a file by name (a path with an extension), outside the API. */
function isFileRequest(url: string): boolean {
  return !url.startsWith('/api/') && /^\/[^?#]*\.[a-z0-9]+(?:[?#]|$)/i.test(url);
}
