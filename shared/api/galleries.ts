/**
 * Galleries and their images as the API shows them (src/modules/galleries/presenter.ts): URLs
 * built from storage keys, never the keys themselves.
 */

/** An image's place in the rendition pipeline. */
export type ImageStatus = 'processing' | 'ready' | 'failed';

/** One picture of a gallery (GET /api/galleries/{id}: public pages get ready ones only). */
export interface GalleryImage {
  id: number;
  status: ImageStatus;
  image_url: string | null;
  thumb_url: string | null;
  /** One srcset per format ("url 640w, url 1280w, …"), widest last; null until the renditions exist. */
  srcset: { avif: string; webp: string; jpeg: string } | null;
  width: number | null;
  height: number | null;
  alt: string;
  link: string;
  /** The slide's "Find Out More" target; the spec's `url` is the stored link. */
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

/** An image as the admin's gallery editor sees it: every status, with the failure reason and rotation. */
export interface AdminGalleryImage extends GalleryImage {
  gallery_id: number;
  rotation: number;
  error: string | null;
}

/** A gallery with all its images, in order (GET /api/admin/galleries/{id}). */
export interface AdminGallery {
  id: number;
  name: string;
  images: AdminGalleryImage[];
}

/** A gallery card in the admin list: the first ready image's small JPEG as its picture. */
export interface GalleryCard {
  id: number;
  name: string;
  image_url: string | null;
  thumb_url: string | null;
  image_count: number;
}
