import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** A user as another user's screen names them (id, name, avatar), or undefined when there is none. */
export const findUserRef = async (db: Db, id: string) =>
  (
    await db
      .select({ id: users.id, name: users.name, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];
