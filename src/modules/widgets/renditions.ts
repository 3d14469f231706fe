import path from 'node:path';
import type { Deps } from '../../deps.ts';

/**
 * Queuing an IMAGE widget's renditions job (the images worker builds them, see
 * workers/widget-images.ts). Used by the widget service after an upload and by the seed on every
 * start, which also catches up any job that was lost (queue down at upload time, process killed).
 */

/**
 * One job id per widget and original: a duplicate waiting job is absorbed, and a replaced picture
 * gets a job of its own rather than being swallowed by the old one's.
 */
export function widgetRenditionsJobId(widget: { id: number; image_path: string }): string {
  return `widget-${widget.id}-${path.posix.basename(widget.image_path).replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Queues the renditions of this widget's current picture. */
export function queueWidgetRenditions(deps: Pick<Deps, 'queue'>, widget: { id: number; image_path: string }): Promise<void> {
  return deps.queue.enqueue('widgets.renditions', { widgetId: widget.id }, { jobId: widgetRenditionsJobId(widget) });
}

/**
 * Queues renditions for every IMAGE widget whose picture has none yet (or only a replaced
 * picture's); returns how many were queued. The job itself skips a widget already done, so a
 * second call before the first job ran costs nothing but a queue lookup.
 */
export async function queueMissingWidgetRenditions(deps: Pick<Deps, 'db' | 'queue'>): Promise<number> {
  const rows: { id: number; image_path: string }[] = await deps
    .db('widgets')
    .where({ type: 'IMAGE' })
    .whereNotNull('image_path')
    .where((q) => q.whereNull('renditions').orWhereRaw("renditions->>'source' IS DISTINCT FROM image_path"))
    .select('id', 'image_path');
  for (const row of rows) await queueWidgetRenditions(deps, row);
  return rows.length;
}
