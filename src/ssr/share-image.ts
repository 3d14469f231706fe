import type { Services } from '../services.ts';

/** The home page's banner gallery (spec §9: galleries 1 about, 2 shows, 3 home). */
const HOME_GALLERY_ID = 3;

/**
 * The picture link previews show for a page without its own: the home banner's first slide (its
 * largest JPEG, which every preview service reads). Undefined while the banner has none ready.
 */
export async function shareImageUrl(services: Pick<Services, 'galleries'>): Promise<string | undefined> {
  const gallery = await services.galleries.find(HOME_GALLERY_ID, { publicOnly: true });
  const first = [...gallery.images].sort((a, b) => a.order - b.order).find((image) => image.image_url);
  return first?.image_url ?? undefined;
}
