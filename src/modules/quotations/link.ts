import type { Config } from '../../config.ts';
import { deriveKey, hmac, safeEqual } from '../../crypto.ts';

/**
 * The guest link to a quotation: an HMAC-SHA256 of the quotation's id and its validity date under a
 * key derived from the app key for this purpose only. A revised validity date makes the old link
 * worthless; a guessed token never matches. Nothing is stored: the row and the key are enough.
 */
const signed = (config: Pick<Config, 'appKey'>, quotationId: number, validUntil: string) =>
  hmac(deriveKey(config.appKey, 'quotation-link'), `${quotationId}.${validUntil.slice(0, 10)}`);

/** The token a quotation's mail links with (`?token=`). */
export const quotationToken = (config: Pick<Config, 'appKey'>, quotationId: number, validUntil: string): string =>
  signed(config, quotationId, validUntil);

/** Whether `token` is this quotation's link token (constant time; any other value, of any length, is false). */
export function verifyQuotationToken(config: Pick<Config, 'appKey'>, quotationId: number, validUntil: string, token: string): boolean {
  return typeof token === 'string' && token.length > 0 && safeEqual(signed(config, quotationId, validUntil), token);
}
