import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { checkImageFile } from '../../images/upload-check.ts';
import { deleteImageFiles } from './renditions-job.ts';
import { Gallery, GalleryImage, RENDER_DEADLINE_MS } from './model.ts';
import type { AdminGalleryImage as AdminImage } from '../../../shared/api/galleries.ts';
import { presentAdminImage } from './presenter.ts';
import type { ImageFields } from './schema.ts';

/** PostgreSQL foreign_key_violation: the gallery went away between the check and the insert. */
const isForeignKeyViolation = (error: unknown) => (error as { code?: string })?.code === '23503';
const invalidGallery = () => validationError({ gallery_id: ['The selected gallery id is invalid.'] });

/**
 * Gallery images: upload, order, edit, rotate, delete. Upload, rotate and retry record their event
 * in the transaction that sets the row `processing`, so an image is never left processing with no
 * job coming; the renditions job reads the row when it runs and rebuilds if the rotation moved on.
 */
export function galleryImageService(deps: Pick<Deps, 'db' | 'storage' | 'events' | 'log' | 'now'>) {
  /** A fresh run of rendition jobs: a deadline (past it the recovery sweep steps in) and no attempts used. */
  const processingAnew = () => ({
    status: 'processing' as const,
    error: null,
    render_attempts: 0,
    processing_deadline: new Date(deps.now().getTime() + RENDER_DEADLINE_MS),
  });

  return {
    /**
     * Takes an uploaded temp file: checks its type from the bytes (415) and its pixel count (422),
     * moves it into storage as the original, inserts a `processing` row at the end of the gallery
     * and queues its renditions. Any failure after the move deletes the stored file again.
     */
    async upload(galleryId: number, tempFile: string): Promise<AdminImage> {
      if (!(await Gallery.query(deps.db).findById(galleryId))) throw invalidGallery();
      const checked = await checkImageFile(tempFile, 'file');
      const key = `galleries/${galleryId}/originals/${randomBytes(8).toString('hex')}.${checked.ext}`;
      await deps.storage.putFile(key, tempFile);
      let image: GalleryImage;
      try {
        image = await deps.db.transaction(async (trx) => {
          // Locking the gallery serialises concurrent uploads' "last position" and a gallery delete.
          const gallery = await Gallery.query(trx).findById(galleryId).forUpdate();
          if (!gallery) throw invalidGallery();
          const last = await trx('gallery_images').where('gallery_id', galleryId).max<{ max: number | null }>('order as max').first();
          const inserted = await GalleryImage.query(trx).insertAndFetch({
            gallery_id: galleryId,
            ...processingAnew(),
            original_path: key,
            width: checked.width,
            height: checked.height,
            order: (last?.max ?? -1) + 1,
          });
          await deps.events.record(trx, 'gallery_image.uploaded', { imageId: inserted.id });
          return inserted;
        });
      } catch (error) {
        await deps.storage.delete(key);
        throw isForeignKeyViolation(error) ? invalidGallery() : error;
      }
      return presentAdminImage(image, deps.storage);
    },

    /**
     * Puts a gallery's images in the given order (order = position in the list); images not
     * listed keep their relative order after the listed ones. An id from another gallery → 422.
     */
    async reorder(galleryId: number, ids: number[]): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const gallery = await Gallery.query(trx).findById(galleryId).forUpdate();
        if (!gallery) throw validationError({ id: ['The selected gallery id is invalid.'] });
        const current: { id: number }[] = await trx('gallery_images')
          .where('gallery_id', galleryId)
          .orderBy([{ column: 'order' }, { column: 'id' }])
          .select('id');
        const known = new Set(current.map((r) => r.id));
        const strangers = ids.filter((id) => !known.has(id));
        if (strangers.length)
          throw validationError({ images: [`These images are not in this gallery: ${strangers.slice(0, 20).join(', ')}.`] });
        if (new Set(ids).size !== ids.length) throw validationError({ images: ['An image is listed more than once.'] });
        const listed = new Set(ids);
        const order = [...ids, ...current.map((r) => r.id).filter((id) => !listed.has(id))];
        if (!order.length) return;
        await trx.raw(
          `UPDATE gallery_images AS i SET "order" = v.position, updated_at = now()
           FROM (VALUES ${order.map(() => '(?::int, ?::int)').join(', ')}) AS v(id, position)
           WHERE i.id = v.id AND i.gallery_id = ?`,
          [...order.flatMap((id, position) => [id, position]), galleryId],
        );
      });
    },

    /** Saves alt, link, caption and caption_sub — those four fields and nothing else. */
    async update(id: number, fields: ImageFields): Promise<AdminImage> {
      const patch: Partial<Pick<GalleryImage, 'alt' | 'link' | 'caption' | 'caption_sub' | 'updated_at'>> = { updated_at: new Date() };
      if (fields.alt !== undefined) patch.alt = fields.alt;
      if (fields.link !== undefined) patch.link = fields.link;
      if (fields.caption !== undefined) patch.caption = fields.caption;
      if (fields.caption_sub !== undefined) patch.caption_sub = fields.caption_sub;
      const image = await GalleryImage.query(deps.db).patchAndFetchById(id, patch);
      if (!image) throw notFound();
      return presentAdminImage(image, deps.storage);
    },

    /**
     * Turns the image a quarter clockwise: the row records the new rotation and goes back to
     * `processing`; the worker rebuilds the renditions and deletes the old ones once the new are
     * saved (until then the public page keeps serving the old, still-valid files).
     */
    async rotate(id: number): Promise<AdminImage> {
      const after = await deps.db.transaction(async (trx) => {
        const current = await GalleryImage.query(trx).findById(id).forUpdate();
        if (!current) throw notFound();
        const updated = await GalleryImage.query(trx).patchAndFetchById(id, {
          rotation: (((current.rotation + 90) % 360) + 360) % 360,
          ...processingAnew(),
          updated_at: new Date(),
        });
        await deps.events.record(trx, 'gallery_image.rotated', { imageId: id });
        return updated;
      });
      return presentAdminImage(after, deps.storage);
    },

    /**
     * Queues a failed image's renditions again (the admin's Retry button): the row goes back to
     * `processing` with a fresh set of attempts. Only a failed image can be retried (422 otherwise).
     */
    async retry(id: number): Promise<AdminImage> {
      const retried = await deps.db.transaction(async (trx) => {
        const current = await GalleryImage.query(trx).findById(id).forUpdate();
        if (!current) throw notFound();
        if (current.status !== 'failed') throw validationError({ status: ['Only an image that failed to process can be retried.'] });
        const updated = await GalleryImage.query(trx).patchAndFetchById(id, { ...processingAnew(), updated_at: new Date() });
        await deps.events.record(trx, 'gallery_image.retried', { imageId: id });
        return updated;
      });
      return presentAdminImage(retried, deps.storage);
    },

    /** Deletes the row, then (after the commit) the original and every rendition. */
    async remove(id: number): Promise<void> {
      const image = await deps.db.transaction(async (trx) => {
        const current = await GalleryImage.query(trx).findById(id).forUpdate();
        if (!current) throw notFound();
        await GalleryImage.query(trx).deleteById(id);
        return current;
      });
      await deleteImageFiles(deps.storage, image);
    },
  };
}
export type GalleryImageService = ReturnType<typeof galleryImageService>;
