import { isBannerGallery } from '../../../shared/galleries.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import type { AdminGalleryImage as AdminImage, GalleryCard, GalleryImage as PresentedImage } from '../../../shared/api/galleries.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import type { Paging } from '../../validation/paging.ts';
import { deleteImageFiles } from './renditions-job.ts';
import { Gallery, GalleryImage, type Renditions } from './model.ts';
import { presentAdminImage, presentImage } from './presenter.ts';

export function galleryService(deps: Pick<Deps, 'db' | 'storage' | 'log'>) {
  async function load(id: number, readyOnly: boolean): Promise<Gallery> {
    const gallery = await Gallery.query(deps.db)
      .findById(id)
      .withGraphFetched('images(ordered)')
      .modifiers({
        ordered: (q) => {
          q.orderBy([{ column: 'order' }, { column: 'id' }]);
          if (readyOnly) q.where('status', 'ready');
        },
      });
    if (!gallery) throw notFound();
    return gallery;
  }

  return {
    /** A gallery with its images in order; `publicOnly` hides images that are not ready. */
    async find(id: number, options: { publicOnly: boolean }): Promise<{ id: number; name: string; images: PresentedImage[] }> {
      const gallery = await load(id, options.publicOnly);
      return {
        id: gallery.id,
        name: gallery.name,
        images: (gallery.images ?? []).map((image) => presentImage(image, deps.storage)),
      };
    },

    /** The admin's editing view: every image whatever its status, with status, error and rotation. */
    async findForAdmin(id: number): Promise<{ id: number; name: string; images: AdminImage[] }> {
      const gallery = await load(id, false);
      return { id: gallery.id, name: gallery.name, images: (gallery.images ?? []).map((image) => presentAdminImage(image, deps.storage)) };
    },

    /** One page of galleries by id (the banners first), each with its picture and image count. */
    async list(paging: Paging): Promise<Paged<GalleryCard>> {
      const [rows, [count]] = await Promise.all([
        deps
          .db('galleries as g')
          .leftJoin('gallery_images as i', 'i.gallery_id', 'g.id')
          .groupBy('g.id')
          .orderBy('g.id')
          .limit(paging.limit)
          .offset(paging.page * paging.limit)
          .select<{ id: number; name: string; image_count: string }[]>('g.id', 'g.name', deps.db.raw('count(i.id) as image_count')),
        deps.db('galleries').count<{ n: string }[]>({ n: '*' }),
      ]);
      const covers = rows.length
        ? await deps
            .db('gallery_images')
            .distinctOn('gallery_id')
            .whereIn(
              'gallery_id',
              rows.map((r) => r.id),
            )
            .where('status', 'ready')
            .orderBy([{ column: 'gallery_id' }, { column: 'order' }, { column: 'id' }])
            .select<{ gallery_id: number; renditions: Renditions | null }[]>('gallery_id', 'renditions')
        : [];
      const coverOf = new Map(covers.map((c) => [c.gallery_id, c.renditions]));
      return {
        results: rows.map((row) => {
          const renditions = coverOf.get(row.id);
          const smallest = renditions?.widths[0];
          return {
            id: row.id,
            name: row.name,
            image_url: smallest ? deps.storage.url(smallest.jpeg) : null,
            thumb_url: renditions?.thumb ? deps.storage.url(renditions.thumb) : null,
            image_count: Number(row.image_count),
          };
        }),
        total: Number(count?.n ?? 0),
      };
    },

    async create(name: string): Promise<{ id: number }> {
      const gallery = await Gallery.query(deps.db).insertAndFetch({ name });
      return { id: gallery.id };
    },

    async rename(id: number, name: string): Promise<{ id: number; name: string }> {
      const gallery = await Gallery.query(deps.db).patchAndFetchById(id, { name, updated_at: new Date() });
      if (!gallery) throw notFound();
      return { id: gallery.id, name: gallery.name };
    },

    /**
     * Deletes a gallery and its images (rows first, in one transaction), then every file: each
     * image's original and renditions, and finally the gallery's whole storage folder. The banner
     * galleries 1–3 cannot be deleted.
     */
    async remove(id: number): Promise<void> {
      if (isBannerGallery(id)) {
        const exists = await Gallery.query(deps.db).findById(id);
        if (!exists) throw notFound();
        throw validationError({ id: ['The about, shows and home banner galleries cannot be deleted.'] });
      }
      const images = await deps.db.transaction(async (trx) => {
        const gallery = await Gallery.query(trx).findById(id).forUpdate();
        if (!gallery) throw notFound();
        const rows = await GalleryImage.query(trx).where('gallery_id', id).select('original_path', 'renditions');
        await Gallery.query(trx).deleteById(id); // images cascade
        return rows;
      });
      for (const image of images) {
        await deleteImageFiles(deps.storage, image).catch((err: unknown) =>
          deps.log.warn({ err, galleryId: id }, 'could not delete image files'),
        );
      }
      await deps.storage.deletePrefix(`galleries/${id}`);
    },
  };
}
export type GalleryService = ReturnType<typeof galleryService>;
