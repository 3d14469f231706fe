import { describe, expect, it } from 'vitest';
import { dateOnly, ukDay } from './dates.ts';

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
});
