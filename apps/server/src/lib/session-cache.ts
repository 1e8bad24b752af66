import type { Role } from '@campusrun/shared';

/** What the auth guard needs to know about a user on every call. */
export interface SessionUser {
  id: string;
  name: string;
  role: Role | null;
  isProfileComplete: boolean;
  tokenVersion: number;
  isVerified: boolean;
  /** They block someone or someone blocks them: their lists differ from the shared pages. */
  hasBlocks?: boolean;
  isModerator?: boolean;
  /** Products they saved, newest first (bounded by the saved-items limit). */
  savedIds?: string[];
  /**
   * Their sessions (signed-in devices) of the current token version not yet expired: session id →
   * when it was last seen (ms since the epoch). A token counts only while its session is here and
   * was seen within the idle limit.
   */
  sessions?: Record<string, number>;
}

const SESSION_CACHE_LIMITS = {
  /** Users kept; the least recently seen one is dropped past this. */
  maxEntries: 5000,
  /**
   * How long an entry is trusted. Changes are announced to every process at once (see
   * lib/changes.ts); this only bounds the damage of an announcement that never arrived.
   */
  ttlMs: 10_000,
} as const;

/**
 * What this process knows of users, by id, so a call does not read it from the database each time.
 * `forget` drops one user (they changed here or on another process), `clear` everything; while
 * `setLive(false)` nothing is kept (changes made elsewhere could be missed).
 */
export function createUserCache<T>(
  load: (id: string) => Promise<T | undefined>,
  limits: { maxEntries: number; ttlMs: number } = SESSION_CACHE_LIMITS,
  /** Told of every lookup, hit or not (metrics). */
  onLookup: (hit: boolean) => void = () => {},
) {
  const entries = new Map<string, { user: T; until: number }>();
  /** Bumped by every forget/clear, so a read that began before one is never stored after it. */
  let generation = 0;
  let live = true;

  const clear = () => {
    generation++;
    entries.clear();
  };

  return {
    /** The cached user, if still fresh. */
    cached(id: string): T | undefined {
      const entry = entries.get(id);
      if (!entry) {
        onLookup(false);
        return undefined;
      }
      if (entry.until <= Date.now()) {
        entries.delete(id);
        onLookup(false);
        return undefined;
      }
      onLookup(true);
      // Most recently used last: the first key is the one to drop.
      entries.delete(id);
      entries.set(id, entry);
      return entry.user;
    },

    /** Reads the user from the database and remembers them. */
    async load(id: string): Promise<T | undefined> {
      const started = generation;
      const user = await load(id);
      if (user && live && started === generation) {
        entries.delete(id);
        entries.set(id, { user, until: Date.now() + limits.ttlMs });
        if (entries.size > limits.maxEntries) entries.delete(entries.keys().next().value!);
      }
      return user;
    },

    forget(id: string) {
      generation++;
      entries.delete(id);
    },

    clear,

    /** Keeps users (true) or keeps none (false); either way drops what is kept now. */
    setLive(value: boolean) {
      live = value;
      clear();
    },

    get size() {
      return entries.size;
    },
  };
}
export type UserCache<T> = ReturnType<typeof createUserCache<T>>;

/**
 * The signed-in users of this process: `forget` drops one whose token version, role, name,
 * verification or profile changed here or on another process.
 */
export const createSessionCache = createUserCache<SessionUser>;
export type SessionCache = UserCache<SessionUser>;
