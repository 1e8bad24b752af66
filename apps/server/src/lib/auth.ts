import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@campusrun/shared';
import { AppError, forbidden, unauthorized } from './errors';
import type { Jwt } from './tokens';

/** Who is making the request, as checked against the database on every call. */
export interface Actor {
  id: string;
  /** As it was when the token (or the socket's handshake) was checked. */
  name: string;
  role: Role | null;
  isProfileComplete: boolean;
}

interface SessionUser extends Actor {
  tokenVersion: number;
  isVerified: boolean;
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

/**
 * Reads the bearer token and answers the actor it belongs to, or null when there is none or it is
 * revoked; `.session()` answers the token's expiry too (the realtime gateway closes a socket then).
 */
export function createAuthenticator(
  jwt: Jwt,
  findSessionUser: (id: string) => Promise<SessionUser | undefined>,
) {
  async function session(authorization: string | undefined): Promise<Session | null> {
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(authorization ?? '');
    if (!match) return null;
    const claims = await jwt.verify(match[1]!);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
    const user = await findSessionUser(claims.sub);
    if (!user || !user.isVerified || user.tokenVersion !== claims.tv) return null;
    return {
      actor: { id: user.id, name: user.name, role: user.role, isProfileComplete: user.isProfileComplete },
      expiresAt: claims.exp * 1000,
    };
  }
  const authenticate = async (authorization: string | undefined): Promise<Actor | null> =>
    (await session(authorization))?.actor ?? null;
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
