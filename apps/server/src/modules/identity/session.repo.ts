import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { SESSION_LIMITS } from '../../lib/auth';

/** Live sessions one account may hold; signing in past it ends the least recently used one. */
export const MAX_SESSIONS_PER_USER = 50;

const idleCutoff = () => new Date(Date.now() - SESSION_LIMITS.idleDays * 86_400_000);

/**
 * The condition of a live session row: its token version is the user's, its token has not expired
 * and it was used within the idle limit. SQL over `sessions` joined with `users`.
 */
const liveSession = () =>
  and(
    eq(sessions.tokenVersion, users.tokenVersion),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, idleCutoff()),
  );

/**
 * Stores a new session for the user, first sweeping the sessions that are dead (expired, idle, or
 * retired by a newer token version) and keeping the account within its limit.
 */
export const insertSession = (
  db: Db,
  row: { id: string; userId: string; tokenVersion: number; userAgent: string; expiresAt: Date },
) =>
  db.transaction(async (tx) => {
    await tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleCutoff())));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, row.userId), ne(sessions.tokenVersion, row.tokenVersion)));
    const keep = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, row.userId))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(MAX_SESSIONS_PER_USER - 1);
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, row.userId), sql`${sessions.id} not in (${keep})`));
    return (await tx.insert(sessions).values(row).returning())[0]!;
  });

/** The user's live sessions, most recently used first. */
export const listLiveSessions = (db: Db, userId: string) =>
  db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), liveSession()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));

/** Ends one of the user's sessions; false when the user has no such session. */
export const deleteSession = async (db: Db, userId: string, id: string) =>
  (
    await db
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
      .returning({ id: sessions.id })
  ).length > 0;

/**
 * Ends every session of the user and retires every token issued so far (the token version moves
 * on), in one transaction; false when there is no such user.
 */
export const endAllSessions = (db: Db, userId: string) =>
  db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return Boolean(user);
  });

/**
 * Keeps one session of the user going under a new token version (after a password change), with
 * its token's new expiry, and ends every other one. False when the session is gone.
 */
export const keepOnlySession = (db: Db, userId: string, id: string, tokenVersion: number, expiresAt: Date) =>
  db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, id)));
    const kept = await tx
      .update(sessions)
      .set({ tokenVersion, expiresAt, lastSeenAt: new Date() })
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return kept.length > 0;
  });

/** Moves the session's last-seen time to now, unless it was written lately or the session is dead. */
export async function touchSession(db: Db, id: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, id),
        lt(sessions.lastSeenAt, new Date(Date.now() - SESSION_LIMITS.touchEveryMs)),
        gt(sessions.lastSeenAt, idleCutoff()),
      ),
    );
}

/** Every session of a leaving member. */
export const deleteSessionsOf = async (tx: Executor, userId: string) => {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
};
