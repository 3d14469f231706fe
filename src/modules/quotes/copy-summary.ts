import type { CopiedLines } from '../../../shared/api/quotes.ts';

/** A requested line as the copy reads it. */
export interface RequestedLine {
  id: number;
  catalogue_item_id: number | null;
  quantity: number;
}

/**
 * What copying `lines` into a list does, so the buyer is told rather than surprised: a line whose
 * catalogue row is gone (`available` lacks it) is not copied; one already on the list (`onList`:
 * quantity by catalogue id) is merged, its quantities added up to `max`; any other is added. A row
 * requested twice merges into what the first of them made. Also returns the lines to add.
 */
export function summariseCopy(
  lines: readonly RequestedLine[],
  onList: ReadonlyMap<number, number>,
  available: ReadonlySet<number>,
  max: number,
): { copied: CopiedLines; toAdd: { catalogue_item_id: number; quantity: number }[] } {
  const copied: CopiedLines = { added: [], merged: [], skipped: [] };
  const toAdd: { catalogue_item_id: number; quantity: number }[] = [];
  const quantities = new Map(onList);
  for (const line of lines) {
    const itemId = line.catalogue_item_id;
    if (itemId === null || !available.has(itemId)) {
      copied.skipped.push({ line_id: line.id, reason: 'no_longer_available' });
      continue;
    }
    const before = quantities.get(itemId);
    const after = Math.min(max, (before ?? 0) + line.quantity);
    if (before === undefined) copied.added.push({ line_id: line.id, quantity: after });
    else copied.merged.push({ line_id: line.id, before, after });
    quantities.set(itemId, after);
    toAdd.push({ catalogue_item_id: itemId, quantity: line.quantity });
  }
  return { copied, toAdd };
}
