import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  MODERATION_MESSAGES,
  type Role,
  HTTP_MESSAGES,
  SESSION_REFUSAL_MESSAGES,
  type SessionRefusal,
} from '@campusrun/shared';
import { AppError, forbidden, unauthorized } from './errors';
import { isUuid } from './ids';
import type { SessionCache, SessionUser } from './session-cache';
import type { Jwt, VerifiedClaims } from './tokens';

/** Who is making the request, as checked against the signed-in user's current state. */
export interface Actor {
  id: string;
  /** As it was when the token (or the socket's handshake) was checked. */
  name: string;
  role: Role | null;
  isProfileComplete: boolean;
  /** They block someone or someone blocks them: lists must be read for them, not shared. */
  hasBlocks?: boolean;
  /** A campus moderator (a flag beside the role). */
  isModerator?: boolean;
  /** The products they saved (the `isSaved` of product answers). */
  savedIds?: readonly string[];
  /** The session (signed-in device) of the token in use. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

/** A checked bearer token: whose it is and when it expires. */
export interface Session {
  actor: Actor;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const SESSION_LIMITS = {
  /** A session not used for this long has expired. */
  idleDays: 30,
  /** A session's last-seen time is written at most this often. */
  touchEveryMs: 5 * 60_000,
} as const;
const IDLE_MS = SESSION_LIMITS.idleDays * 86_400_000;

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** When the token's session was last seen, if it is still live. */
const lastSeen = (user: SessionUser, sid: string, now: number) => {
  const seen = user.sessions && Object.hasOwn(user.sessions, sid) ? user.sessions[sid] : undefined;
  return seen !== undefined && seen > now - IDLE_MS ? seen : undefined;
};

/**
 * The token's user still holds it: verified, the token's version is the current one, and its session
 * has not been ended or left idle too long.
 */
const holds = (user: SessionUser | undefined, claims: VerifiedClaims): user is SessionUser =>
  Boolean(
    user &&
    user.isVerified &&
    user.tokenVersion === claims.tv &&
    lastSeen(user, claims.sid, Date.now()) !== undefined,
  );

/**
 * Why a token whose signature and expiry check out is not held by `user`: its session was ended (the
 * token version moved on, or the session is gone while it could not yet have gone idle), or it
 * expired (left unused too long). Only the token's own holder is ever told.
 */
function refusalOf(user: SessionUser | undefined, claims: VerifiedClaims, now: number): SessionRefusal {
  if (!user?.isVerified) return 'sessionExpired';
  if (user.tokenVersion !== claims.tv) return 'sessionEnded';
  if (user.sessions && Object.hasOwn(user.sessions, claims.sid)) return 'sessionExpired';
  // Gone: ended from a device, unless the token is old enough for its session to have gone idle.
  return claims.iat !== undefined && claims.iat * 1000 > now - IDLE_MS ? 'sessionEnded' : 'sessionExpired';
}

/** The 401 of a token that is not (or no longer) good, saying why. */
const sessionRefused = (reason: SessionRefusal) =>
  new AppError(401, 'UNAUTHORIZED', SESSION_REFUSAL_MESSAGES[reason], { reason });

/**
 * Reads the bearer token and answers the actor it belongs to, or null when there is none or it is
 * revoked. API calls trust a cached user that still holds the token (the cache drops a user on
 * every change, on every process); anything else, a refusal included, is read from the database.
 * `.session()` always reads the database and answers the token's expiry too: the realtime gateway
 * checks with it at the handshake, once connected, and before the next chat message after any change
 * of the user (realtime/sessions.ts). `.holder()` applies the same rules
 * to claims checked with another key (the page cookie, lib/page-session.ts).
 */
export function createAuthenticator(
  jwt: Jwt,
  users: Pick<SessionCache, 'cached' | 'load'>,
  /** Records that the session is in use (called at most every `touchEveryMs` per session and process). */
  touch: (sessionId: string) => void = () => {},
) {
  const claimsOf = (authorization: string | undefined): VerifiedClaims | null => {
    if (!authorization) return null;
    const match = BEARER.exec(authorization);
    return match ? jwt.verify(match[1]!) : null;
  };
  /** Records the session's use, at most every `touchEveryMs` (the cached time moves on at once). */
  const seen = (user: SessionUser, sessionId: string) => {
    const now = Date.now();
    const last = user.sessions?.[sessionId];
    if (!user.sessions || last === undefined || now - last < SESSION_LIMITS.touchEveryMs) return;
    user.sessions[sessionId] = now;
    touch(sessionId);
  };
  const toActor = (user: SessionUser, sessionId: string): Actor => {
    seen(user, sessionId);
    return {
      id: user.id,
      name: user.name,
      role: user.role,
      isProfileComplete: user.isProfileComplete,
      hasBlocks: user.hasBlocks === true,
      isModerator: user.isModerator === true,
      savedIds: user.savedIds ?? [],
      sessionId,
    };
  };

  async function session(authorization: string | undefined): Promise<Session | null> {
    const claims = claimsOf(authorization);
    if (!claims || !isUuid(claims.sub)) return null;
    const user = await users.load(claims.sub);
    return holds(user, claims) ? { actor: toActor(user, claims.sid), expiresAt: claims.exp * 1000 } : null;
  }
  /** The actor who still holds these checked claims, or why they are refused. */
  async function check(claims: VerifiedClaims | null): Promise<Actor | SessionRefusal> {
    if (!claims || !isUuid(claims.sub)) return 'sessionExpired';
    const cached = users.cached(claims.sub);
    if (holds(cached, claims)) return toActor(cached, claims.sid);
    const user = await users.load(claims.sub);
    return holds(user, claims) ? toActor(user, claims.sid) : refusalOf(user, claims, Date.now());
  }
  /** The actor who still holds these checked claims (a bearer token's, or the page cookie's). */
  async function holder(claims: VerifiedClaims | null): Promise<Actor | null> {
    const checked = await check(claims);
    return typeof checked === 'string' ? null : checked;
  }
  const authenticate = (authorization: string | undefined) => holder(claimsOf(authorization));
  /** The bearer token's actor, or the 401 that says why it is refused. */
  async function bearer(authorization: string | undefined): Promise<Actor> {
    if (!authorization) throw unauthorized(HTTP_MESSAGES.signInFirst);
    const checked = await check(claimsOf(authorization));
    if (typeof checked === 'string') throw sessionRefused(checked);
    return checked;
  }
  return Object.assign(authenticate, { session, holder, bearer });
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/** Who may call the routes of a scope. */
export type Audience =
  /** Any signed-in user, profile complete or not. */
  | 'signedIn'
  /** Signed in with a complete profile, either role. */
  | 'member'
  | 'hosteller'
  | 'dayscholar'
  /** Signed in as a campus moderator. */
  | 'moderator';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Where a guarded route's schema says who may call it: the OpenAPI document reads it to state the
 * bearer token and the 401/403 a guard answers (an extension key, kept in the document).
 */
export const AUDIENCE_KEY = 'x-audience';

/**
 * Route guards. Each audience is one onRequest hook of a scope of its own: every route registered
 * in `guards.scope(app, audience, routes)` runs it before its body is read and before any
 * validation, so a caller who may not use an endpoint gets 401/403, never a 400 that reveals the
 * body's rules.
 */
export function createGuards(authenticate: Authenticator) {
  const signedIn = async (request: FastifyRequest) => {
    request.actor = await authenticate.bearer(request.headers.authorization);
  };
  /** Signed in with a complete profile and one of the given roles. */
  const withRole =
    (...roles: Role[]) =>
    async (request: FastifyRequest) => {
      await signedIn(request);
      const actor = request.actor!;
      if (!actor.isProfileComplete || !actor.role)
        throw new AppError(403, 'FORBIDDEN', MESSAGES.profileIncomplete);
      if (!roles.includes(actor.role)) throw forbidden(HTTP_MESSAGES.onlyRoles(roles));
    };
  const hooks: Record<Audience, (request: FastifyRequest) => Promise<void>> = {
    signedIn,
    member: withRole('hosteller', 'dayscholar'),
    hosteller: withRole('hosteller'),
    dayscholar: withRole('dayscholar'),
    moderator: async (request) => {
      await signedIn(request);
      if (!request.actor!.isModerator) throw forbidden(MODERATION_MESSAGES.onlyModerators);
    },
  };
  return {
    /** Registers `routes` in a scope guarded for `audience`. */
    scope: (app: ZodApp, audience: Audience, routes: (scope: ZodApp) => void | Promise<void>) =>
      app.register(async (scope) => {
        scope.addHook('onRequest', hooks[audience]);
        // The document states it per route: a bearer token, and the guard's refusals.
        scope.addHook('onRoute', (route) => {
          const documented = { security: [{ bearer: [] }], [AUDIENCE_KEY]: audience };
          route.schema = { ...route.schema, ...documented };
        });
        await routes(scope);
      }),
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The actor of a route in a guarded scope. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
