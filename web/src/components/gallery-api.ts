import { api } from '../app/api.ts';

/** One picture of a gallery as GET /api/galleries/{id} presents it (public pages get ready ones only). */
export interface GalleryImage {
  id: number;
  image_url: string | null;
  thumb_url: string | null;
  /** One srcset per format ("url 640w, url 1280w, …"); null until the renditions exist. */
  srcset: { avif: string; webp: string; jpeg: string } | null;
  width: number | null;
  height: number | null;
  alt: string;
  link: string;
  /** The slide's "Find Out More" target. */
  url: string;
  caption: string;
  caption_sub: string;
  order: number;
}

/** A gallery with its images in display order. */
export interface Gallery {
  id: number;
  name: string;
  images: GalleryImage[];
}

/** The well-known banner galleries (spec §9). */
export const BANNER_GALLERY = { about: 1, shows: 2, home: 3 } as const;

/**
 * The public gallery read, beside the shared banner slider: several content pages show banners
 * and features must not import each other. The admin gallery screens inject their own endpoints.
 */
export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGallery: build.query<Gallery, number>({
      query: (id) => `/api/galleries/${id}`,
      providesTags: (_gallery, _error, id) => [{ type: 'Gallery', id }],
    }),
  }),
});

export const { useGetGalleryQuery } = galleryApi;
