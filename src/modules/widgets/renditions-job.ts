import { randomBytes } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import type { Deps } from '../../deps.ts';
import type { WidgetRenditions } from './model.ts';
import { BadImageError, buildRenditions, deleteRenditionFiles } from '../../images/renditions.ts';

interface WidgetRow {
  id: number;
  name: string;
  type: 'TEXT' | 'IMAGE';
  image_path: string | null;
  renditions: WidgetRenditions | null;
}

/**
 * The widget renditions job: builds an IMAGE widget's responsive files (the gallery pipeline's
 * widths and formats) from its stored original into a fresh folder `widgets/{id}-{8 hex}/`, and
 * records them with the original's key. Idempotent: a widget that is gone, no longer an image, or
 * already has renditions of its current picture is left alone. If the picture was replaced or the
 * widget deleted during the build, the files are discarded (the new picture has its own job).
 * A picture that cannot be read throws UnrecoverableError (the original stays served); storage and
 * database errors are rethrown for the queue's retry. No partial files are left either way.
 */
export async function renderWidgetRenditions(deps: Pick<Deps, 'db' | 'storage' | 'log'>, widgetId: number): Promise<void> {
  const { db, storage, log } = deps;
  const widget = await db<WidgetRow>('widgets').where({ id: widgetId }).first('id', 'name', 'type', 'image_path', 'renditions');
  if (!widget || widget.type !== 'IMAGE' || !widget.image_path) return;
  if (widget.renditions?.source === widget.image_path) return;
  const source = widget.image_path;

  const folder = `widgets/${widget.id}-${randomBytes(4).toString('hex')}`;
  let built: Awaited<ReturnType<typeof buildRenditions>>;
  try {
    built = await buildRenditions(storage, { original_path: source, rotation: 0 }, folder);
  } catch (error) {
    await storage.deletePrefix(folder).catch((err: unknown) => log.warn({ err, folder }, 'could not remove partial renditions'));
    if (!(error instanceof BadImageError)) throw error;
    log.warn({ err: error, widgetId }, 'widget image renditions failed');
    throw new UnrecoverableError(error.message);
  }

  let previous: WidgetRenditions | null | undefined;
  try {
    previous = await db.transaction(async (trx) => {
      const current = await trx<WidgetRow>('widgets').where({ id: widgetId }).forUpdate().first('type', 'image_path', 'renditions');
      // Replaced, switched to TEXT or deleted meanwhile; or a duplicate job finished first.
      if (!current || current.type !== 'IMAGE' || current.image_path !== source || current.renditions?.source === source) return undefined;
      const renditions: WidgetRenditions = { source, ...built.renditions };
      await trx('widgets')
        .where({ id: widgetId })
        // updated_at too: the public body changed (srcset); the row's trigger bumps the content
        // revision, so every web process's caches move on.
        .update({ renditions: JSON.stringify(renditions), image_width: built.width, image_height: built.height, updated_at: trx.fn.now() });
      return current.renditions;
    });
  } catch (error) {
    await storage.deletePrefix(folder); // the retry builds a new folder; this one would be orphaned
    throw error;
  }
  if (previous === undefined) {
    await storage.deletePrefix(folder);
    return;
  }
  // Normally none (the service clears them with the picture), but never leave a file unowned.
  await deleteRenditionFiles(storage, previous);
}
