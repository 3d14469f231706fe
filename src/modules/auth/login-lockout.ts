import type { Deps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { escalatingLockout } from '../../limiters.ts';

/**
 * Wrong passwords allowed per account in the window, from all addresses together. The per
 * email + IP limit alone let 200 client addresses (TRUST_PROXY) try 5 passwords each.
 */
export const WRONG_PASSWORDS_PER_ACCOUNT = 10;
/** The window, and the first lockout; each further lockout within a day lasts twice as long. */
export const ACCOUNT_LOCKOUT_MINUTES = 15;
const MAX_LOCKOUT_MINUTES = 24 * 60;

const wrongPassword = (error: unknown) => error instanceof HttpError && error.status === 422;

/**
 * The per-account login limit, for browsers the account has not signed in on before
 * (known-devices.ts). Keyed by the lower-cased address whether or not an account has it, so the
 * answers say nothing about which addresses exist. The wrong password that trips a lockout calls
 * `onLockout` with its length, once per lockout (the holder is mailed).
 */
export function loginLockout(deps: Pick<Deps, 'limiters'>, onLockout: (email: string, minutes: number) => Promise<void>) {
  const lockout = escalatingLockout(deps.limiters, {
    name: 'login-account',
    points: WRONG_PASSWORDS_PER_ACCOUNT,
    lockoutSeconds: ACCOUNT_LOCKOUT_MINUTES * 60,
    maxLockoutSeconds: MAX_LOCKOUT_MINUTES * 60,
  });
  return {
    attempt: <T>(email: string, check: () => Promise<T>): Promise<T> =>
      lockout.attempt(email.toLowerCase(), check, wrongPassword, (seconds) => onLockout(email, Math.ceil(seconds / 60))),
  };
}
