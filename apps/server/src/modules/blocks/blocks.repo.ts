import { and, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { userBlocks, users } from '../../db/schema';
import { isoText } from '../../lib/sql-time';

/** A member who may be blocked anew: not a missing or deleted account. */
export { isActiveUser as userExists } from '../../lib/user-ref';

/** Blocks `blockedId` for `blockerId`; a second block is no change. */
export const insertBlock = async (db: Db, blockerId: string, blockedId: string) =>
  (await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing().returning()).length > 0;

export const deleteBlock = async (db: Db, blockerId: string, blockedId: string) =>
  (
    await db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
      .returning()
  ).length > 0;

/** Whom `blockerId` blocks, newest first. */
export const listBlocked = (db: Db, blockerId: string) =>
  db
    .select({
      id: users.id,
      name: users.name,
      avatar: users.avatar,
      blockedAt: isoText(userBlocks.createdAt),
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt));

/** The blocks a leaving member made (blocks of them stay: they keep them out of those lists). */
export const deleteBlocksBy = async (tx: Executor, userId: string) => {
  await tx.delete(userBlocks).where(eq(userBlocks.blockerId, userId));
};
