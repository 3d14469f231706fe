/**
 * How mails write dates and sizes for buyers in the UK: "26 November 2026", "60-90 cm". One place,
 * so every mail (quotes, trade, account) reads the same and none falls back to ISO dates.
 */

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const CALENDAR_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The day a moment falls on in the UK: 2026-11-26T23:30:00Z → "26 November 2026" (GMT), 2026-06-30T23:30:00Z → "1 July 2026" (BST). */
export const longDate = (instant: Date): string => LONG_DATE.format(instant);

/**
 * A calendar day (a DATE column, YYYY-MM-DD) as written: "2027-02-15" → "15 February 2027". Read as
 * that day, not a moment, so no time zone can move it to the day before.
 */
export const calendarDate = (day: string): string => CALENDAR_DATE.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/** A catalogue height band with its unit: "60-90" → "60-90 cm"; "Rootstock" is not a height and stays. */
export const heightText = (height: string): string => (/^\d/.test(height) && !/cm$/i.test(height) ? `${height} cm` : height);
