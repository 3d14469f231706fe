import type { Config } from '../../config.ts';
import { deriveKey, hmac, safeEqual } from '../../crypto.ts';

/** What a guest's link is signed over: the quotation and the last day it holds. */
export interface LinkedQuotation {
  id: number;
  /** YYYY-MM-DD. */
  valid_until: string;
}

type LinkConfig = Pick<Config, 'appKey' | 'appUrl'>;

const keyOf = (config: LinkConfig) => deriveKey(config.appKey, 'quotation-link');
const signed = (quotation: LinkedQuotation) => `quotation:${quotation.id}:${quotation.valid_until}`;

/** The token of a guest's link: an HMAC (app key, own purpose) of the quotation's id and validity. */
export const quotationToken = (config: LinkConfig, quotation: LinkedQuotation) => hmac(keyOf(config), signed(quotation));

/** The guest's link to a quotation: the public page /quotations/{id}?token=…, absolute, for a mail. */
export const quotationLink = (config: LinkConfig, quotation: LinkedQuotation) =>
  `${config.appUrl}/quotations/${quotation.id}?token=${quotationToken(config, quotation)}`;

/**
 * Whether `token` opens this quotation on `today` (YYYY-MM-DD, the UK day): signed for this very
 * id and validity, and that validity not passed. A changed validity (a new version has its own
 * id anyway) or any guessed token opens nothing; the comparison takes constant time.
 */
export function verifyQuotationToken(config: LinkConfig, quotation: LinkedQuotation, token: unknown, today: string): boolean {
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) return false;
  if (quotation.valid_until < today) return false;
  return safeEqual(token, quotationToken(config, quotation));
}
