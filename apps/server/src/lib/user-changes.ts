import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The PostgreSQL NOTIFY / Redis pub/sub channel on which processes announce a changed user. */
export const USER_CHANGES_CHANNEL = 'campusrun_user_changed';

export interface UserChangeHandlers {
  /** The user changed, on this process or another one. */
  changed(userId: string): void;
  /**
   * false while an announcement from another process could be missed (not yet or no longer
   * listening), true once listening again; anything kept from before must then be dropped.
   */
  live(value: boolean): void;
}

export interface UserChanges {
  /** How announcements travel between processes. */
  readonly via: 'postgres' | 'redis' | 'local';
  /** Tells every process (this one included) that the user changed. */
  publish(userId: string): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  /** Set when the database is a PostgreSQL server other processes may share: LISTEN/NOTIFY. */
  databaseUrl?: string;
  /** NOTIFY through the app's own connections (so it works while the listener reconnects). */
  notify?: (channel: string, payload: string) => Promise<void>;
  /** Otherwise, with REDIS_URL: Redis pub/sub. */
  redis?: Redis;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Wait before listening again after the connection was lost. */
  retryMs?: number;
}

/**
 * Announcements of changed users between the server processes: PostgreSQL LISTEN/NOTIFY on a
 * dedicated connection when the database is PostgreSQL, else Redis pub/sub when REDIS_URL is set,
 * else nothing to share (one process).
 */
export async function openUserChanges(opts: Options, handlers: UserChangeHandlers): Promise<UserChanges> {
  if (opts.databaseUrl && opts.notify)
    return listenPostgres(opts.databaseUrl, opts.notify, handlers, opts.log, opts.retryMs ?? 1000);
  if (opts.redis) return subscribeRedis(opts.redis, handlers, opts.log);
  handlers.live(true);
  return { via: 'local', publish: async () => undefined, close: async () => undefined };
}

async function listenPostgres(
  url: string,
  notify: (channel: string, payload: string) => Promise<void>,
  handlers: UserChangeHandlers,
  log: Options['log'],
  retryMs: number,
): Promise<UserChanges> {
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
        if (listening) log.warn({ err }, 'user change listener lost its connection');
        resolve();
      });
    });
    client.on('notification', (n) => {
      if (n.channel === USER_CHANGES_CHANNEL && n.payload) handlers.changed(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${USER_CHANGES_CHANNEL}`);
      listening = true;
      return { client, ended };
    } catch (err) {
      log.warn({ err }, 'user change listener could not listen');
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
    publish: (userId) => notify(USER_CHANGES_CHANNEL, userId),
    async close() {
      closed = true;
      wake?.();
      await current?.client.end().catch(() => undefined);
      await running;
    },
  };
}

function subscribeRedis(redis: Redis, handlers: UserChangeHandlers, log: Options['log']): UserChanges {
  handlers.live(false);
  const sub = redis.duplicate();
  sub.on('message', (channel: string, userId: string) => {
    if (channel === USER_CHANGES_CHANNEL) handlers.changed(userId);
  });
  sub.on('error', (err) => log.warn({ err }, 'user change subscription error'));
  sub.on('close', () => handlers.live(false));
  // After every (re)connection: live once the subscription is confirmed.
  sub.on('ready', () => {
    sub.subscribe(USER_CHANGES_CHANNEL).then(
      () => handlers.live(true),
      (err: unknown) => log.warn({ err }, 'user change subscription failed'),
    );
  });
  return {
    via: 'redis',
    publish: async (userId) => {
      await redis.publish(USER_CHANGES_CHANNEL, userId);
    },
    async close() {
      await sub.quit().catch(() => undefined);
      handlers.live(false);
    },
  };
}
