import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * A user as another user's screen names them (id, name, avatar), or undefined when there is none.
 * A deleted account is found, as "Deleted user": the records others keep with it still name it.
 */
export const findUserRef = async (db: Db, id: string) =>
  (
    await db
      .select({ id: users.id, name: users.name, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];

/**
 * The same, but undefined for a deleted account too: what may be written to, offered to, rated,
 * reported or blocked anew is a member, and a deleted account is answered as a missing one.
 */
export const findActiveUserRef = async (db: Db, id: string) =>
  (
    await db
      .select({ id: users.id, name: users.name, avatar: users.avatar })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
  )[0];

/** Whether `id` names an account that exists and was not deleted. */
export const isActiveUser = async (db: Db, id: string) => (await findActiveUserRef(db, id)) !== undefined;

/** The moderators who are still members, but for `but` (the people a case is about: they never judge it). */
export const moderatorsBut = async (db: Db, but: string[]) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isModerator, true),
          isNull(users.deletedAt),
          but.length ? notInArray(users.id, but) : undefined,
        ),
      )
  ).map((u) => u.id);
