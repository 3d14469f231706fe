import type { Context } from 'koa';
import { deriveKey, hmac } from '../../crypto.ts';

const DEVICE_COOKIE = 'nursery_device';
/** Browsers keep a cookie at most about 400 days; a year is what a buyer's laptop can count on. */
const DEVICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** Accounts one browser remembers (a shared office PC), newest first. */
const MAX_ACCOUNTS = 5;

/**
 * Browsers an account has signed in on: a signed, HttpOnly cookie listing a keyed tag of each
 * account's address (never the address). Such a browser keeps only the per email + IP login limit,
 * so a stranger who trips the per-account limit from many addresses cannot lock the owner out of
 * their own devices; the tag cannot be made without the app key, nor the cookie altered unseen.
 */
export function knownDevices(appKey: Buffer) {
  const key = deriveKey(appKey, 'known-device');
  const tagOf = (email: string) => hmac(key, email.toLowerCase()).slice(0, 32);
  const tags = (ctx: Context) => (ctx.cookies.get(DEVICE_COOKIE, { signed: true }) ?? '').split('.').filter(Boolean);
  return {
    /** Whether the account with this address has signed in on the requesting browser before. */
    isKnown: (ctx: Context, email: string) => tags(ctx).includes(tagOf(email)),

    /** Marks the browser as one this account signs in on (every sign-in: login, 2FA, registration). */
    remember(ctx: Context, email: string): void {
      const tag = tagOf(email);
      const kept = [tag, ...tags(ctx).filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS);
      ctx.cookies.set(DEVICE_COOKIE, kept.join('.'), {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.secure,
        signed: true,
        maxAge: DEVICE_MAX_AGE_MS,
      });
    },
  };
}
export type KnownDevices = ReturnType<typeof knownDevices>;
