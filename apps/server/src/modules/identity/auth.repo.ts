import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  DELETED_USER_NAME,
  type EmailKind,
  type EmailPreferences,
  type PushPreferences,
} from '@campusrun/shared';
import type { Db, Executor } from '../../db/client';
import { mailboxOf } from '../../lib/email-address';
import {
  passwordResetTokens,
  pendingRegistrations,
  savedProducts,
  sessions,
  userBlocks,
  users,
} from '../../db/schema';
import { preparedStatements } from '../../lib/prepared';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const findUserById = async (db: Db, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/**
 * The account of the address's mailbox (`asha+1@…` finds `asha@…`), or one stored with exactly the
 * address given, which comes first: accounts created with a sub-address before addresses were folded
 * into their mailbox keep signing in by it.
 */
export const findUserByEmail = async (db: Db, email: string) => {
  const typed = email.trim().toLowerCase();
  return (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) in (${typed}, ${mailboxOf(typed)})`)
      .orderBy(sql`lower(${users.email}) = ${typed} desc`)
      .limit(1)
  )[0];
};

/** The few fields the auth guard needs, built once per database as a prepared statement. */
const SESSION_USER = 'session_user';
const sessionUserQuery = preparedStatements<ReturnType<typeof prepareSessionUser>>();
const prepareSessionUser = (db: Db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      tokenVersion: users.tokenVersion,
      isProfileComplete: users.isProfileComplete,
      isVerified: users.isVerified,
      isModerator: users.isModerator,
      hasBlocks: sql<boolean>`exists (select 1 from ${userBlocks} b where b.blocker_id = ${users.id} or b.blocked_id = ${users.id})`,
      savedIds: sql<
        string[]
      >`array(select s.product_id::text from ${savedProducts} s where s.user_id = ${users.id})`,
      // Sessions of the current token version not yet expired: id → last seen (ms since the epoch).
      // One left idle too long is still here (the guard refuses it as expired, not as ended). The
      // user's columns are named with their table: a bare column name would be read as the session's own.
      sessions: sql<Record<string, number>>`coalesce((
        select json_object_agg(z.id, floor(extract(epoch from z.last_seen_at) * 1000))
        from ${sessions} z
        where z.user_id = "users"."id" and z.token_version = "users"."token_version"
          and z.expires_at > now()
      ), '{}'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(SESSION_USER);

export async function findSessionUser(db: Db, id: string) {
  const query = sessionUserQuery(db, SESSION_USER, () => prepareSessionUser(db));
  return (await query.execute({ id }))[0];
}

/**
 * NOTIFY through the pool: every process listening on `channel` (PostgreSQL LISTEN) hears `payload`
 * (lib/changes.ts: a changed user, or changed requests or products).
 */
export async function notifyUserChanged(db: Db, channel: string, userId: string) {
  await db.execute(sql`select pg_notify(${channel}, ${userId})`);
}

export const insertUser = async (db: Db, user: NewUser) =>
  (await db.insert(users).values(user).returning())[0]!;

export const updateUser = async (db: Db, id: string, patch: Partial<NewUser>) =>
  (
    await db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
  )[0];

/**
 * Sets the user's avatar (null removes it) and answers the updated row with the avatar it replaced,
 * read under a row lock so two changes at once each see the other's file and none is left behind.
 */
export const swapAvatar = (db: Db, id: string, avatar: string | null) =>
  db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!current) return undefined;
    const [user] = await tx
      .update(users)
      .set({ avatar, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return { user: user!, previous: current.avatar };
  });

/** Sets a new password hash and revokes every token issued before. */
export const setPassword = async (db: Db, id: string, passwordHash: string, alsoVerify = false) =>
  (
    await db
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: new Date(),
        ...(alsoVerify ? { isVerified: true } : {}),
      })
      .where(eq(users.id, id))
      .returning()
  )[0];

export type PendingRow = typeof pendingRegistrations.$inferSelect;
export type NewPending = typeof pendingRegistrations.$inferInsert;

/** How long a sign-up waits for its code before it is dropped. */
const PENDING_TTL_MS = 24 * 3600_000;
const pendingCutoff = () => new Date(Date.now() - PENDING_TTL_MS);

/** Stores a sign-up, dropping every sign-up that has outlived its wait. */
export async function insertPending(db: Db, row: NewPending) {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.createdAt, pendingCutoff()));
  return (await db.insert(pendingRegistrations).values(row).returning())[0]!;
}

/** A live sign-up by id. */
export const findPendingById = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(pendingRegistrations)
      .where(and(eq(pendingRegistrations.id, id), gt(pendingRegistrations.createdAt, pendingCutoff())))
      .limit(1)
  )[0];

/** The newest live sign-ups of an address, newest first. */
export const listPendingByEmail = (db: Db, email: string, limit: number) =>
  db
    .select()
    .from(pendingRegistrations)
    .where(
      and(
        eq(pendingRegistrations.email, email.toLowerCase()),
        gt(pendingRegistrations.createdAt, pendingCutoff()),
      ),
    )
    .orderBy(desc(pendingRegistrations.createdAt))
    .limit(limit);

/** Gives the sign-up a new code (the old one stops working) with a fresh attempt count. */
export async function saveCode(db: Db, id: string, codeHash: string, expiresAt: Date) {
  await db
    .update(pendingRegistrations)
    .set({ codeHash, codeAttempts: 0, codeExpiresAt: expiresAt })
    .where(eq(pendingRegistrations.id, id));
}

/**
 * Counts one attempt at the sign-up's code before it is compared, in one conditional update, so
 * parallel guesses cannot pass the cap. Answers the code's hash and the new count, or nothing when
 * the code is missing, expired or already used up its attempts.
 */
export const countCodeAttempt = async (db: Db, id: string, maxAttempts: number) =>
  (
    await db
      .update(pendingRegistrations)
      .set({ codeAttempts: sql`${pendingRegistrations.codeAttempts} + 1` })
      .where(
        and(
          eq(pendingRegistrations.id, id),
          isNotNull(pendingRegistrations.codeHash),
          gt(pendingRegistrations.codeExpiresAt, new Date()),
          lt(pendingRegistrations.codeAttempts, maxAttempts),
        ),
      )
      .returning({ codeHash: pendingRegistrations.codeHash, attempts: pendingRegistrations.codeAttempts })
  )[0];

/**
 * Activates exactly this sign-up's details as the verified account of its address (creating it, or
 * replacing the details of the row that holds the address), and drops every other sign-up of that
 * address, in one transaction. Answers nothing if the sign-up was already consumed.
 */
export const activatePending = (db: Db, id: string) =>
  db.transaction(async (tx) => {
    const [reg] = await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id)).returning();
    if (!reg) return undefined;
    await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, reg.email));
    const details = {
      name: reg.name,
      passwordHash: reg.passwordHash,
      role: reg.role,
      phoneNumber: reg.phoneNumber,
      hostelBlock: reg.hostelBlock,
      roomNumber: reg.roomNumber,
      isVerified: true,
      isProfileComplete: true,
    };
    // An address that has an account by now (e.g. through Google) keeps it as it is: a sign-up
    // submitted before, perhaps by someone else, never replaces its password or details.
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${reg.email}`)
      .for('update');
    if (existing) return undefined;
    return (
      await tx
        .insert(users)
        .values({ ...details, email: reg.email })
        .returning()
    )[0]!;
  });

/** Stores a new reset token, dropping the user's older ones. */
export async function saveResetToken(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  });
}

/** Marks a live token used, atomically; answers its user id, or nothing if it is unknown, used or expired. */
export const useResetToken = async (db: Db, tokenHash: string) =>
  (
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId })
  )[0]?.userId;

export const findUserByGoogleSub = async (db: Db, sub: string) =>
  (await db.select().from(users).where(eq(users.googleSub, sub)).limit(1))[0];

/** Completes a profile only while it is incomplete (one conditional update). */
export const completeProfile = async (
  db: Db,
  id: string,
  patch: Pick<NewUser, 'role' | 'phoneNumber' | 'hostelBlock' | 'roomNumber'>,
) =>
  (
    await db
      .update(users)
      .set({ ...patch, isProfileComplete: true, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isProfileComplete, false)))
      .returning()
  )[0];

// ---- A member leaves (the account feature's deletion, in its transaction) ----

/** The password reset links a leaving member was sent. */
export const deletePasswordResetsOf = async (tx: Executor, userId: string) => {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
};

const NO_EMAIL: EmailPreferences = { messages: false, requests: false, searches: false };
const NO_PUSH: PushPreferences = {
  messages: false,
  requests: false,
  urgent: false,
  marketplace: false,
  lostFound: false,
};

/** An address nobody can own or sign in with (`.invalid` never resolves), unique like the column. */
const erasedEmail = (userId: string) => `${userId}@deleted.invalid`;

/**
 * The user row keeps only what others' records need, under the name "Deleted user": no address,
 * password, photo, contact or preference, and every token it signed no longer counts.
 */
export const eraseUser = async (tx: Executor, userId: string) => {
  await tx
    .update(users)
    .set({
      name: DELETED_USER_NAME,
      email: erasedEmail(userId),
      passwordHash: null,
      googleSub: null,
      avatar: null,
      phoneNumber: null,
      hostelBlock: null,
      roomNumber: null,
      upiId: null,
      isModerator: false,
      emailPreferences: NO_EMAIL,
      pushPreferences: NO_PUSH,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
};

// ---- Moderation's decisions (in the moderator's transaction) ----

/** Suspends (days null: until lifted) and bumps the token version so every session ends. */
export const suspendUser = (tx: Executor, id: string, days: number | null) =>
  tx
    .update(users)
    .set({
      suspendedAt: sql`now()`,
      suspendedUntil: days === null ? null : sql`now() + make_interval(days => ${days})`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, id))
    .returning({ id: users.id });

export const liftSuspension = async (tx: Executor, id: string) =>
  (
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedUntil: null })
      .where(
        and(
          eq(users.id, id),
          sql`${users.suspendedAt} is not null and (${users.suspendedUntil} is null or ${users.suspendedUntil} > now())`,
        ),
      )
      .returning({ id: users.id })
  ).length > 0;

/** A delivery the user gave up, counted for the cancellation rate on their public profile. */
export const countGiveUp = async (tx: Executor, userId: string) => {
  await tx
    .update(users)
    .set({ deliveriesGivenUp: sql`${users.deliveriesGivenUp} + 1` })
    .where(eq(users.id, userId));
};

/** The user's e-mail preferences (the emails feature's settings). */
export const setEmailPreferences = async (db: Executor, userId: string, preferences: EmailPreferences) => {
  await db.update(users).set({ emailPreferences: preferences }).where(eq(users.id, userId));
};

/** Turns one kind of e-mail off (the unsubscribe link). */
export const turnEmailOff = async (db: Executor, userId: string, kind: EmailKind) => {
  await db
    .update(users)
    .set({ emailPreferences: sql`${users.emailPreferences} || jsonb_build_object(${kind}::text, false)` })
    .where(eq(users.id, userId));
};

/** The user's push preferences (the push feature's settings). */
export const setPushPreferences = async (db: Executor, userId: string, preferences: PushPreferences) => {
  await db.update(users).set({ pushPreferences: preferences }).where(eq(users.id, userId));
};
