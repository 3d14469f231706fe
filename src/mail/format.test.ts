import { describe, expect, it } from 'vitest';
import { calendarDate, heightText, longDate } from './format.ts';

describe('mail formats', () => {
  it('writes a moment as its day in the UK, in GMT and in BST', () => {
    expect(longDate(new Date('2026-11-26T23:30:00Z'))).toBe('26 November 2026');
    expect(longDate(new Date('2026-06-30T23:30:00Z'))).toBe('1 July 2026');
  });

  it('writes a calendar day as that day whatever the process time zone', () => {
    expect(calendarDate('2027-02-15')).toBe('15 February 2027');
    expect(calendarDate('2027-01-01')).toBe('1 January 2027');
  });

  it('gives height bands their unit and leaves Rootstock (and a band already in cm) alone', () => {
    expect(heightText('60-90')).toBe('60-90 cm');
    expect(heightText('175-200')).toBe('175-200 cm');
    expect(heightText('Rootstock')).toBe('Rootstock');
    expect(heightText('60-80cm')).toBe('60-80cm');
  });
});
