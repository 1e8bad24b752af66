import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import * as repo from './auth.repo';

export const LOGGED_OUT = 'Logged out successfully';

/**
 * Tells the rest of the server that every older token of the user is void, so open sockets close
 * too (on every process). Call it after each token-version bump has committed.
 */
export const announceSessionsRevoked = (ctx: Pick<AppContext, 'events'>, userId: string) =>
  ctx.events.emit({ type: 'user.sessions_revoked', userId });

/**
 * Tells the rest of the server that the user's name, role or profile completion changed, so no
 * process keeps acting on the old ones. Call it after the change has committed.
 */
export const announceUserUpdated = (ctx: Pick<AppContext, 'events'>, userId: string) =>
  ctx.events.emit({ type: 'user.updated', userId });

/** Signing out: a bearer token cannot be taken back from a device, so its version is retired. */
export function createSessionService(ctx: Pick<AppContext, 'db' | 'events'>) {
  return {
    /** Ends every session of the account, this one included. */
    async logout(actor: Actor) {
      if (await repo.bumpTokenVersion(ctx.db, actor.id)) await announceSessionsRevoked(ctx, actor.id);
      return { message: LOGGED_OUT };
    },
  };
}
