import type { Config } from '../../config.ts';
import { deriveKey, hmac, safeEqual } from '../../crypto.ts';

/** What a guest's link is signed over: the quotation and the last day it holds. */
export interface LinkedQuotation {
  id: number;
  /** YYYY-MM-DD. */
  valid_until: string;
}

type KeyConfig = Pick<Config, 'appKey'>;
type LinkConfig = Pick<Config, 'appKey' | 'appUrl'>;

const keyOf = (config: KeyConfig) => deriveKey(config.appKey, 'quotation-link');
const signed = (quotation: LinkedQuotation) => `quotation:${quotation.id}:${quotation.valid_until}`;

/** The token of a guest's link: an HMAC (app key, own purpose) of the quotation's id and validity. */
export const quotationToken = (config: KeyConfig, quotation: LinkedQuotation) => hmac(keyOf(config), signed(quotation));

/** The guest's link to a quotation: the public page /quotations/{id}?token=…, absolute, for a mail. */
export const quotationLink = (config: LinkConfig, quotation: LinkedQuotation) =>
  `${config.appUrl}/quotations/${quotation.id}?token=${quotationToken(config, quotation)}`;

/**
 * Whether `token` is this quotation's link token: signed for this very id and validity. A changed
 * validity (a new version has its own id anyway) or any guessed token matches nothing; the
 * comparison takes constant time. Expiry aside: an order made from the quotation stays readable
 * through the link, and accepting an expired one is refused with its own message.
 */
export function quotationTokenMatches(config: KeyConfig, quotation: LinkedQuotation, token: unknown): boolean {
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) return false;
  return safeEqual(token, quotationToken(config, quotation));
}

/** Whether `token` opens this quotation's page on `today` (YYYY-MM-DD, the UK day): it matches, and the validity has not passed. */
export function verifyQuotationToken(config: KeyConfig, quotation: LinkedQuotation, token: unknown, today: string): boolean {
  return quotation.valid_until >= today && quotationTokenMatches(config, quotation, token);
}
