import type { Storage } from '../../storage/types.ts';
import type { GalleryImage } from './model.ts';

export interface PresentedImage {
  id: number;
  status: string;
  image_url: string | null;
  thumb_url: string | null;
  /** One srcset per format, widest last; the browser picks the width. */
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

/** An image as the contract shows it: URLs built from storage keys, never the keys themselves. */
export function presentImage(image: GalleryImage, storage: Storage): PresentedImage {
  const widths = image.renditions?.widths ?? [];
  const largest = widths.at(-1);
  const srcset = (format: 'avif' | 'webp' | 'jpeg') => widths.map((w) => `${storage.url(w[format])} ${w.width}w`).join(', ');
  return {
    id: image.id,
    status: image.status,
    image_url: largest ? storage.url(largest.jpeg) : null,
    thumb_url: image.renditions?.thumb ? storage.url(image.renditions.thumb) : null,
    srcset: widths.length ? { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') } : null,
    width: image.width,
    height: image.height,
    alt: image.alt,
    link: image.link,
    url: image.link,
    caption: image.caption,
    caption_sub: image.caption_sub,
    order: image.order,
  };
}

/** An image as the admin's gallery editor sees it: every status, with the failure reason and rotation. */
export interface AdminImage extends PresentedImage {
  gallery_id: number;
  rotation: number;
  error: string | null;
}

export function presentAdminImage(image: GalleryImage, storage: Storage): AdminImage {
  return { ...presentImage(image, storage), gallery_id: image.gallery_id, rotation: image.rotation, error: image.error };
}

/** A gallery card in the admin list: the first ready image's small JPEG as its picture. */
export interface GalleryCard {
  id: number;
  name: string;
  image_url: string | null;
  thumb_url: string | null;
  image_count: number;
}
