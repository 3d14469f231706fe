import { describe, expect, it } from 'vitest';
import { canMove, nextStatuses } from './transitions.ts';

describe('order status transitions', () => {
  it('moves one step forward, or to cancelled before delivery', () => {
    expect(nextStatuses('confirmed')).toEqual(['picking', 'cancelled']);
    expect(nextStatuses('picking')).toEqual(['dispatched', 'cancelled']);
    expect(nextStatuses('dispatched')).toEqual(['delivered', 'cancelled']);
  });

  it('never goes back, skips a stage, or leaves a final state', () => {
    expect(canMove('picking', 'confirmed')).toBe(false);
    expect(canMove('confirmed', 'dispatched')).toBe(false);
    expect(canMove('confirmed', 'confirmed')).toBe(false);
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
  });
});
