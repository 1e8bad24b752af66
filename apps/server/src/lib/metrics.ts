import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Cumulative lookups of a cache that counts them itself (the page cache's stats()). */
type CacheStats = () => { hits: number; misses: number };

/**
 * This process's figures in the Prometheus text format (GET /api/metrics): requests by route pattern,
 * method and status (the histogram's _count is the request count), Node's own figures (event-loop
 * lag, memory, CPU), and gauges read when scraped (sockets, database pool, caches). One registry per
 * app, so several apps in one process (tests) keep apart.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    ...requestMetrics(registry),
    ...cacheMetrics(registry),

    /**
     * A gauge read at each scrape: one value, or one per value of `label`. A read that fails or
     * gives NaN leaves the gauge out of that scrape.
     */
    addGauge(
      name: string,
      help: string,
      read: () => number | Record<string, number> | Promise<number | Record<string, number>>,
      label = 'state',
    ) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          this.reset();
          const value = await Promise.resolve()
            .then(read)
            .catch(() => NaN);
          if (typeof value !== 'number')
            for (const [k, v] of Object.entries(value)) this.set({ [label]: k }, v);
          else if (!Number.isNaN(value)) this.set(value);
        },
      });
    },

    /**
     * A histogram of one label (`screen`, …): answers the function that counts one observation.
     * Whoever observes bounds the label's values (each is a series of its own).
     */
    addHistogram<L extends string>(spec: { name: string; help: string; label: L; buckets: number[] }) {
      const histogram = new Histogram({
        name: spec.name,
        help: spec.help,
        labelNames: [spec.label],
        buckets: spec.buckets,
        registers: [registry],
      });
      return (labelValue: string, value: number) =>
        histogram.observe({ [spec.label]: labelValue } as Record<L, string>, value);
    },

    /** A counter whose total is read at each scrape (kept by whoever counts): one, or one per `label`. */
    addCounter(name: string, help: string, read: () => number | Record<string, number>, label = 'kind') {
      new Counter({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          this.reset();
          const value = read();
          if (typeof value === 'number') this.inc(value);
          else for (const [k, v] of Object.entries(value)) this.inc({ [label]: k }, v);
        },
      });
    },

    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The request histogram, by method, route pattern and status. */
function requestMetrics(registry: Registry) {
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern, method and status; _count counts requests',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // One labelled child per method/route/status, found by one Map lookup on the hot path.
  const children = new Map<string, ReturnType<typeof requests.labels>>();
  return {
    /** Counts one answer; `route` is the route pattern ('/api/products/:id'), never the raw URL. */
    observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = requests.labels(method, route ?? 'unmatched', String(status));
        children.set(key, child);
      }
      child.observe(seconds);
    },
  };
}

/** Lookups and hit ratio by cache: counted here, or read from a cache that counts its own. */
function cacheMetrics(registry: Registry) {
  const lookups = new Map<string, { hits: number; misses: number }>();
  const counted = new Map<string, CacheStats>();
  const totals = (cache: string) => {
    const own = lookups.get(cache) ?? { hits: 0, misses: 0 };
    const other = counted.get(cache)?.() ?? { hits: 0, misses: 0 };
    return { hits: own.hits + other.hits, misses: own.misses + other.misses };
  };
  const caches = () => new Set([...lookups.keys(), ...counted.keys()]);
  new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const cache of caches()) {
        const { hits, misses } = totals(cache);
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  new Gauge({
    name: 'cache_hit_ratio',
    help: 'Hits / lookups since the process started, by cache',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const cache of caches()) {
        const { hits, misses } = totals(cache);
        if (hits + misses > 0) this.set({ cache }, hits / (hits + misses));
      }
    },
  });
  return {
    /** One lookup in a cache that does not count its own (the session cache). */
    recordCacheLookup(cache: string, hit: boolean) {
      let entry = lookups.get(cache);
      if (!entry) lookups.set(cache, (entry = { hits: 0, misses: 0 }));
      if (hit) entry.hits++;
      else entry.misses++;
    },

    /** A cache that counts its own lookups, read at each scrape. */
    addCacheStats(cache: string, stats: CacheStats) {
      counted.set(cache, stats);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read the metrics: a caller on loopback (the client address Fastify derives, so through a
 * trusted proxy it is the real client), or one with `Authorization: Bearer <METRICS_TOKEN>`. A request
 * relayed by a proxy that TRUST_PROXY does not name is not taken for loopback, even when the proxy
 * runs on the same machine. 'unauthorized': a wrong token was sent; 'hidden': nothing was.
 */
export function metricsAccess(opts: { token?: string; trustProxy: false | string[] }) {
  const expected = opts.token ? digest(opts.token) : undefined;
  return (request: FastifyRequest): 'allowed' | 'unauthorized' | 'hidden' => {
    const auth = request.headers.authorization;
    if (auth !== undefined) {
      const match = /^Bearer (.+)$/i.exec(auth);
      return expected && match && timingSafeEqual(digest(match[1]!), expected) ? 'allowed' : 'unauthorized';
    }
    const relayed =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (isLoopback(request.ip) && (opts.trustProxy !== false || !relayed)) return 'allowed';
    return 'hidden';
  };
}
