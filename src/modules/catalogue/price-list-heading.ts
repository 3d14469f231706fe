/**
 * What a buyer's personal price list says about itself, in the PDF and the workbook alike: whose it
 * is, when it was issued, until when its prices hold, and that they exclude VAT.
 */

/** The buyer and the validity a price list names (the issue date is the renderers' `issued`). */
export interface PriceListHeading {
  /** The company of the buyer's approved trade account. */
  company: string;
  validUntil: Date;
}

export const PRICES_EXCLUDE_VAT = 'Prices exclude VAT';

/** "Trade price list for Greenway Landscapes Ltd". */
export const priceListTitle = (company: string) => `Trade price list for ${company}`;

/** A company name cut to fit a one-line page header or footer ("Greenway Landscapes and Grou…"). */
export const shortCompany = (company: string, max = 40) => (company.length > max ? `${company.slice(0, max - 1).trimEnd()}…` : company);
