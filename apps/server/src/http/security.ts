import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { AppContext } from '../lib/app-context';
import { tooManyRequests } from '../lib/errors';
import type { CounterFactory } from '../lib/rate-limit';
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

/** A bearer token whose signature and expiry check out, read cheaply (no database) for a limit's key. */
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * The limits on every API call and page (files are not counted: one screen loads dozens):
 * - a call with a valid token counts against its account (`RATE_LIMIT_ACCOUNT` a minute), so the
 *   students behind one campus address never share one allowance;
 * - any other call against its address (`RATE_LIMIT_GLOBAL`): a token that does not check out
 *   (forged, expired) counts there too;
 * - and every call against its address's ceiling (`RATE_LIMIT_ADDRESS`), a flood guard far above
 *   what a hostel's students do together.
 * The token's signature is checked (an HMAC) but not its session: the route's guard does that.
 * Counted through Redis when set, in this process's memory while Redis does not answer.
 */
export async function requestLimits(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'jwt' | 'limiter'>,
  counters: CounterFactory,
) {
  const { rateLimits } = ctx.config;
  const ceiling = ctx.limiter('address-ceiling', { points: rateLimits.address, duration: 60 });
  app.addHook('onRequest', async (request) => {
    if (!isFileRequest(request.url)) await ceiling.consume(request.ip);
  });
  const keyOf = (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match ? ctx.jwt.verify(match[1]!) : null;
    return claims ? `account:${claims.sub}` : `address:${request.ip}`;
  };
  await app.register(rateLimit, {
    global: true,
    allowList: (request) => isFileRequest(request.url),
    keyGenerator: keyOf,
    max: (_request, key) => (key.startsWith('account:') ? rateLimits.account : rateLimits.global),
    timeWindow: '1 minute',
    store: counterStore(counters),
    errorResponseBuilder: (_req, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/** The rate-limit plugin's store on our counters (shared through Redis, local while it is away). */
function counterStore(counters: CounterFactory) {
  return class CounterStore implements FastifyRateLimitStore {
    private readonly windows = new Map<number, ReturnType<CounterFactory>>();
    private readonly name: string;
    /** The plugin constructs the root store with its options; each route's child with a name. */
    constructor(name?: unknown) {
      this.name = typeof name === 'string' ? name : 'global';
    }
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      let counter = this.windows.get(timeWindow);
      if (!counter)
        this.windows.set(timeWindow, (counter = counters(this.name, Math.ceil(timeWindow / 1000))));
      counter.hit(key).then(
        ({ count, msLeft }) => done(null, { current: count, ttl: msLeft }),
        (err: Error) => done(err),
      );
    }
    /**
     * A route with limits of its own counts apart. The plugin hands over the route's merged limit
     * options, the route itself as `routeInfo` (its typings say the route).
     */
    child(options: object) {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const { method, url } = route ?? (options as { method?: unknown; url?: unknown });
      return new CounterStore(`${this.name}:${String(method)}${String(url)}`);
    }
  };
}

/** `/api`, `/api/…` or `/api?…`. */
const isApiPath = (url: string) =>
  url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/** A GET of a file by name (a path with an extension), outside the API. */
function isFileRequest(url: string): boolean {
  return !url.startsWith('/api/') && /^\/[^?#]*\.[a-z0-9]+(?:[?#]|$)/i.test(url);
}
