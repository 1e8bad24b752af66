import type { FastifyBaseLogger } from 'fastify';
import { endClient, SUBSCRIBER_CLIENT, type SharedRedis } from './redis';

/**
 * The PostgreSQL NOTIFY / Redis pub/sub channel on which processes announce changes; on Redis under
 * REDIS_PREFIX (a NOTIFY reaches only the connections of its own database).
 */
export const CHANGES_CHANNEL = 'campusrun_changes';

/**
 * What travels on the channel: a changed user; a user whose sessions ended (one session, or every
 * one of the account), which is a change of the user too; "requests or products changed" (with
 * whose own lists that changes, when it is known; else everyone's); or only some members' own
 * lists changed (a message, a notification stored or read).
 */
export type Change =
  | { kind: 'user'; userId: string }
  | { kind: 'sessionsEnded'; userId: string; sessionId?: string }
  | { kind: 'data'; userIds?: string[] }
  | { kind: 'lists'; userIds: string[] };

/** Ids per announcement: a NOTIFY payload must stay under 8,000 bytes (37 bytes an id). */
const IDS_PER_PAYLOAD = 150;

/** The payloads of a change: one, or a member list's change cut into several. */
export function encode(c: Change): string[] {
  if (c.kind === 'user') return [`user:${c.userId}`];
  if (c.kind === 'sessionsEnded') return [`ended:${c.userId}${c.sessionId ? `:${c.sessionId}` : ''}`];
  if (!c.userIds) return ['data'];
  const payloads: string[] = [];
  for (let i = 0; i < c.userIds.length; i += IDS_PER_PAYLOAD)
    payloads.push(`${c.kind}:${c.userIds.slice(i, i + IDS_PER_PAYLOAD).join(',')}`);
  // A data change with nobody's lists in it still drops the shared pages.
  return payloads.length ? payloads : [c.kind === 'data' ? 'data:' : 'lists:'];
}
export function decode(payload: string): Change | undefined {
  if (payload === 'data') return { kind: 'data' };
  const [kind, userId, sessionId, ...rest] = payload.split(':');
  if ((kind === 'data' || kind === 'lists') && userId !== undefined && sessionId === undefined)
    return { kind, userIds: userId ? userId.split(',') : [] };
  if (!userId || rest.length > 0) return undefined;
  if (kind === 'user' && sessionId === undefined) return { kind: 'user', userId };
  if (kind === 'ended') return { kind: 'sessionsEnded', userId, ...(sessionId ? { sessionId } : {}) };
  return undefined;
}

export interface ChangeHandlers {
  /** A change made on this process or another one. */
  changed(change: Change): void;
  /**
   * false while an announcement from another process could be missed (not yet or no longer
   * listening), true once listening again; anything kept from before must then be dropped.
   */
  live(value: boolean): void;
}

export interface Changes {
  /** How announcements travel between processes. */
  readonly via: 'postgres' | 'redis' | 'local';
  /** Tells every process (this one included) about the change. */
  publish(change: Change): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  /** Set when the database is a PostgreSQL server other processes may share: LISTEN/NOTIFY. */
  databaseUrl?: string;
  /** NOTIFY through the app's own connections (so it works while the listener reconnects). */
  notify?: (channel: string, payload: string) => Promise<void>;
  /** Otherwise, with REDIS_URL: Redis pub/sub. */
  redis?: SharedRedis;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
  /** Wait before listening again after the connection was lost. */
  retryMs?: number;
}

/**
 * Announcements of changes between the server processes (a changed user for the session caches,
 * changed requests or products for the page caches), all on one channel: PostgreSQL LISTEN/NOTIFY on
 * a dedicated connection when the database is PostgreSQL, else Redis pub/sub when REDIS_URL is set,
 * else nothing to share (one process).
 */
export async function openChanges(opts: Options, handlers: ChangeHandlers): Promise<Changes> {
  if (opts.databaseUrl && opts.notify)
    return listenPostgres(opts.databaseUrl, opts.notify, handlers, opts.log, opts.retryMs ?? 1000);
  if (opts.redis) return subscribeRedis(opts.redis, handlers, opts.log);
  handlers.live(true);
  return { via: 'local', publish: async () => undefined, close: async () => undefined };
}

async function listenPostgres(
  url: string,
  notify: (channel: string, payload: string) => Promise<void>,
  handlers: ChangeHandlers,
  log: Options['log'],
  retryMs: number,
): Promise<Changes> {
  const { default: pg } = await import('pg');
  type Connection = { client: InstanceType<typeof pg.Client>; ended: Promise<void> };
  let closed = false;
  let current: Connection | undefined;
  let wake: (() => void) | undefined;
  handlers.live(false);

  async function connect(): Promise<Connection | undefined> {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
    let listening = false;
    const ended = new Promise<void>((resolve) => {
      client.once('end', () => resolve());
      client.on('error', (err) => {
        if (listening) log.warn({ err }, 'change listener lost its connection');
        resolve();
      });
    });
    client.on('notification', (n) => {
      const change = n.channel === CHANGES_CHANNEL && n.payload ? decode(n.payload) : undefined;
      if (change) handlers.changed(change);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      listening = true;
      return { client, ended };
    } catch (err) {
      log.warn({ err }, 'change listener could not listen');
      void client.end().catch(() => undefined);
      return undefined;
    }
  }

  async function run(first: Connection | undefined) {
    let conn = first;
    for (;;) {
      if (conn) {
        if (closed) {
          await conn.client.end().catch(() => undefined);
          return;
        }
        current = conn;
        handlers.live(true);
        await conn.ended;
        current = undefined;
        handlers.live(false);
        void conn.client.end().catch(() => undefined);
      }
      if (closed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (closed) return;
      conn = await connect();
    }
  }

  const running = run(await connect());
  return {
    via: 'postgres',
    publish: async (change) => {
      for (const payload of encode(change)) await notify(CHANGES_CHANNEL, payload);
    },
    async close() {
      closed = true;
      wake?.();
      await current?.client.end().catch(() => undefined);
      await running;
    },
  };
}

function subscribeRedis(redis: SharedRedis, handlers: ChangeHandlers, log: Options['log']): Changes {
  handlers.live(false);
  const channel = redis.name(CHANGES_CHANNEL);
  const sub = redis.client.duplicate(SUBSCRIBER_CLIENT);
  sub.on('message', (from: string, payload: string) => {
    const change = from === channel ? decode(payload) : undefined;
    if (change) handlers.changed(change);
  });
  // Each failed reconnection is an error event; the outage itself is logged once (lib/redis.ts).
  sub.on('error', (err) => log.debug({ err }, 'change subscription error'));
  sub.on('close', () => handlers.live(false));
  // Live once the subscription is confirmed: after every (re)connection, and when Redis answers
  // again after hanging (the connection then never closed).
  const subscribe = () =>
    sub.subscribe(channel).then(
      () => handlers.live(true),
      (err: unknown) => log.warn({ err }, 'change subscription failed'),
    );
  sub.on('ready', subscribe);
  redis.health.onChange((up) => {
    if (!up) handlers.live(false);
    else if (sub.status === 'ready') void subscribe();
  });
  return {
    via: 'redis',
    publish: async (change) => {
      // While Redis is away the other processes keep nothing cached (they are not live either).
      for (const payload of encode(change))
        await redis.client.publish(channel, payload).catch(() => redis.health.failed());
    },
    async close() {
      await endClient(sub);
      handlers.live(false);
    },
  };
}
