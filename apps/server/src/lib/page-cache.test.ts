import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createPageCache, etagOf, matches, pageKey, type CachedPage } from './page-cache';

const limits = { maxEntries: 3, maxBytes: 1000, ttlMs: 60_000 };
const page = (text: string): CachedPage => ({ body: Buffer.from(text), etag: etagOf(text), meta: null });
const built = (text: string, validUntil?: number) => async () => ({ page: page(text), validUntil });
const text = (p: CachedPage) => p.body.toString();

describe('pageKey', () => {
  it('is the same for the same query however its parameters were ordered', () => {
    expect(pageKey('products', { limit: 20, sort: 'newest' })).toBe(
      pageKey('products', { sort: 'newest', limit: 20 }),
    );
  });

  it('leaves absent parameters out and tells different values apart', () => {
    expect(pageKey('products', { limit: 20, search: undefined })).toBe(pageKey('products', { limit: 20 }));
    expect(pageKey('products', { limit: 20 })).not.toBe(pageKey('products', { limit: 21 }));
    expect(pageKey('products', {})).not.toBe(pageKey('requests/available', {}));
  });

  it('cannot be forged by a value that looks like another parameter', () => {
    expect(pageKey('p', { search: 'a&limit=5' })).not.toBe(pageKey('p', { search: 'a', limit: 5 }));
  });
});

describe('createPageCache', () => {
  it('builds a page once and serves it again, counting hits and misses', async () => {
    const cache = createPageCache(limits);
    let builds = 0;
    const build = async () => {
      builds++;
      return { page: page('one') };
    };
    expect(text(await cache.fetch('a', build))).toBe('one');
    expect(text(await cache.fetch('a', build))).toBe('one');
    expect(builds).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('runs one build for concurrent misses of the same page', async () => {
    const cache = createPageCache(limits);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 10));
      return { page: page('one') };
    };
    await Promise.all([cache.fetch('a', build), cache.fetch('a', build), cache.fetch('a', build)]);
    expect(builds).toBe(1);
  });

  it('drops every page when the data changes', async () => {
    const cache = createPageCache(limits);
    await cache.fetch('a', built('old'));
    const before = cache.version;
    cache.invalidate();
    expect(cache.version).toBe(before + 1);
    expect(text(await cache.fetch('a', built('new')))).toBe('new');
  });

  it('never keeps a page read before a change that happened while it was read', async () => {
    const cache = createPageCache(limits);
    let release!: () => void;
    const reading = cache.fetch('a', async () => {
      await new Promise<void>((r) => (release = r));
      return { page: page('before the write') };
    });
    await new Promise((r) => setTimeout(r, 0));
    cache.invalidate();
    release();
    expect(text(await reading)).toBe('before the write');
    expect(text(await cache.fetch('a', built('after the write')))).toBe('after the write');
  });

  it('keeps a member’s pages apart and drops only theirs when their lists change', async () => {
    const cache = createPageCache(limits);
    await cache.fetch('mine', built('asha'), 'asha');
    await cache.fetch('mine', built('dev'), 'dev');
    expect(text(await cache.fetch('mine', built('asha again'), 'asha'))).toBe('asha');
    expect(text(await cache.fetch('mine', built('dev again'), 'dev'))).toBe('dev');
    cache.forget(['asha']);
    expect(text(await cache.fetch('mine', built('asha, new'), 'asha'))).toBe('asha, new');
    expect(text(await cache.fetch('mine', built('dev, new'), 'dev'))).toBe('dev');
  });

  it('never keeps a member’s page read before their lists changed while it was read', async () => {
    const cache = createPageCache(limits);
    let release!: () => void;
    const slow = cache.fetch(
      'mine',
      () => new Promise<{ page: CachedPage }>((resolve) => (release = () => resolve({ page: page('old') }))),
      'asha',
    );
    cache.forget(['asha']);
    release();
    expect(text(await slow)).toBe('old');
    expect(text(await cache.fetch('mine', built('new'), 'asha'))).toBe('new');
  });

  it('keeps nothing and serves nothing while not live, and starts empty when live again', async () => {
    const cache = createPageCache(limits);
    await cache.fetch('a', built('old'));
    cache.setLive(false);
    expect(cache.get('a')).toBeUndefined();
    expect(text(await cache.fetch('a', built('one')))).toBe('one');
    expect(text(await cache.fetch('a', built('two')))).toBe('two');
    expect(cache.stats().entries).toBe(0);
    cache.setLive(true);
    expect(text(await cache.fetch('a', built('three')))).toBe('three');
    expect(text(await cache.fetch('a', built('four')))).toBe('three');
  });

  it('forgets a page at the time it stops being true', async () => {
    const cache = createPageCache(limits);
    await cache.fetch('a', built('soon stale', Date.now() + 30));
    expect(text(await cache.fetch('a', built('fresh')))).toBe('soon stale');
    await new Promise((r) => setTimeout(r, 40));
    expect(text(await cache.fetch('a', built('fresh')))).toBe('fresh');
    // A page already past its time is not kept at all.
    await cache.fetch('b', built('past', Date.now() - 1));
    expect(text(await cache.fetch('b', built('now')))).toBe('now');
  });

  it('drops the least recently used page past its entry and byte bounds', async () => {
    const cache = createPageCache(limits);
    for (const k of ['a', 'b', 'c']) await cache.fetch(k, built(k));
    await cache.fetch('a', built('a2'));
    await cache.fetch('d', built('d'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.stats().entries).toBe(3);

    await cache.fetch('big', built('x'.repeat(900)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('big')).toBeDefined();
    await cache.fetch('huge', built('x'.repeat(2000)));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('keeps no page at all with no entries allowed', async () => {
    const cache = createPageCache({ ...limits, maxEntries: 0 });
    await cache.fetch('a', built('one'));
    expect(text(await cache.fetch('a', built('two')))).toBe('two');
  });
});

describe('matches', () => {
  const etag = etagOf('body');
  it('accepts the ETag alone, in a list, weak, or *', () => {
    expect(matches(etag, etag)).toBe(true);
    expect(matches(`"other", ${etag}`, etag)).toBe(true);
    expect(matches(`W/${etag}`, etag)).toBe(true);
    expect(matches('*', etag)).toBe(true);
  });
  it('refuses anything else', () => {
    expect(matches(undefined, etag)).toBe(false);
    expect(matches('"other"', etag)).toBe(false);
    expect(matches(etag.slice(1, -1), etag)).toBe(false);
  });
});

describe('configuration', () => {
  const env = (extra: Record<string, string>) => ({
    NODE_ENV: 'test',
    JWT_SECRET: 'x'.repeat(32),
    ...extra,
  });
  it('keeps 2,000 pages unless told otherwise; 0 turns the cache off', () => {
    expect(loadConfig(env({})).pageCacheEntries).toBe(2000);
    expect(loadConfig(env({ PAGE_CACHE_ENTRIES: '0' })).pageCacheEntries).toBe(0);
    expect(() => loadConfig(env({ PAGE_CACHE_ENTRIES: '-1' }))).toThrow(ConfigError);
  });
  it('refuses changes over Redis without REDIS_URL (processes would not hear each other)', () => {
    expect(() => loadConfig(env({ CHANGE_CHANNEL: 'redis' }))).toThrow(
      /CHANGE_CHANNEL: redis needs REDIS_URL/,
    );
    expect(
      loadConfig(env({ CHANGE_CHANNEL: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' })).changeChannel,
    ).toBe('redis');
  });
});
