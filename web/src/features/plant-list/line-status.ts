import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import type { PlantListLine, PlantListSnapshot } from './types.ts';

const FIELDS = ['genus', 'species', 'common_name', 'form', 'height'] as const;

/** Whether the catalogue row differs from what the line snapshotted. */
export const differs = (snapshot: PlantListSnapshot, row: CatalogueLine): boolean => FIELDS.some((field) => snapshot[field] !== row[field]);

/** How a line stands against the catalogue now. */
export type LineStatus = { kind: 'ok' } | { kind: 'removed' } | { kind: 'changed'; current: CatalogueLine };

/**
 * A line's standing. The server says it for a signed-in buyer (`current`, `changed`); for a guest
 * `checked` holds what the catalogue says now (by id; null = gone; absent = not known, so nothing
 * is marked).
 */
export function lineStatus(line: PlantListLine, checked?: Record<number, CatalogueLine | null>): LineStatus {
  if (checked) {
    if (line.catalogue_item_id === null) return { kind: 'removed' };
    if (!(line.catalogue_item_id in checked)) return { kind: 'ok' };
    const row = checked[line.catalogue_item_id];
    if (!row) return { kind: 'removed' };
    return differs(line.snapshot, row) ? { kind: 'changed', current: row } : { kind: 'ok' };
  }
  if (!line.current) return { kind: 'removed' };
  return line.changed ? { kind: 'changed', current: line.current } : { kind: 'ok' };
}
