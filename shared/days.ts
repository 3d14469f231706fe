/** Days of the week as opening-hours rules write them (`Mo-Fr 07:30-16:30`), Monday first. */
export const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type DayCode = (typeof DAY_CODES)[number];

/** Each day's English name (also schema.org's DayOfWeek name). */
export const DAY_NAMES: Record<DayCode, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};
