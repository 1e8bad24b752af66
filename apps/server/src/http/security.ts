import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { tooManyRequests } from '../lib/errors';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from '../lib/security-headers';

/**
 * Every answer carries the security headers, set from one prebuilt object (a short set for the
 * API's JSON answers, the pages' set for everything else). API answers belong to
 * one user and change all the time: no browser or shared cache keeps them. A route whose answer is
 * the same for everyone may say otherwise (GET /api/config) by setting its own Cache-Control.
 */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url)) reply.headers(SECURITY_HEADERS);
    else {
      // The API's documentation is a page (HTML and scripts) under /api.
      reply.headers(request.url.startsWith('/api/docs') ? SECURITY_HEADERS : API_SECURITY_HEADERS);
      reply.header('cache-control', 'no-store');
    }
    done();
  });
}

/** The global limit of API calls and pages per address a minute (shared through Redis when set). */
export async function requestLimits(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimits'>,
  redis: Redis | undefined,
) {
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
}

/** `/api`, `/api/…` or `/api?…`. */
const isApiPath = (url: string) =>
  url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/** A GET of a file by name (a path with an extension), outside the API. */
function isFileRequest(url: string): boolean {
  return !url.startsWith('/api/') && /^\/[^?#]*\.[a-z0-9]+(?:[?#]|$)/i.test(url);
}
