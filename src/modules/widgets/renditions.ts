import type { Deps } from '../../deps.ts';

/**
 * Records `widget.picture_changed` for every IMAGE widget whose picture has no renditions yet (or
 * only a replaced picture's); returns how many. The seed calls it on every start, catching up any
 * widget whose job failed for good. The job itself skips a widget already done, and a job still
 * waiting for a widget absorbs a second one, so calling it twice costs almost nothing.
 */
export async function requestMissingWidgetRenditions(deps: Pick<Deps, 'db' | 'events'>): Promise<number> {
  const rows: { id: number }[] = await deps
    .db('widgets')
    .where({ type: 'IMAGE' })
    .whereNotNull('image_path')
    .where((q) => q.whereNull('renditions').orWhereRaw("renditions->>'source' IS DISTINCT FROM image_path"))
    .select('id');
  await deps.events.recordMany(
    deps.db,
    'widget.picture_changed',
    rows.map((row) => ({ widgetId: row.id })),
  );
  return rows.length;
}
