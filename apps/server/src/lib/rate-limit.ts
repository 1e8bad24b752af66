import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors';
import type { SharedRedis } from './redis';

interface LimitSpec {
  points: number;
  /** Window in seconds. */
  duration: number;
}

export interface Limiter {
  /** Counts one attempt for `key`; throws a 429 AppError once the window's points are spent. */
  consume(key: string, message?: string): Promise<void>;
  /** Like consume, but answers false instead of throwing. */
  tryConsume(key: string): Promise<boolean>;
  /** Throws the same 429 as consume once `key` has spent its points, without counting an attempt. */
  check(key: string, message?: string): Promise<void>;
  /** Points `key` has spent in its current window. */
  spent(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * Runs each operation on Redis while it answers, else (and when a call to it fails) on this
 * process's memory: a limit keeps counting through an outage, per process, and counts together
 * again once Redis is back.
 */
function sharedOrLocal(
  redis: SharedRedis | undefined,
  options: { keyPrefix: string; points: number; duration: number },
) {
  const memory = new RateLimiterMemory(options);
  if (!redis) return <T>(op: (limiter: RateLimiterAbstract) => Promise<T>) => op(memory);
  const shared = new RateLimiterRedis({
    ...options,
    keyPrefix: redis.name(options.keyPrefix),
    storeClient: redis.client,
    rejectIfRedisNotReady: true,
  });
  return async <T>(op: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> => {
    if (!redis.health.up) return op(memory);
    try {
      return await op(shared);
    } catch (err) {
      // A spent limit is an answer; anything else is Redis failing.
      if (err instanceof RateLimiterRes) throw err;
      redis.health.failed();
      return op(memory);
    }
  };
}

/** Named limiters backed by memory, or by Redis when several processes share the work. */
export function createLimiterFactory(redis?: SharedRedis) {
  return (name: string, spec: LimitSpec): Limiter => {
    const limiter = sharedOrLocal(redis, {
      keyPrefix: `rl:${name}`,
      points: spec.points,
      duration: spec.duration,
    });
    const consumeOrWait = async (key: string): Promise<number> => {
      try {
        await limiter((l) => l.consume(key.toLowerCase()));
        return 0;
      } catch (err) {
        if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw err;
      }
    };
    return {
      async consume(key, message) {
        const wait = await consumeOrWait(key);
        if (wait) throw tooManyRequests(wait, message?.replace('{seconds}', String(wait)));
      },
      async tryConsume(key) {
        return (await consumeOrWait(key)) === 0;
      },
      async check(key, message) {
        const res = await limiter((l) => l.get(key.toLowerCase()));
        if (res && res.consumedPoints >= spec.points) {
          const wait = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
          throw tooManyRequests(wait, message?.replace('{seconds}', String(wait)));
        }
      },
      async spent(key) {
        return (await limiter((l) => l.get(key.toLowerCase())))?.consumedPoints ?? 0;
      },
      async reset(key) {
        await limiter((l) => l.delete(key.toLowerCase()));
      },
    };
  };
}
export type LimiterFactory = ReturnType<typeof createLimiterFactory>;

/**
 * Counters of hits per key in a window (the global request limit's store): how many so far and how
 * long until the window ends, shared through Redis like the limiters and kept locally without it.
 */
export function createCounterFactory(redis?: SharedRedis) {
  return (name: string, durationSeconds: number) => {
    const counter = sharedOrLocal(redis, {
      keyPrefix: `rl:${name}`,
      points: Number.MAX_SAFE_INTEGER,
      duration: durationSeconds,
    });
    return {
      async hit(key: string): Promise<{ count: number; msLeft: number }> {
        const res = await counter((l) => l.consume(key));
        return { count: res.consumedPoints, msLeft: res.msBeforeNext };
      },
    };
  };
}
export type CounterFactory = ReturnType<typeof createCounterFactory>;
