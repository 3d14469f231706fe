import type { AdminGalleryImage, GalleryImage } from '../../../shared/api/galleries.ts';
import type { Storage } from '../../storage/types.ts';
import type { GalleryImage as GalleryImageRow } from './model.ts';

/** An image as the contract shows it: URLs built from storage keys, never the keys themselves. */
export function presentImage(image: GalleryImageRow, storage: Storage): GalleryImage {
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
export function presentAdminImage(image: GalleryImageRow, storage: Storage): AdminGalleryImage {
  return { ...presentImage(image, storage), gallery_id: image.gallery_id, rotation: image.rotation, error: image.error };
}
