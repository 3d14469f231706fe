/**
 * The nursery is in Kent: "today", for a quotation's validity and a wanted-by date, is the UK
 * calendar day, not the UTC one (just after midnight in summer it is already tomorrow in Kent).
 */
const UK_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `2026-11-27`: the UK calendar day `instant` falls on. */
export const ukDay = (instant: Date): string => UK_DAY.format(instant);

/** A DATE column as YYYY-MM-DD, whether the driver gave a Date (local midnight) or the text. */
export function dateOnly(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
