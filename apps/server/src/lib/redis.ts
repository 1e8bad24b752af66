import type { FastifyBaseLogger } from 'fastify';
import type { Command, Redis, RedisOptions } from 'ioredis';
import { endSpan, SpanKind, startSpan, tracingOn } from './tracing';

const REDIS_TIMING = {
  /** A command unanswered this long fails (a Redis that hangs), and its caller falls back. */
  commandTimeoutMs: 1000,
  connectTimeoutMs: 2000,
  /** How often the connection is checked, so an outage is noticed (and its end) without traffic. */
  checkEveryMs: 1000,
  /** The longest wait between two attempts to connect again. */
  maxReconnectDelayMs: 2000,
} as const;

const reconnect = {
  connectTimeout: REDIS_TIMING.connectTimeoutMs,
  // Tries again for ever, soon: Redis coming back is noticed within about two seconds.
  retryStrategy: (times: number) => Math.min(times * 100, REDIS_TIMING.maxReconnectDelayMs),
} satisfies RedisOptions;

/**
 * For a client whose answers a caller waits for (limits, readiness, publishing): while Redis is away
 * a command fails at once instead of waiting in a queue, and one that Redis does not answer fails
 * after `commandTimeoutMs`.
 */
export const COMMAND_CLIENT: RedisOptions = {
  ...reconnect,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_TIMING.commandTimeoutMs,
};

/**
 * For a subscriber: its subscriptions wait for a connection, and are made again after every
 * reconnection, so live events between processes resume by themselves when Redis is back.
 */
export const SUBSCRIBER_CLIENT: RedisOptions = {
  ...reconnect,
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  autoResubscribe: true,
};

/** Whether Redis answers now, as this process last saw it. */
export interface RedisHealth {
  readonly up: boolean;
  /** A command failed: treat Redis as away until a check answers again. */
  failed(): void;
  /** Called with each change (true: back, false: away). */
  onChange(listener: (up: boolean) => void): void;
}

/**
 * Ends a client without waiting on Redis: QUIT while connected (for at most `commandTimeoutMs`), then
 * the connection is dropped; a QUIT while Redis is away would wait for it, or fail and leave the
 * client reconnecting.
 */
export async function endClient(client: Redis) {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.quit().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, REDIS_TIMING.commandTimeoutMs))),
    ]);
    clearTimeout(timer);
  }
  client.disconnect();
}

/**
 * The name of a Redis key or channel under REDIS_PREFIX ('north-campus' gives 'north-campus:rl:login'),
 * the name itself without one: every key and channel of the server goes through it, so deployments
 * sharing a Redis never see each other's.
 */
export const redisName = (prefix: string, name: string) => (prefix ? `${prefix}:${name}` : name);

export interface SharedRedis {
  client: Redis;
  health: RedisHealth;
  /** `name` under this deployment's REDIS_PREFIX (redisName). */
  name(name: string): string;
  close(): Promise<void>;
}

/** Each command a span while tracing is on (lib/tracing.ts), named by the command alone, no keys. */
function traceCommands(client: Redis) {
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command: Command, stream?: unknown) => {
    const name = command.name.toUpperCase();
    const span = startSpan(
      `redis ${name}`,
      { 'db.system.name': 'redis', 'db.operation.name': name },
      SpanKind.CLIENT,
    );
    command.promise.then(
      () => endSpan(span),
      (err: unknown) => endSpan(span, err),
    );
    return (send as (c: Command, s?: unknown) => unknown)(command, stream);
  }) as typeof client.sendCommand;
}

/**
 * The process's Redis client (limits, readiness, the change channel's publishing), watched: a ping
 * every `checkEveryMs` tells whether Redis answers. One warning is logged when it stops answering and
 * one line when it is back, never one per call.
 */
export async function openRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>,
  /** REDIS_PREFIX, and more options (a connection name in tests). */
  { prefix = '', ...extra }: RedisOptions & { prefix?: string } = {},
): Promise<SharedRedis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { ...COMMAND_CLIENT, ...extra });
  if (tracingOn()) traceCommands(client);
  // Connection errors are what the health check reports; logged here only at debug level.
  client.on('error', (err) => log.debug({ err }, 'redis error'));
  /** undefined until the first check has answered either way. */
  let up: boolean | undefined;
  let checking = false;
  const listeners: ((up: boolean) => void)[] = [];
  const set = (value: boolean) => {
    if (value === up) return;
    const before = up;
    up = value;
    if (!value)
      log.warn(
        'Redis is not answering: rate limits count in each process, live events between processes are paused',
      );
    else if (before === false) log.info('Redis answers again: shared rate limits and live events resumed');
    for (const listener of listeners) listener(value);
  };
  const check = () => {
    if (checking) return;
    checking = true;
    client
      .ping()
      .then(
        () => set(true),
        () => set(false),
      )
      .finally(() => {
        checking = false;
      });
  };
  client.on('ready', check);
  client.on('close', () => set(false));
  const timer = setInterval(check, REDIS_TIMING.checkEveryMs);
  timer.unref();
  return {
    client,
    health: {
      get up() {
        return up === true;
      },
      failed: () => set(false),
      onChange: (listener) => void listeners.push(listener),
    },
    name: (name) => redisName(prefix, name),
    async close() {
      clearInterval(timer);
      await endClient(client);
    },
  };
}
