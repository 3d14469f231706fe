import { readGuestList, writeGuestList } from './guest-list.ts';
import type { ChosenLine } from './schedule-review-state.ts';
import { MAX_LINES, MAX_QUANTITY, snapshotOf } from './types.ts';

/**
 * Puts a reviewed schedule's lines on a guest's list in this browser: a plant already there gets
 * the quantity added (capped), as adding it from the catalogue would. Answers an error message
 * instead when the list would pass its line limit or cannot be stored; then nothing is changed.
 */
export function addToGuestList(chosen: readonly ChosenLine[]): string | undefined {
  try {
    const lines = readGuestList();
    for (const { line, quantity } of chosen) {
      const existing = lines.find((kept) => kept.catalogue_item_id === line.id);
      if (existing) existing.quantity = Math.min(MAX_QUANTITY, existing.quantity + quantity);
      else lines.push({ catalogue_item_id: line.id, quantity, snapshot: snapshotOf(line) });
    }
    if (lines.length > MAX_LINES)
      return `A plant list holds at most ${MAX_LINES} lines: leave some lines out, or send a quote request first.`;
    writeGuestList(lines);
    return undefined;
  } catch {
    return 'Your plant list could not be saved in this browser; please try again.';
  }
}
