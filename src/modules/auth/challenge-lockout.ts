import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { consume } from '../../limiters.ts';

/**
 * Wrong two-factor codes allowed per account in the window, across all its pending logins. The
 * per-login limit alone let anyone who knows the password log in again for 5 more tries: about
 * 3,300 guesses a minute.
 */
export const WRONG_CODES_PER_ACCOUNT = 10;
export const LOCKOUT_MINUTES = 15;

/**
 * The per-account limit on two-factor guessing. Each attempt takes a point atomically before the
 * code is checked (parallel requests cannot exceed the limit); a right code gives it back, so only
 * wrong codes count. The wrong code that uses the last point locks the account's challenge for the
 * rest of the window (429 + Retry-After) and calls `onLockout` once for that lockout.
 */
export function challengeLockout(deps: Pick<Deps, 'limiters'>, onLockout: (userId: number) => Promise<void>) {
  const limiter = deps.limiters({ name: 'two-factor-account', points: WRONG_CODES_PER_ACCOUNT, durationSeconds: LOCKOUT_MINUTES * 60 });
  return {
    async attempt<T>(userId: number, check: () => Promise<T>): Promise<T> {
      const key = String(userId);
      const counted = await consume(limiter, key);
      let result: T;
      try {
        result = await check();
      } catch (error) {
        const wrongCode = error instanceof HttpError && error.status === 422;
        if (!wrongCode) await limiter.reward(key, 1);
        // Exactly one request sees the last point taken (the counter is atomic): it alone mails.
        else if (counted.consumedPoints === WRONG_CODES_PER_ACCOUNT) await onLockout(userId);
        throw error;
      }
      await limiter.reward(key, 1);
      return result;
    },
  };
}
