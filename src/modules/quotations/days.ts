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
