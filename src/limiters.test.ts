import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { escalatingLockout, limiterFactory, type LimiterFactory } from './limiters.ts';

/**
 * The escalating lockout behind the per-account login limit, in Redis (production) and in memory
 * (embedded mode, and Redis's insurance limiter). The end of a window is simulated by clearing the
 * counter through the very limiter the lockout made, never by waiting.
 */
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  await redis.ping(); // ready: until then the limiters count in their in-memory insurance limiter
});
afterAll(async () => {
  const keys = await redis.keys('nursery_test_escalating_*');
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const wrong = () => Promise.reject(new HttpError(422, 'wrong'));
const right = () => Promise.resolve('signed in');
const isWrong = (error: unknown) => error instanceof HttpError && error.status === 422;

/** A factory that remembers what it made, so a test can end a window by clearing a counter. */
function recording(base: LimiterFactory) {
  const made = new Map<string, ReturnType<LimiterFactory>>();
  const factory: LimiterFactory = (options) => {
    const limiter = base(options);
    made.set(options.name, limiter);
    return limiter;
  };
  return { factory, made };
}

describe.each([
  ['in Redis', () => limiterFactory(redis, `nursery_test_escalating_${process.pid}_${Date.now()}`)],
  ['in memory', () => limiterFactory(undefined, 'memory')],
])('escalatingLockout %s', (_where, makeFactory) => {
  it('locks after `points` failures (even in parallel), mails once per lockout, and doubles each lockout up to the cap', async () => {
    const { factory, made } = recording(makeFactory());
    const lockout = escalatingLockout(factory, { name: 'guess', points: 4, lockoutSeconds: 60, maxLockoutSeconds: 150 });
    const lockouts: number[] = [];
    const onLockout = async (seconds: number) => void lockouts.push(seconds);
    const statusOf = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 200,
        (error: HttpError) => error.status,
      );

    const burst = await Promise.all(Array.from({ length: 10 }, () => statusOf(lockout.attempt('k', wrong, isWrong, onLockout))));
    expect(burst.filter((s) => s === 422)).toHaveLength(4);
    expect(burst.filter((s) => s === 429)).toHaveLength(6);
    expect(lockouts).toEqual([60]);
    // Locked: even the right answer is refused, with the lockout's Retry-After.
    const locked = await lockout.attempt('k', right, isWrong, onLockout).catch((error: HttpError) => error);
    expect(locked).toBeInstanceOf(HttpError);
    expect(Number((locked as HttpError).headers['Retry-After'])).toBeGreaterThan(50);
    // Another key is not touched.
    await expect(lockout.attempt('other', right, isWrong, onLockout)).resolves.toBe('signed in');

    for (const expected of [120, 150, 150]) {
      await made.get('guess')!.delete('k'); // the lockout ends
      for (let i = 0; i < 4; i++) await expect(lockout.attempt('k', wrong, isWrong, onLockout)).rejects.toMatchObject({ status: 422 });
      const retryAfter = await lockout.attempt('k', right, isWrong, onLockout).catch((error: HttpError) => error.headers['Retry-After']);
      expect(Number(retryAfter)).toBeGreaterThan(expected - 10);
      expect(Number(retryAfter)).toBeLessThanOrEqual(expected);
    }
    expect(lockouts).toEqual([60, 120, 150, 150]);
  });

  it('a success clears the count, and what is not a failure gives its point back', async () => {
    const lockout = escalatingLockout(makeFactory(), { name: 'clear', points: 3, lockoutSeconds: 60, maxLockoutSeconds: 600 });
    const none = async () => {};
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) await expect(lockout.attempt('k', wrong, isWrong, none)).rejects.toMatchObject({ status: 422 });
      await expect(lockout.attempt('k', right, isWrong, none)).resolves.toBe('signed in');
    }
    const broken = () => Promise.reject(new Error('database down'));
    for (let i = 0; i < 5; i++) await expect(lockout.attempt('k', broken, isWrong, none)).rejects.toThrow('database down');
    await expect(lockout.attempt('k', right, isWrong, none)).resolves.toBe('signed in');
  });
});
