import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userBlocks, users } from '../db/schema';
import { createUserCache, type UserCache } from './session-cache';

/** A member as a message from or to them is checked. */
interface Party {
  /** The account exists and was not deleted: it may be written to. */
  active: boolean;
  /** Everyone they block or who blocks them. */
  blockedWith: readonly string[];
}

/** The member's account state and blocks, in one statement; undefined when there is no such user. */
const findParty = async (db: Db, id: string): Promise<Party | undefined> =>
  (
    await db
      .select({
        active: sql<boolean>`${users.deletedAt} is null`,
        blockedWith: sql<string[]>`array(select (case when b.blocker_id = ${id}
          then b.blocked_id else b.blocker_id end)::text
          from ${userBlocks} b where b.blocker_id = ${id} or b.blocked_id = ${id})`,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];

const caches = new WeakMap<Db, PartyCache>();

/**
 * The parties this process keeps for `db`, so a message does not read its receiver's account and
 * blocks each time. A block made or removed, a suspension and a deleted account are each announced
 * as a change of the user, on every process, and live-changes.ts drops them here; it also says
 * whether changes are heard at all: until it does (and while they are not), nothing is kept.
 */
export function partiesOf(db: Db): PartyCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createUserCache<Party>((id) => findParty(db, id));
    cache.setLive(false);
    caches.set(db, cache);
  }
  return cache;
}
export type PartyCache = UserCache<Party>;

/** The party `id` names, from the cache when it holds them. */
export const partyOf = async (parties: Pick<PartyCache, 'cached' | 'load'>, id: string) =>
  parties.cached(id) ?? (await parties.load(id));
