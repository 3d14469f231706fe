import { describe, expect, it } from 'vitest';
import { parseOpeningHours } from './opening-hours.ts';

describe('parseOpeningHours', () => {
  it('reads day ranges, single days and lists, one rule per time range', () => {
    expect(parseOpeningHours('Mo-Fr 07:30-16:30; Sa 08:00-12:00')).toEqual([
      { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '07:30', closes: '16:30' },
      { days: ['Sa'], opens: '08:00', closes: '12:00' },
    ]);
    expect(parseOpeningHours('Sa,Mo - We 08:00-12:00, 13:00-17:00')).toEqual([
      { days: ['Mo', 'Tu', 'We', 'Sa'], opens: '08:00', closes: '12:00' },
      { days: ['Mo', 'Tu', 'We', 'Sa'], opens: '13:00', closes: '17:00' },
    ]);
  });

  it('reads an empty setting as no hours', () => {
    expect(parseOpeningHours('')).toEqual([]);
    expect(parseOpeningHours(' ; ')).toEqual([]);
  });

  it.each([
    ['Mo-Fr', /must be days then times/],
    ['Xx 08:00-12:00', /"Xx" .* is not a day/],
    ['Fr-Mo 08:00-12:00', /is not a day range/],
    ['Mo 8-12', /is not a time range like 07:30-16:30/],
    ['Mo 25:00-26:00', /is not a time range/],
    ['Mo 12:00-08:00', /closes before it opens/],
    ['Mo 08:00-12:00,11:00-13:00', /overlapping times/],
    ['Mo-Fr 08:00-12:00; Fr 13:00-15:00', /Fr is listed in more than one rule/],
  ])('refuses %s', (text, message) => {
    expect(() => parseOpeningHours(text)).toThrow(message);
  });
});
