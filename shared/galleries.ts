/**
 * The banner galleries every install has (spec §9): the about, shows and home pages' sliders.
 * They always exist and cannot be deleted; the server, the sitemap and the web app name them here.
 */
export const BANNER_GALLERIES = { about: 1, shows: 2, home: 3 } as const;

const BANNER_IDS: readonly number[] = Object.values(BANNER_GALLERIES);

/** Whether this gallery is one of the banners (which cannot be deleted). */
export const isBannerGallery = (id: number): boolean => BANNER_IDS.includes(id);
