import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import { deriveKey, hmac, safeEqual } from '../../crypto.ts';

/** Verification links last 60 minutes (contract). */
const VERIFICATION_TTL_MS = 60 * 60 * 1000;

/** Laravel's `{hash}` path segment: SHA-1 of the email, so a link dies when the email changes. */
export const emailHash = (email: string) => createHash('sha1').update(email.toLowerCase()).digest('hex');

const sign = (config: Pick<Config, 'appKey'>, id: number, hash: string, expires: number) =>
  hmac(deriveKey(config.appKey, 'email-verification'), `${id}/${hash}?expires=${expires}`);

/** The signed, expiring link mailed to a user. Built in the worker from the id alone. */
export function verificationUrl(config: Pick<Config, 'appKey' | 'appUrl'>, user: { id: number; email: string }, now = Date.now()): string {
  const hash = emailHash(user.email);
  const expires = Math.floor((now + VERIFICATION_TTL_MS) / 1000);
  return `${config.appUrl}/email/verify/${user.id}/${hash}?expires=${expires}&signature=${sign(config, user.id, hash, expires)}`;
}

/** True when the signature is genuine and unexpired. (The hash is checked against the user separately.) */
export function isValidVerificationSignature(
  config: Pick<Config, 'appKey'>,
  id: number,
  hash: string,
  expires: string | undefined,
  signature: string | undefined,
): boolean {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return false;
  if (Number(expires) * 1000 < Date.now()) return false;
  return safeEqual(signature, sign(config, id, hash, Number(expires)));
}
