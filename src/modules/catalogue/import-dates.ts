/**
 * Dates in an import's "Ready from" column, as a UK office types or Excel saves them: a real date
 * cell (the staff workbook's), `10/01/2027` (day first, as en-GB), `2027-01-10`, or `10 Jan 2027`
 * (the workbook's display). Read as calendar days, never through the local time zone.
 */

export const READY_FROM_HELP = 'Use a real date, e.g. 10/01/2027';

const DAY_MS = 86_400_000;
/** Excel's day 0 (1899-12-30, the 1900 leap-year bug included) in Unix days. */
const EXCEL_EPOCH_DAYS = -25_569;
/** The serials of 2000-01-01 and 2099-12-31: a number outside them in a date column is no date anyone meant. */
const SERIAL_RANGE = [36_526, 73_415] as const;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A month's number (1–12) from its name or its first three letters ("Sept" too); 0 for neither. */
const monthOf = (word: string) =>
  MONTHS.findIndex((m) => m === word || m.slice(0, 3) === word || (word === 'sept' && m === 'september')) + 1;

/**
 * A date cell as YYYY-MM-DD. Excel stores a calendar day, which the reader hands over as that
 * day's midnight UTC; a second's float noise either side must not move it to the next day.
 */
export const isoDay = (date: Date): string => new Date(Math.floor((date.getTime() + 1000) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** A typed date (or a date serial a reader left as a number) as YYYY-MM-DD; undefined when it is no real date. */
export function readDay(value: string | number): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < SERIAL_RANGE[0] || value > SERIAL_RANGE[1]) return undefined;
    return isoDay(new Date((value + EXCEL_EPOCH_DAYS) * DAY_MS));
  }
  const text = value.trim().toLowerCase();
  let parts: [number, number, number] | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const ukNumeric = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (ukNumeric) parts = [Number(ukNumeric[3]), Number(ukNumeric[2]), Number(ukNumeric[1])];
  const ukWords = /^(\d{1,2})\s+([a-z]{3,9})\.?\s+(\d{4})$/.exec(text);
  if (ukWords) {
    const month = monthOf(ukWords[2]!);
    if (month) parts = [Number(ukWords[3]), month, Number(ukWords[1])];
  }
  if (!parts) return undefined;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 30/02/2027 would roll over to March: refused, not moved.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}
