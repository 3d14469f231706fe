import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import type { PlantListLine, PlantListSnapshot } from './types.ts';

const FIELDS = ['code', 'genus', 'species', 'common_name', 'form', 'height'] as const;

/** Whether the catalogue row differs from what the line snapshotted (a snapshot without a code, from before codes, differs in none). */
const differs = (snapshot: PlantListSnapshot, row: CatalogueLine): boolean =>
  FIELDS.some((field) => (field !== 'code' || snapshot.code) && snapshot[field] !== row[field]);

/** How a line stands against the catalogue now: `removed` is a line retired from the catalogue (or gone). */
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
  if (!line.current || !line.available) return { kind: 'removed' };
  return line.changed ? { kind: 'changed', current: line.current } : { kind: 'ok' };
}
