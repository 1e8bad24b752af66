import { randomUUID } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { COMMON_MESSAGES } from '@campusrun/shared';
import type { Config } from '../config';
import { errorBody } from '../lib/errors';

/**
 * Fastify's own options: how a malformed address and an over-long id are answered, the body limit,
 * and what a log line may say.
 */
export function serverOptions(
  config: Pick<Config, 'trustProxy' | 'logLevel'>,
  logStream?: NodeJS.WritableStream,
): FastifyServerOptions {
  return {
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
            .send(errorBody('NOT_FOUND', COMMON_MESSAGES.notFound))
        : reply
            .code(400)
            .header('cache-control', 'no-store')
            .send(errorBody('VALIDATION_FAILED', 'Bad request')),
    bodyLimit: 1024 * 1024,
    // Unique across processes: the same id in a request's log lines and in its trace's spans.
    genReqId: () => randomUUID(),
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
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
  };
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
