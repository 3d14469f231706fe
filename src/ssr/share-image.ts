import type { Config } from '../config.ts';
import type { Services } from '../services.ts';

/** The home page's banner gallery (spec §9: galleries 1 about, 2 shows, 3 home). */
const HOME_GALLERY_ID = 3;

/**
 * The picture link previews show for a page without its own: the home banner's first slide (its
 * largest JPEG, which every preview service reads). While the banner has no slide ready (renditions
 * still being made, the slide just rotated or replaced) or cannot be read, the business's picture
 * (COMPANY_IMAGE, else the logo): a page never goes without one.
 */
async function shareImageUrl(services: Pick<Services, 'galleries'>, business: Pick<Config['business'], 'image'>): Promise<string> {
  const gallery = await services.galleries.find(HOME_GALLERY_ID, { publicOnly: true }).catch(() => undefined);
  const first = [...(gallery?.images ?? [])].sort((a, b) => a.order - b.order).find((image) => image.image_url);
  return first?.image_url ?? business.image;
}

/**
 * {@link shareImageUrl} remembered for the latest content revision asked (galleries and their
 * images bump it), so the pages of one revision share one gallery read. A page rendered at no
 * known revision (never cached) reads it afresh.
 */
export function shareImageAtRevision(
  services: Pick<Services, 'galleries'>,
  business: Pick<Config['business'], 'image'>,
): (revision: number | undefined) => Promise<string> {
  let latest: { revision: number; url: Promise<string> } | undefined;
  return (revision) => {
    if (revision === undefined) return shareImageUrl(services, business);
    if (latest?.revision !== revision) latest = { revision, url: shareImageUrl(services, business) };
    return latest.url;
  };
}
