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

interface EscalatingLockoutOptions {
  /** Distinguishes this limit's counters from every other limit's. */
  name: string;
  /** Failures allowed per key in a window of `lockoutSeconds`. */
  points: number;
  /** The window, and how long the first lockout lasts. */
  lockoutSeconds: number;
  /** The longest a lockout lasts, however often it trips. */
  maxLockoutSeconds: number;
}

/** How long lockouts are remembered for doubling: a day without one starts again from the first. */
const LOCKOUT_MEMORY_SECONDS = 24 * 60 * 60;

/**
 * A limit whose lockout grows (exponential slow-down): `points` failures in a window lock the key
 * for `lockoutSeconds`, the next lockout within a day for twice as long, then four times… up to
 * `maxLockoutSeconds`. Each attempt takes a point atomically before it is checked (parallel
 * requests cannot exceed the limit) and a locked key answers the contract's 429 at once. What
 * `isFailure` does not call a failure gives its point back; a success clears the key's count. The
 * failure that takes the last point trips the lockout and alone calls `onLockout`, once per lockout.
 */
export function escalatingLockout(limiters: LimiterFactory, options: EscalatingLockoutOptions) {
  const failures = limiters({ name: options.name, points: options.points, durationSeconds: options.lockoutSeconds });
  const lockouts = limiters({ name: `${options.name}-lockouts`, points: Number.MAX_SAFE_INTEGER, durationSeconds: LOCKOUT_MEMORY_SECONDS });
  return {
    async attempt<T>(
      key: string,
      check: () => Promise<T>,
      isFailure: (error: unknown) => boolean,
      onLockout: (lockedSeconds: number) => Promise<void>,
    ): Promise<T> {
      const counted = await consume(failures, key);
      let result: T;
      try {
        result = await check();
      } catch (error) {
        if (!isFailure(error)) await failures.reward(key, 1);
        else if (counted.consumedPoints === options.points) {
          const tripped = await lockouts.consume(key);
          const seconds = Math.min(options.lockoutSeconds * 2 ** (tripped.consumedPoints - 1), options.maxLockoutSeconds);
          await failures.block(key, seconds);
          await onLockout(seconds);
        }
        throw error;
      }
      await failures.delete(key);
      return result;
    },
  };
}
