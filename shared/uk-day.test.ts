import { describe, expect, it } from 'vitest';
import { addDays, dateOnly, ukDay } from './uk-day.ts';

describe('UK calendar days', () => {
  it('reads the day in Kent, not in UTC', () => {
    expect(ukDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01'); // BST
    expect(ukDay(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-27'); // GMT
  });

  it('keeps a DATE column as written', () => {
    expect(dateOnly('2027-02-15')).toBe('2027-02-15');
    expect(dateOnly(new Date(2027, 1, 15))).toBe('2027-02-15');
    expect(dateOnly(null)).toBeNull();
  });

  it('counts days on across months, years and the clock change', () => {
    expect(addDays('2026-11-27', 30)).toBe('2026-12-27');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
  });
});
