import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyAttempts } from './errors.ts';

interface LimiterOptions {
  /** Distinguishes this limit's counters from every other limit's. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** Builds limiters in Redis when it is in use (shared by every web process), else in memory. */
export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

/**
 * Redis limiters carry an in-memory insurance limiter with the same rule: while Redis is down (or
 * still connecting) each process counts for itself, so login, register, forgot-password and contact
 * keep answering and keep being limited instead of failing with 500. `rejectIfRedisNotReady` makes
 * the switch at once rather than after ioredis's reconnect attempts.
 */
export function limiterFactory(redis: Redis | undefined, prefix: string): LimiterFactory {
  return ({ name, points, durationSeconds }) => {
    const opts = { keyPrefix: `${prefix}:rl:${name}`, points, duration: durationSeconds };
    if (!redis) return new RateLimiterMemory(opts);
    return new RateLimiterRedis({
      ...opts,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  };
}

/**
 * Consumes a point or throws the contract's 429. Usable inside services too (it knows no Koa; the
 * route middleware is src/http/rate-limit.ts). Resolves with the counter after this point, so a
 * caller can tell which request used the last one.
 */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
    throw error;
  }
}
