import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors';

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

/** Named limiters backed by memory, or by Redis when several processes share the work. */
export function createLimiterFactory(redis?: Redis) {
  return (name: string, spec: LimitSpec): Limiter => {
    const options = { keyPrefix: `rl:${name}`, points: spec.points, duration: spec.duration };
    const limiter: RateLimiterAbstract = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis })
      : new RateLimiterMemory(options);
    const consumeOrWait = async (key: string): Promise<number> => {
      try {
        await limiter.consume(key.toLowerCase());
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
        const res = await limiter.get(key.toLowerCase());
        if (res && res.consumedPoints >= spec.points) {
          const wait = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
          throw tooManyRequests(wait, message?.replace('{seconds}', String(wait)));
        }
      },
      async spent(key) {
        return (await limiter.get(key.toLowerCase()))?.consumedPoints ?? 0;
      },
      async reset(key) {
        await limiter.delete(key.toLowerCase());
      },
    };
  };
}
export type LimiterFactory = ReturnType<typeof createLimiterFactory>;
