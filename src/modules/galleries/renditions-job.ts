import { randomBytes } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import type { Deps } from '../../deps.ts';
import { BadImageError, buildRenditions, deleteRenditionFiles } from '../../images/renditions.ts';
import type { Storage } from '../../storage/types.ts';
import { isRenditionFolder, PROCESSING_FAILED_MESSAGE, RENDER_DEADLINE_MS, type Renditions } from './model.ts';

/**
 * The image renditions job: load the gallery image by id, render its thumbnail and responsive
 * widths from the stored original, save, then remove whatever renditions it replaced.
 * Every build writes into a fresh folder `galleries/{gallery}/{image}-{8 hex}/`.
 */

interface ImageRow {
  id: number;
  gallery_id: number;
  original_path: string;
  rotation: number;
  renditions: Renditions | null;
}

/** Optional knowledge of the job's retries, so the last failed attempt can leave a visible status. */
export interface RenditionOptions {
  /** True on the job's final attempt: a transient failure then marks the image failed too. */
  lastAttempt?: boolean;
}

/**
 * Renders (or re-renders, after a rotate) one gallery image's renditions and marks it ready.
 * A deleted image is ignored. Bad input marks the image failed, removes partial files and throws
 * `UnrecoverableError` so the queue does not retry; other errors (storage, database) are rethrown
 * for the queue's retry with backoff, leaving no partial files either way.
 */
export async function renderImageRenditions(
  deps: Pick<Deps, 'db' | 'storage' | 'log' | 'now'>,
  imageId: number,
  options: RenditionOptions = {},
): Promise<void> {
  const { db, storage, log } = deps;
  const finished = { rendering_folder: null, processing_deadline: null };
  // A rotate during the build makes the result stale; build again (a running BullMQ job with the
  // same id would have swallowed the rotate's own job, so this one must catch up).
  for (let pass = 1; pass <= 3; pass++) {
    const image = await db<ImageRow & { rendering_folder: string | null }>('gallery_images')
      .where({ id: imageId })
      .first('id', 'gallery_id', 'original_path', 'rotation', 'renditions', 'rendering_folder');
    if (!image) return; // deleted since it was queued: nothing to do
    // A folder still recorded here belongs to a run that died (its worker was killed and BullMQ
    // handed the job to this one; jobs for one image never run side by side): remove its files.
    if (pass === 1 && image.rendering_folder && isRenditionFolder(image.rendering_folder)) {
      await storage.deletePrefix(image.rendering_folder);
    }

    const folder = `galleries/${image.gallery_id}/${image.id}-${randomBytes(4).toString('hex')}`;
    // Recorded before the first file is written: if this process is killed, the recovery sweep
    // finds the row past its deadline and removes this folder (with any half-written temp files).
    await db('gallery_images')
      .where({ id: imageId })
      .update({
        rendering_folder: folder,
        processing_deadline: new Date(deps.now().getTime() + RENDER_DEADLINE_MS),
        ...(pass === 1 ? { render_attempts: db.raw('render_attempts + 1') } : {}),
      });
    // Each finished file pushes the deadline on, so only a job that stopped making progress counts as stuck.
    const heartbeat = () =>
      db('gallery_images')
        .where({ id: imageId, rendering_folder: folder })
        .update({ processing_deadline: new Date(deps.now().getTime() + RENDER_DEADLINE_MS) });
    let built: { renditions: Renditions; width: number; height: number };
    try {
      built = await buildRenditions(storage, image, folder, heartbeat);
    } catch (error) {
      await storage.deletePrefix(folder).catch((err: unknown) => log.warn({ err, folder }, 'could not remove partial renditions'));
      if (!(error instanceof BadImageError) && !options.lastAttempt) throw error;
      const message = error instanceof BadImageError ? error.message : PROCESSING_FAILED_MESSAGE;
      log.warn({ err: error, imageId }, 'image renditions failed');
      await db('gallery_images')
        .where({ id: imageId })
        .update({ status: 'failed', error: message, ...finished, updated_at: db.fn.now() });
      throw new UnrecoverableError(message);
    }

    let saved: { outcome: 'deleted' | 'stale' | 'superseded' } | { outcome: 'saved'; previous: Renditions | null };
    try {
      saved = await db.transaction(async (trx) => {
        const current = await trx<ImageRow & { rendering_folder: string | null }>('gallery_images')
          .where({ id: imageId })
          .forUpdate()
          .first('rotation', 'original_path', 'renditions', 'rendering_folder');
        if (!current) return { outcome: 'deleted' as const };
        // The recovery sweep gave up on this job (and may have removed its folder), or a newer job
        // for this image started: that one saves its own files.
        if (current.rendering_folder !== folder) return { outcome: 'superseded' as const };
        if ((current.rotation !== image.rotation || current.original_path !== image.original_path) && pass < 3) {
          return { outcome: 'stale' as const };
        }
        await trx('gallery_images')
          .where({ id: imageId })
          .update({
            status: 'ready',
            renditions: JSON.stringify(built.renditions),
            width: built.width,
            height: built.height,
            error: null,
            render_attempts: 0,
            ...finished,
            updated_at: trx.fn.now(),
          });
        return { outcome: 'saved' as const, previous: current.renditions };
      });
    } catch (error) {
      await storage.deletePrefix(folder); // the retry builds a new folder; this one would be orphaned
      throw error;
    }

    if (saved.outcome === 'saved') {
      // Only after the commit: until then the old files are what the site serves.
      await deleteRenditionFiles(storage, saved.previous);
      return;
    }
    await storage.deletePrefix(folder);
    if (saved.outcome !== 'stale') return;
  }
}

/**
 * Deletes every file of a gallery image: the original and all renditions. For the image and
 * gallery delete routes; call it after the row's delete has committed.
 */
export async function deleteImageFiles(
  storage: Storage,
  image: { original_path: string | null; renditions: Renditions | null | undefined },
): Promise<void> {
  await deleteRenditionFiles(storage, image.renditions);
  if (image.original_path) await storage.delete(image.original_path);
}
