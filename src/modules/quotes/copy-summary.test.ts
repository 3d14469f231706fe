import { describe, expect, it } from 'vitest';
import { summariseCopy } from './copy-summary.ts';

describe('summariseCopy', () => {
  it('adds new lines, merges ones on the list up to the limit, and leaves out the unavailable', () => {
    const lines = [
      { id: 1, catalogue_item_id: 10, quantity: 5 },
      { id: 2, catalogue_item_id: 20, quantity: 10 },
      { id: 3, catalogue_item_id: null, quantity: 3 },
      { id: 4, catalogue_item_id: 30, quantity: 7 },
      { id: 5, catalogue_item_id: 40, quantity: 90 },
      { id: 6, catalogue_item_id: 10, quantity: 2 },
    ];
    const onList = new Map([
      [20, 30],
      [40, 50],
    ]);
    const { copied, toAdd } = summariseCopy(lines, onList, new Set([10, 20, 40]), 100);
    expect(copied).toEqual({
      added: [{ line_id: 1, quantity: 5 }],
      merged: [
        { line_id: 2, before: 30, after: 40 },
        { line_id: 5, before: 50, after: 100 },
        { line_id: 6, before: 5, after: 7 },
      ],
      skipped: [
        { line_id: 3, reason: 'no_longer_available' },
        { line_id: 4, reason: 'no_longer_available' },
      ],
    });
    expect(toAdd).toEqual([
      { catalogue_item_id: 10, quantity: 5 },
      { catalogue_item_id: 20, quantity: 10 },
      { catalogue_item_id: 40, quantity: 90 },
      { catalogue_item_id: 10, quantity: 2 },
    ]);
  });
});
