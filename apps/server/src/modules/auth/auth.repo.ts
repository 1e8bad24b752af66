import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailCodes, passwordResetTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const findUserById = async (db: Db, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findUserByEmail = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1)
  )[0];

/** The few fields the auth guard needs on every request. */
export const findSessionUser = async (db: Db, id: string) =>
  (
    await db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        tokenVersion: users.tokenVersion,
        isProfileComplete: users.isProfileComplete,
        isVerified: users.isVerified,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];

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

/** Replaces the user's e-mail code (one live code per user). */
export async function saveEmailCode(db: Db, userId: string, codeHash: string, expiresAt: Date) {
  await db
    .insert(emailCodes)
    .values({ userId, purpose: 'verify_email', codeHash, expiresAt })
    .onConflictDoUpdate({
      target: [emailCodes.userId, emailCodes.purpose],
      set: { codeHash, expiresAt, attempts: 0, createdAt: new Date() },
    });
}

export const findEmailCode = async (db: Db, userId: string) =>
  (
    await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, 'verify_email')))
      .limit(1)
  )[0];

/** Counts one wrong attempt; answers the new count. */
export const countWrongAttempt = async (db: Db, codeId: string) =>
  (
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, codeId))
      .returning({ attempts: emailCodes.attempts })
  )[0]?.attempts ?? Number.MAX_SAFE_INTEGER;

export const deleteEmailCode = (db: Db, codeId: string) =>
  db.delete(emailCodes).where(eq(emailCodes.id, codeId));

/** Consumes the code and marks the account verified in one transaction; false if someone else consumed it first. */
export const consumeCodeAndVerify = (db: Db, codeId: string, userId: string) =>
  db.transaction(async (tx) => {
    const gone = await tx
      .delete(emailCodes)
      .where(eq(emailCodes.id, codeId))
      .returning({ id: emailCodes.id });
    if (gone.length === 0) return false;
    await tx.update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    return true;
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

export const deleteExpiredResetTokens = (db: Db) =>
  db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));

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

/** Revokes every token of the user issued so far; false when there is no such user. */
export const bumpTokenVersion = async (db: Db, id: string) =>
  (
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id })
  ).length > 0;
