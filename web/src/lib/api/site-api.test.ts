import { describe, expect, it } from 'vitest';
import { openingHoursRows } from './site-api.ts';

describe('openingHoursRows', () => {
  it('joins consecutive days into ranges and a day’s several times into one row', () => {
    expect(
      openingHoursRows([
        { days: ['Mo', 'Tu', 'We', 'Fr'], opens: '08:00', closes: '12:00' },
        { days: ['Mo', 'Tu', 'We', 'Fr'], opens: '13:00', closes: '17:00' },
        { days: ['Sa', 'Su'], opens: '09:00', closes: '11:00' },
      ]),
    ).toEqual([
      { days: 'Monday – Wednesday, Friday', times: '08:00–12:00, 13:00–17:00' },
      { days: 'Saturday, Sunday', times: '09:00–11:00' },
    ]);
  });

  it('has no rows without hours', () => {
    expect(openingHoursRows(undefined)).toEqual([]);
    expect(openingHoursRows([])).toEqual([]);
  });
});
