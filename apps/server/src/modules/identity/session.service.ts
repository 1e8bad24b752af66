import { randomUUID } from 'node:crypto';
import { SESSION_MESSAGES } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { notFound, unauthorized } from '../../lib/errors';
import * as sessionRepo from './session.repo';
import { presentSession } from './session.presenter';
import { bindUseCases } from '../../lib/use-cases';

/** Longest user agent kept for a session. */
const USER_AGENT_MAX = 300;

/**
 * Tells the rest of the server that tokens of the user are void, so open sockets close too (on
 * every process): those of one session when `sessionId` is given, else every one of the account.
 * Call it after the change has committed.
 */
export const announceSessionsRevoked = (
  ctx: Pick<AppContext, 'events'>,
  userId: string,
  sessionId?: string,
) => ctx.events.emit({ type: 'user.sessions_revoked', userId, ...(sessionId ? { sessionId } : {}) });

/**
 * Tells the rest of the server that the user's name, role or profile completion changed, so no
 * process keeps acting on the old ones. Call it after the change has committed.
 */
export const announceUserUpdated = (ctx: Pick<AppContext, 'events'>, userId: string) =>
  ctx.events.emit({ type: 'user.updated', userId });

/** The user agent as stored: printable, single-spaced, trimmed, at most 300 characters. */
const cleanUserAgent = (userAgent: string | undefined) =>
  (userAgent ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ')
    .trim()
    .slice(0, USER_AGENT_MAX)
    .trim();

/**
 * Starts a session (a signed-in device) for the user and answers its bearer token. Every sign-in
 * comes through here.
 */
export async function startSession(
  ctx: Pick<AppContext, 'db' | 'jwt'>,
  user: { id: string; tokenVersion: number },
  userAgent?: string,
) {
  const id = randomUUID();
  const exp = ctx.jwt.expiryFromNow();
  await sessionRepo.insertSession(ctx.db, {
    id,
    userId: user.id,
    tokenVersion: user.tokenVersion,
    userAgent: cleanUserAgent(userAgent),
    expiresAt: new Date(exp * 1000),
  });
  return ctx.jwt.sign({ sub: user.id, tv: user.tokenVersion, sid: id }, exp);
}

/**
 * After the password changed (the token version is now `tokenVersion`): every other session of the
 * user ends, and the caller's continues with a fresh token. Null when the caller's session is gone.
 */
export async function renewSession(
  ctx: Pick<AppContext, 'db' | 'jwt'>,
  user: { id: string; tokenVersion: number },
  sessionId: string | undefined,
) {
  const exp = ctx.jwt.expiryFromNow();
  const kept =
    sessionId &&
    (await sessionRepo.keepOnlySession(ctx.db, user.id, sessionId, user.tokenVersion, new Date(exp * 1000)));
  if (!kept) return null;
  return ctx.jwt.sign({ sub: user.id, tv: user.tokenVersion, sid: sessionId }, exp);
}

type Deps = Pick<AppContext, 'db' | 'events'>;

function sessionOf(actor: Actor) {
  if (!actor.sessionId) throw unauthorized();
  return actor.sessionId;
}

/** Ends the caller's session only; the account's other devices stay signed in. */
async function logout(deps: Deps, actor: Actor) {
  const sessionId = sessionOf(actor);
  if (await sessionRepo.deleteSession(deps.db, actor.id, sessionId))
    await announceSessionsRevoked(deps, actor.id, sessionId);
  return { message: SESSION_MESSAGES.loggedOut };
}

/** Ends every session of the account, this one included. */
async function logoutAll(deps: Deps, actor: Actor) {
  if (await sessionRepo.endAllSessions(deps.db, actor.id)) await announceSessionsRevoked(deps, actor.id);
  return { message: SESSION_MESSAGES.loggedOutEverywhere };
}

/** The account's signed-in devices, most recently used first. */
async function list({ db }: Deps, actor: Actor) {
  const rows = await sessionRepo.listLiveSessions(db, actor.id);
  return { sessions: rows.map((row) => presentSession(row, actor.sessionId)) };
}

/** Ends one session of the caller's own account; another account's is not found. */
async function end(deps: Deps, actor: Actor, sessionId: string) {
  if (!(await sessionRepo.deleteSession(deps.db, actor.id, sessionId)))
    throw notFound(SESSION_MESSAGES.notFound);
  await announceSessionsRevoked(deps, actor.id, sessionId);
  return { message: SESSION_MESSAGES.ended };
}

/**
 * Signing out. A bearer token cannot be taken back from a device, so its session row is ended
 * instead: one device (this one or another of the account's), or every one at once.
 */
export function createSessionService(ctx: Pick<AppContext, 'db' | 'events'>) {
  const deps: Deps = { db: ctx.db, events: ctx.events };
  return bindUseCases(deps, { logout, logoutAll, list, end });
}
export type SessionService = ReturnType<typeof createSessionService>;
