import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../lib/auth';
import type { AppContext } from '../lib/app-context';
import { AppError } from '../lib/errors';
import type { IoServer, IoSocket } from './rooms';
import { HTTP_MESSAGES } from '@campusrun/shared';

/** Answers of a refused handshake (the `connect_error` message the client sees). */
export const HANDSHAKE_ERRORS = {
  unauthorized: 'unauthorized',
  tooMany: HTTP_MESSAGES.tooManyConnections,
  failed: HTTP_MESSAGES.connectFailed,
} as const;

/** A refused handshake; `data` reaches the client as `error.data` (when to try again). */
class HandshakeError extends Error {
  constructor(
    message: string,
    readonly data?: { retryAfter: number },
  ) {
    super(message);
  }
}

/** setTimeout's longest delay; a token living longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The handshake's token as a bearer header, or null when it has none that could be one. */
const bearerOf = (socket: IoSocket) => {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 && token.length <= 4096 ? `Bearer ${token}` : null;
};

/**
 * Identity comes from the handshake token, checked like a bearer header. Handshakes are limited per
 * account (as many a minute as its API calls, `RATE_LIMIT_ACCOUNT`), so every student behind one
 * campus address reconnects after a restart, and per client address only by the flood-guard ceiling
 * (`RATE_LIMIT_ADDRESS`); a token whose signature does not check out is refused before the account
 * limit or the database is asked. A refused socket gets the reason as its `connect_error`.
 */
export function checkHandshakes(
  io: IoServer,
  ctx: Pick<AppContext, 'config' | 'limiter' | 'jwt'>,
  authenticate: Authenticator,
  log: FastifyBaseLogger,
) {
  const { rateLimits } = ctx.config;
  const perAddress = ctx.limiter('socket-handshake-ip', { points: rateLimits.address, duration: 60 });
  const perAccount = ctx.limiter('socket-handshake-account', { points: rateLimits.account, duration: 60 });
  // The client's address as the API sees it: X-Forwarded-For is read only through the trusted proxies.
  const proxies: boolean | string[] = ctx.config.trustProxy;
  const trustedProxy = Array.isArray(proxies) ? proxyAddr.compile(proxies) : () => Boolean(proxies);
  const clientAddress = (socket: IoSocket) => proxyAddr(socket.request, trustedProxy);

  async function limit(limiter: typeof perAddress, key: string) {
    try {
      await limiter.consume(key, HANDSHAKE_ERRORS.tooMany);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429)
        throw new HandshakeError(err.message, { retryAfter: err.extra.retryAfter ?? 60 });
      // Without the counter, admit (the token is still checked) rather than refuse everyone.
      log.warn({ err }, 'socket handshake limit unavailable');
    }
  }

  async function admit(socket: IoSocket) {
    await limit(perAddress, clientAddress(socket));
    const bearer = bearerOf(socket);
    const claims = bearer ? ctx.jwt.verify(bearer.slice('Bearer '.length)) : null;
    if (!claims) throw new HandshakeError(HANDSHAKE_ERRORS.unauthorized);
    await limit(perAccount, claims.sub);
    const session = await authenticate.session(bearer!);
    if (!session) throw new HandshakeError(HANDSHAKE_ERRORS.unauthorized);
    socket.data.actor = session.actor;
    socket.data.checked = false;
    socket.data.changes = 0;
    socket.data.ended = false;
    socket.data.expiresAt = session.expiresAt;
    socket.data.typingTo = new Set();
    socket.data.watching = new Set();
  }

  io.use((socket, next) => {
    admit(socket).then(
      () => next(),
      (err: unknown) => {
        if (err instanceof HandshakeError) return next(err);
        log.error({ err }, 'socket handshake failed');
        next(new HandshakeError(HANDSHAKE_ERRORS.failed, { retryAfter: 5 }));
      },
    );
  });
}

/** Closes the socket when its token expires. */
export function expireAt(socket: IoSocket, at: number) {
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const left = at - Date.now();
    if (left <= 0) return void socket.disconnect(true);
    timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  check();
  socket.once('disconnect', () => clearTimeout(timer));
}

/**
 * Checks the socket's token again: answers the actor as of now (and keeps it on the socket), or null
 * when the token has been revoked or has expired. The socket trusts that actor from then on, unless
 * its user changed meanwhile or changes cannot be heard now (`isLive`, sessions.ts).
 */
export function recheckerOf(socket: IoSocket, authenticate: Authenticator, isLive: () => boolean) {
  const bearer = bearerOf(socket)!;
  return async () => {
    const { changes } = socket.data;
    const session = await authenticate.session(bearer);
    if (!session) return null;
    socket.data.actor = session.actor;
    socket.data.checked = isLive() && socket.data.changes === changes;
    return session.actor;
  };
}
export type Recheck = ReturnType<typeof recheckerOf>;
