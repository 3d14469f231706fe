import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { Gallery } from './model.ts';
import { presentImage, type PresentedImage } from './presenter.ts';

/** The three banner galleries that always exist (spec §9). */
export const BANNER_GALLERIES = { about: 1, shows: 2, home: 3 } as const;

export function galleryService(deps: Pick<Deps, 'db' | 'storage'>) {
  return {
    /** A gallery with its images in order; `publicOnly` hides images that are not ready. */
    async find(id: number, options: { publicOnly: boolean }): Promise<{ id: number; name: string; images: PresentedImage[] }> {
      const gallery = await Gallery.query(deps.db)
        .findById(id)
        .withGraphFetched('images(ordered)')
        .modifiers({
          ordered: (q) => {
            q.orderBy([{ column: 'order' }, { column: 'id' }]);
            if (options.publicOnly) q.where('status', 'ready');
          },
        });
      if (!gallery) throw notFound();
      return {
        id: gallery.id,
        name: gallery.name,
        images: (gallery.images ?? []).map((image) => presentImage(image, deps.storage)),
      };
    },
  };
}
export type GalleryService = ReturnType<typeof galleryService>;
