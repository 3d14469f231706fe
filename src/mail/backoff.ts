/** The first retry of a mail that could not be sent comes after this long… */
const FIRST_RETRY_MS = 15_000;
/** …each further one after twice the previous wait, but never more than this apart. */
export const MAX_RETRY_MS = 5 * 60_000;
/**
 * How long a delivery holds a mail before another worker may try it: longer than any SMTP
 * conversation can last (the transport's timeouts, src/mail/transport.ts, end one well before), so
 * two deliveries never send one mail at once; short enough that a worker killed mid-send delays the
 * mail only briefly.
 */
export const SEND_LEASE_MS = 5 * 60_000;

/**
 * Wait before the next attempt after `attempts` failed ones: capped exponential backoff. Capped
 * rather than given up: a mail stays owed until a server takes it or refuses its recipient.
 */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 30)); // 2**30 already far beyond the cap
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** doublings);
}
