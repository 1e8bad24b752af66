import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCache, type SessionUser } from './session-cache';

const user = (id: string, tokenVersion = 0): SessionUser => ({
  id,
  name: `User ${id}`,
  role: 'hosteller',
  isProfileComplete: true,
  tokenVersion,
  isVerified: true,
});

/** A database of users whose reads can be held back. */
function fakeDb() {
  const rows = new Map<string, SessionUser>();
  const reads: string[] = [];
  let hold: Promise<void> | undefined;
  return {
    rows,
    reads,
    holdReads() {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = undefined;
        release();
      };
    },
    async load(id: string) {
      reads.push(id);
      const row = rows.get(id);
      if (hold) await hold;
      return row && { ...row };
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('session cache', () => {
  it('keeps a loaded user until forgotten, then reads them again', async () => {
    const db = fakeDb();
    db.rows.set('a', user('a'));
    const cache = createSessionCache((id) => db.load(id));
    expect(cache.cached('a')).toBeUndefined();
    expect(await cache.load('a')).toEqual(user('a'));
    expect(cache.cached('a')).toEqual(user('a'));
    db.rows.set('a', user('a', 1));
    expect(cache.cached('a')!.tokenVersion).toBe(0);
    cache.forget('a');
    expect(cache.cached('a')).toBeUndefined();
    expect((await cache.load('a'))!.tokenVersion).toBe(1);
    expect(db.reads).toEqual(['a', 'a']);
  });

  it('never keeps what a read that began before a change found', async () => {
    const db = fakeDb();
    db.rows.set('a', user('a'));
    const cache = createSessionCache((id) => db.load(id));
    const release = db.holdReads();
    const stale = cache.load('a');
    // The change commits and is announced while the read is still under way.
    db.rows.set('a', user('a', 1));
    cache.forget('a');
    release();
    expect((await stale)!.tokenVersion).toBe(0);
    expect(cache.cached('a')).toBeUndefined();
    // Another user's change counts too (a read is never kept across any announcement).
    const release2 = db.holdReads();
    const read = cache.load('a');
    cache.forget('b');
    release2();
    await read;
    expect(cache.cached('a')).toBeUndefined();
  });

  it('keeps nothing while announcements could be missed', async () => {
    const db = fakeDb();
    db.rows.set('a', user('a'));
    const cache = createSessionCache((id) => db.load(id));
    await cache.load('a');
    cache.setLive(false);
    expect(cache.cached('a')).toBeUndefined();
    await cache.load('a');
    expect(cache.cached('a')).toBeUndefined();
    cache.setLive(true);
    await cache.load('a');
    expect(cache.cached('a')).toEqual(user('a'));
  });

  it('trusts an entry only for its time to live', async () => {
    vi.useFakeTimers();
    const db = fakeDb();
    db.rows.set('a', user('a'));
    const cache = createSessionCache((id) => db.load(id), { maxEntries: 10, ttlMs: 1000 });
    await cache.load('a');
    vi.advanceTimersByTime(999);
    expect(cache.cached('a')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.cached('a')).toBeUndefined();
  });

  it('drops the least recently used user past its size', async () => {
    const db = fakeDb();
    for (const id of ['a', 'b', 'c', 'd']) db.rows.set(id, user(id));
    const cache = createSessionCache((id) => db.load(id), { maxEntries: 3, ttlMs: 60_000 });
    await cache.load('a');
    await cache.load('b');
    await cache.load('c');
    expect(cache.cached('a')).toBeDefined(); // a is now the most recently used
    await cache.load('d');
    expect(cache.size).toBe(3);
    expect(cache.cached('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((id) => Boolean(cache.cached(id)))).toEqual([true, true, true]);
  });

  it('does not keep unknown users', async () => {
    const db = fakeDb();
    const cache = createSessionCache((id) => db.load(id));
    expect(await cache.load('ghost')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
