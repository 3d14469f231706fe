import { describe, expect, it } from 'vitest';
import { mirrorValue, readMirror } from './guest-plant-list.ts';

describe('the guest list’s cookie mirror', () => {
  it('reads back the lines it wrote, in order', () => {
    const lines = [
      { catalogue_item_id: 31, quantity: 40 },
      { catalogue_item_id: 7, quantity: 100_000 },
    ];
    expect(mirrorValue(lines)).toBe('31-40_7-100000');
    expect(readMirror(mirrorValue(lines), 1000)).toEqual(lines);
  });

  it('keeps whole lines within a cookie’s room, the first ones', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => ({ catalogue_item_id: 100_000 + i, quantity: 250 }));
    const value = mirrorValue(lines);
    expect(value.length).toBeLessThanOrEqual(3_600);
    const read = readMirror(value, 1000);
    expect(read.length).toBeGreaterThan(300);
    expect(read).toEqual(lines.slice(0, read.length));
  });

  it('skips what is not a line and a repeated id, and reads no more than asked', () => {
    expect(readMirror('5-1_junk_0-3_6-0_7-1.5_5-9_8-2_<b>-1_9-3', 1000)).toEqual([
      { catalogue_item_id: 5, quantity: 1 },
      { catalogue_item_id: 8, quantity: 2 },
      { catalogue_item_id: 9, quantity: 3 },
    ]);
    expect(readMirror('1-1_2-2_3-3', 2)).toHaveLength(2);
    expect(readMirror(undefined, 1000)).toEqual([]);
  });
});
