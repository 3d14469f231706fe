/** The first retry of an enquiry that could not be mailed comes after this long… */
const FIRST_RETRY_MS = 15_000;
/** …each further one after twice the previous wait, but never more than this apart. */
export const MAX_RETRY_MS = 5 * 60_000;
/**
 * How long a delivery may hold an enquiry before another worker may try it: longer than any SMTP
 * conversation, short enough that a worker killed mid-send delays the enquiry only briefly.
 */
export const SEND_LEASE_MS = 2 * 60_000;

/**
 * Wait before the next attempt after `attempts` failed ones: capped exponential backoff. Capped
 * rather than given up: an enquiry stays owed until it is sent, however long SMTP is away.
 */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 30)); // 2**30 already far beyond the cap
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** doublings);
}
