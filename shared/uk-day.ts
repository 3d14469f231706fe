/**
 * Calendar days as the nursery counts them. The nursery is in Kent: "today", for a quotation's
 * validity or an order's wanted-by date, is the UK calendar day, not the UTC one (just after
 * midnight in summer it is already tomorrow in Kent). One place for the quotations and orders
 * modules and the web app (a quotation still open today, the earliest wanted-by date) to share,
 * so neither module needs the other for a date.
 */
const UK_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `2026-11-27`: the UK calendar day `instant` falls on. */
export const ukDay = (instant: Date): string => UK_DAY.format(instant);

/** A calendar day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A DATE column as YYYY-MM-DD, whether the driver gave a Date (local midnight) or the text. */
export function dateOnly(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
