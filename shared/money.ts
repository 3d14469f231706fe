/**
 * Prices as people in the UK type and read them: pounds with a full stop for pence ("2.50",
 * "£1,250.00"). The one rule the catalogue form, the spreadsheet import and the staff workbook
 * share, so a price means the same wherever it is typed. Amounts are whole pence inside: text is
 * read digit by digit, never multiplied as a float, so "2.51" is 251, never 250.99.
 *
 * A decimal comma ("2,50", as typed on a continental keyboard or copied from one) is refused, not
 * guessed at: read as a thousands comma it used to become £250.00, a hundred times the price.
 */
import { penceText } from './trade-text.ts';

/** The message for a decimal comma, in the form and per cell in the import preview. */
export const USE_FULL_STOP = 'Use a full stop for pence, e.g. 2.50';
export const TOO_MANY_DECIMALS = 'A price has at most two decimals (pence), e.g. 2.50';
export const NEGATIVE_PRICE = 'A price cannot be negative';
export const NOT_A_PRICE = 'Enter a price in pounds, e.g. 2.50';
/** "1,250" could be £1,250 or a continental 1.250: with its pence ("1,250.00") it can only be the first. */
export const THOUSANDS_NEED_PENCE = 'Write a price with a thousands comma with its pence, e.g. 1,250.00, or leave the comma out';

/** The most a price may be: £100,000 a plant, far above any line, well inside an int. */
export const MAX_PRICE_PENCE = 10_000_000;
export const PRICE_TOO_HIGH = `A price may not be more than ${penceText(MAX_PRICE_PENCE)}`;

/** What a price reads as: pence (null for an empty entry: no price), or why it cannot be read. */
export type PriceReading = { pence: number | null; error?: undefined } | { pence?: undefined; error: string };

/**
 * How far from a whole penny a spreadsheet's number may be and still be that penny: float noise
 * (2.7499999999999996 for 2.75, or 15 significant digits as Excel saves them), never a real
 * fraction of a penny such as 2.755, which is refused.
 */
const NOISE_PENCE = 1e-4;

/**
 * Reads a price in pounds as staff type it, or as a spreadsheet cell holds it (a number).
 * Accepted: "2.50", "2.5", "£2.50", " 2.50 ", "£ 2", ".5", "£1,250.00". Refused, with the message
 * to show: a decimal comma ({@link USE_FULL_STOP}), more than two decimals, a negative amount, text
 * that is no amount, a thousands comma without pence, more than {@link MAX_PRICE_PENCE}.
 */
export function readPrice(value: string | number | null | undefined): PriceReading {
  if (value === null || value === undefined) return { pence: null };
  return typeof value === 'number' ? readNumber(value) : readText(value);
}

function readNumber(pounds: number): PriceReading {
  if (!Number.isFinite(pounds)) return { error: NOT_A_PRICE };
  if (pounds < 0) return { error: NEGATIVE_PRICE };
  const exact = pounds * 100;
  const pence = Math.round(exact);
  if (Math.abs(exact - pence) > NOISE_PENCE) return { error: TOO_MANY_DECIMALS };
  return inRange(pence);
}

function readText(text: string): PriceReading {
  let amount = text.trim();
  if (amount === '') return { pence: null };
  if (/^[-\u2212]\s*£?|^£\s*[-\u2212]/.test(amount)) return { error: NEGATIVE_PRICE };
  amount = amount.replace(/^£\s*/, '');
  const grouped = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/.exec(amount);
  if (grouped) {
    if (grouped[2] === undefined || grouped[2] === '') return { error: THOUSANDS_NEED_PENCE };
    return fromDigits(grouped[1]!.replace(/,/g, ''), grouped[2]);
  }
  if (amount.includes(',')) return { error: USE_FULL_STOP };
  const plain = /^(\d*)(?:\.(\d*))?$/.exec(amount);
  if (!plain || (!plain[1] && !plain[2])) return { error: NOT_A_PRICE };
  return fromDigits(plain[1] || '0', plain[2] ?? '');
}

function fromDigits(pounds: string, decimals: string): PriceReading {
  if (decimals.length > 2) return { error: TOO_MANY_DECIMALS };
  // More digits than any allowed price has: too high, without trusting Number with them.
  if (pounds.replace(/^0+/, '').length > 9) return { error: PRICE_TOO_HIGH };
  return inRange(Number(pounds) * 100 + Number(decimals.padEnd(2, '0')));
}

const inRange = (pence: number): PriceReading => (pence > MAX_PRICE_PENCE ? { error: PRICE_TOO_HIGH } : { pence });

/** Pence for people: 250 → "£2.50", 125000 → "£1,250.00" (the one wording, shared/trade-text.ts). */
export const formatPence = penceText;

/** Pence as a form's price input holds it: 125000 → "1250.00"; null (no price) → "". */
export const poundsInput = (pence: number | null): string =>
  pence === null ? '' : `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** Pence as a spreadsheet's number of pounds (12.5 for 1250), for a numeric cell formatted 0.00. */
export const poundsNumber = (pence: number): number => pence / 100;
