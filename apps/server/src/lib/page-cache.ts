import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const PAGE_CACHE_LIMITS = {
  /** Pages kept; the least recently used one is dropped past this or past `maxBytes`. */
  maxEntries: 2000,
  maxBytes: 32 * 1024 * 1024,
  /**
   * How long a page is trusted. Every write is announced to every process at once (lib/changes.ts);
   * this only bounds the damage of an announcement that never arrived.
   */
  ttlMs: 30_000,
} as const;

/** A serialised page, ready to send. */
export interface CachedPage<M = unknown> {
  body: Buffer;
  /** Strong validator of `body` (a hash of it), quoted. */
  etag: string;
  /** Whatever the route needs to fit the page to its viewer (see `servePage`). */
  meta: M;
}

interface Entry {
  page: CachedPage;
  until: number;
}

/**
 * The normalised form of a parsed (validated, defaulted) query: parameters sorted by name, absent
 * ones left out, so the same page has one key however its address was written.
 */
export function pageKey(route: string, query: object): string {
  const parts: string[] = [];
  for (const name of Object.keys(query).sort()) {
    const value = (query as Record<string, unknown>)[name];
    if (value === undefined || value === null) continue;
    const text = value instanceof Date ? value.toISOString() : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `${route}?${parts.join('&')}` : route;
}

const hashOf = (data: string | Buffer) => createHash('sha1').update(data).digest('base64url');

/** `"…"`, the ETag of a body. */
export const etagOf = (body: string | Buffer) => `"${hashOf(body)}"`;

/**
 * Serialised pages for this process: those that are the same for every viewer of a role (available
 * requests, the marketplace), or, in a cache of its own, each member's own lists (`owner`). Every write to requests or products, here or on another process,
 * calls `invalidate` (the data version goes up and every page is dropped); a page read before that
 * is never stored after it. While `setLive(false)` (a change made elsewhere could be missed) nothing
 * is served from it or stored in it.
 */
export function createPageCache(
  limits: { maxEntries: number; maxBytes: number; ttlMs: number } = PAGE_CACHE_LIMITS,
) {
  const pages = pageStore(limits);
  /** Reads under way, so concurrent misses of one page run one query. */
  const loading = new Map<string, Promise<CachedPage>>();
  let version = 0;
  /** For pages of one member: when each member's pages were last dropped (a tick of `version`'s clock). */
  const forgotten = new Map<string, number>();
  let tick = 0;
  let live = true;
  let hits = 0;
  let misses = 0;

  const clear = () => {
    version++;
    pages.clear();
    loading.clear();
    forgotten.clear();
  };
  /** A member's page is kept under their id, so `forget` finds it. */
  const keyOf = (key: string, owner?: string) => (owner === undefined ? key : `${owner}|${key}`);

  return {
    /** The cached page, if it is still good. */
    get(key: string, owner?: string): CachedPage | undefined {
      return live ? pages.get(keyOf(key, owner)) : undefined;
    },

    /**
     * The page from the cache, or built by `build` and kept (until `validUntil` at the latest) unless
     * the data changed while it was being built. A page of `owner`'s own (their lists) is also
     * dropped by `forget(owner)`.
     */
    async fetch<M>(
      pageKey: string,
      build: () => Promise<{ page: CachedPage<M>; validUntil?: number }>,
      owner?: string,
    ): Promise<CachedPage<M>> {
      const key = keyOf(pageKey, owner);
      const cached = live ? pages.get(key) : undefined;
      if (cached) {
        hits++;
        return cached as CachedPage<M>;
      }
      misses++;
      if (!live) return (await build()).page;
      const pending = loading.get(key);
      if (pending) return pending as Promise<CachedPage<M>>;
      const started = version;
      const ownerStarted = owner === undefined ? undefined : forgotten.get(owner);
      const promise = build().then(({ page, validUntil }) => {
        const ownerUnchanged = owner === undefined || forgotten.get(owner) === ownerStarted;
        if (live && started === version && ownerUnchanged) {
          const until = Math.min(Date.now() + limits.ttlMs, validUntil ?? Infinity);
          if (until > Date.now()) pages.store(key, page, until);
        }
        return page;
      });
      loading.set(key, promise);
      const done = () => {
        if (loading.get(key) === promise) loading.delete(key);
      };
      promise.then(done, done);
      return promise;
    },

    /** Requests or products changed (here or on another process): every page is dropped. */
    invalidate: clear,

    /**
     * The own lists of these members changed: their pages are dropped, and a page of theirs being
     * read now is not kept.
     */
    forget(owners: Iterable<string>) {
      const gone = new Set(owners);
      if (gone.size === 0) return;
      for (const owner of gone) forgotten.set(owner, ++tick);
      const ownerOf = (key: string) => key.slice(0, key.indexOf('|'));
      pages.dropWhere((key) => gone.has(ownerOf(key)));
      for (const key of loading.keys()) if (gone.has(ownerOf(key))) loading.delete(key);
    },

    /** Keeps pages (true) or keeps none (false); either way drops what is kept now. */
    setLive(value: boolean) {
      live = value;
      clear();
    },

    /** Goes up with every change of the data. */
    get version() {
      return version;
    },

    stats() {
      return { hits, misses, ...pages.stats(), live };
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

/** The kept pages, most recently used last, within `maxEntries` and `maxBytes`. */
function pageStore(limits: { maxEntries: number; maxBytes: number }) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.page.body.length;
  };

  return {
    /** The page, unless it is past its time; a page read becomes the most recently used. */
    get(key: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.page;
    },

    store(key: string, page: CachedPage, until: number) {
      if (page.body.length > limits.maxBytes) return;
      drop(key);
      entries.set(key, { page, until });
      bytes += page.body.length;
      // Most recently used last: the first keys are the ones to drop.
      while (entries.size > limits.maxEntries || bytes > limits.maxBytes) drop(entries.keys().next().value!);
    },

    clear() {
      entries.clear();
      bytes = 0;
    },

    dropWhere(test: (key: string) => boolean) {
      for (const key of [...entries.keys()]) if (test(key)) drop(key);
    },

    stats: () => ({ entries: entries.size, bytes }),
  };
}

/**
 * Who a shared page is read as: no user has this id, so nothing on the page is anyone's own (no
 * contact details, no owner's actions).
 */
export const NOBODY = { id: '00000000-0000-0000-0000-000000000000', name: '' } as const;

/** Cache-Control of the shared pages: kept by the browser only, and always revalidated (ETag). */
const REVALIDATE = 'private, no-cache';
/**
 * Of a member's own lists: never stored by the browser (its HTTP cache outlives signing out); a
 * client may still send the ETag it was given and be answered 304.
 */
const NOT_STORED = 'no-store';

/** True when the request's If-None-Match names `etag` (weak comparison, as for GET). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Parts of a page that differ per viewer: the text every viewer but a few sees, and theirs. */
interface ViewerParts<S> {
  /** The exact serialised text of the shared part, once per item of the page, in order. */
  shared: string;
  /** Per item, what the viewer-specific text is built from (kept with the page). */
  items: S[];
}

/** The route's description of a shared page. */
export interface SharedPage<P, S> {
  key: string;
  /**
   * For a page of one member's own (their requests, notifications, chats): whose. It is kept for
   * them alone and dropped whenever their lists change (`PageCache.forget`).
   */
  owner?: string;
  /** Reads the page as nobody in particular (the shared view). */
  load(): Promise<P>;
  /** The time (ms) the page stops being true without any write (a deadline passes). */
  validUntil?(payload: P): number | undefined;
  /**
   * For a page that leaves out the viewer's own rows: who owns rows of the shared page. A viewer
   * among them is answered from `loadOwn` (their page, not cached) instead.
   */
  own?: { owners(payload: P): string[]; viewerId: string; loadOwn(): Promise<P> };
  /** The viewer-specific parts, if any: how to find them and what the viewer sees instead. */
  viewer?: {
    parts(payload: P): ViewerParts<S>;
    /** The viewer's text for an item, or undefined when it is the shared one. */
    textFor(item: S): string | undefined;
    /** Distinguishes this viewer's variant in its ETag. */
    id: string;
  };
}

interface Split<S> {
  /** The body cut at each shared part (one more piece than items); absent when nothing varies. */
  pieces?: Buffer[];
  shared?: Buffer;
  items: S[];
  owners?: Set<string>;
}

/**
 * Answers a GET with a shared page: from `cache` or loaded and serialised with the route's response
 * schema, with the viewer's own parts put in, an ETag and `private, no-cache`; 304 without a body
 * when If-None-Match already names it.
 */
export async function servePage<P, S>(
  cache: PageCache,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: SharedPage<P, S>,
) {
  const page = await cache.fetch<Split<S>>(
    spec.key,
    async () => {
      const payload = await spec.load();
      // The route's own response serializer (lib/serializer.ts), which writes a string.
      const text = String(reply.serialize(payload));
      const body = Buffer.from(text);
      let meta: Split<S> = { items: [] };
      if (spec.viewer) {
        const { shared, items } = spec.viewer.parts(payload);
        const cut = text.split(shared);
        // Each shared part is a whole JSON object after its key, never found inside a string (quotes
        // are escaped there); a count that does not match means the schema changed under this code.
        if (cut.length !== items.length + 1) throw new Error(`viewer parts not found in ${spec.key}`);
        meta = { pieces: cut.map((c) => Buffer.from(c)), shared: Buffer.from(shared), items };
      }
      if (spec.own) meta.owners = new Set(spec.own.owners(payload));
      return { page: { body, etag: etagOf(body), meta }, validUntil: spec.validUntil?.(payload) };
    },
    spec.owner,
  );

  if (spec.own && page.meta.owners?.has(spec.own.viewerId)) {
    const body = Buffer.from(String(reply.serialize(await spec.own.loadOwn())));
    return send(request, reply, body, etagOf(body), REVALIDATE);
  }

  let body = page.body;
  let etag = page.etag;
  const { pieces, shared, items } = page.meta;
  if (spec.viewer && pieces && shared) {
    const own = items.map((item) => spec.viewer!.textFor(item));
    if (own.some((t) => t !== undefined)) {
      const out: Buffer[] = [pieces[0]!];
      own.forEach((t, i) => out.push(t === undefined ? shared : Buffer.from(t), pieces[i + 1]!));
      body = Buffer.concat(out);
      etag = `"${hashOf(`${page.etag}:${spec.viewer.id}`)}"`;
    }
  }

  return send(request, reply, body, etag, spec.owner === undefined ? REVALIDATE : NOT_STORED);
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  etag: string,
  cacheControl: string,
) {
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
