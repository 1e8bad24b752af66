import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@campusrun/shared';
import { AppError, forbidden, unauthorized } from './errors';
import type { SessionCache, SessionUser } from './session-cache';
import type { Jwt, VerifiedClaims } from './tokens';

/** Who is making the request, as checked against the signed-in user's current state. */
export interface Actor {
  id: string;
  /** As it was when the token (or the socket's handshake) was checked. */
  name: string;
  role: Role | null;
  isProfileComplete: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** A checked bearer token: whose it is and when it expires. */
export interface Session {
  actor: Actor;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;
const UUID = /^[0-9a-f-]{36}$/i;

/** The token's user still holds it: verified, and the token's version is the current one. */
const holds = (user: SessionUser | undefined, claims: VerifiedClaims): user is SessionUser =>
  Boolean(user && user.isVerified && user.tokenVersion === claims.tv);

/**
 * Reads the bearer token and answers the actor it belongs to, or null when there is none or it is
 * revoked. API calls trust a cached user that still holds the token (the cache drops a user on
 * every change, on every process); anything else, a refusal included, is read from the database.
 * `.session()` always reads the database and answers the token's expiry too: the realtime gateway
 * checks with it at the handshake and before every chat message.
 */
export function createAuthenticator(jwt: Jwt, users: Pick<SessionCache, 'cached' | 'load'>) {
  const claimsOf = (authorization: string | undefined): VerifiedClaims | null => {
    if (!authorization) return null;
    const match = BEARER.exec(authorization);
    if (!match) return null;
    const claims = jwt.verify(match[1]!);
    return claims && UUID.test(claims.sub) ? claims : null;
  };
  const toActor = (user: SessionUser): Actor => ({
    id: user.id,
    name: user.name,
    role: user.role,
    isProfileComplete: user.isProfileComplete,
  });

  async function session(authorization: string | undefined): Promise<Session | null> {
    const claims = claimsOf(authorization);
    if (!claims) return null;
    const user = await users.load(claims.sub);
    return holds(user, claims) ? { actor: toActor(user), expiresAt: claims.exp * 1000 } : null;
  }
  async function authenticate(authorization: string | undefined): Promise<Actor | null> {
    const claims = claimsOf(authorization);
    if (!claims) return null;
    const cached = users.cached(claims.sub);
    if (holds(cached, claims)) return toActor(cached);
    const user = await users.load(claims.sub);
    return holds(user, claims) ? toActor(user) : null;
  }
  return Object.assign(authenticate, { session });
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/** preHandler hooks for routes. */
export function createGuards(authenticate: Authenticator) {
  const requireAuth = async (request: FastifyRequest, _reply: FastifyReply) => {
    const actor = await authenticate(request.headers.authorization);
    if (!actor) throw unauthorized(request.headers.authorization ? SESSION_EXPIRED : 'Please login first');
    request.actor = actor;
  };
  /** Signed in with a complete profile and one of the given roles. */
  const requireRole =
    (...roles: Role[]) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      await requireAuth(request, reply);
      const actor = request.actor!;
      if (!actor.isProfileComplete || !actor.role)
        throw new AppError(403, 'FORBIDDEN', 'Please complete your profile to continue.');
      if (!roles.includes(actor.role))
        throw forbidden(`Only ${roles.map(roleLabel).join(' or ')} can do that`);
    };
  return { requireAuth, requireRole };
}
export type Guards = ReturnType<typeof createGuards>;

const roleLabel = (r: Role) => (r === 'hosteller' ? 'hostellers' : 'day scholars');

/** The actor of a route behind requireAuth. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
