/** The nursery is in Kent: a quotation's validity is a UK calendar day. */
const UK_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The UK calendar day of an instant, YYYY-MM-DD. */
export const ukDay = (instant: Date): string => UK_DAY.format(instant);

/** A calendar day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How long a quotation holds unless staff say otherwise. */
export const DEFAULT_VALID_DAYS = 30;

/**
 * A DATE column as YYYY-MM-DD, whether the driver gave a Date (local midnight) or the text. The
 * quotes module has the same reading of its own dates; this module keeps its own so that quotes
 * can show a request's quotations without the two modules needing each other.
 */
export function dateOnly(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
