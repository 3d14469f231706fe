import { Model } from 'objection';
import type { ImageStatus } from '../../../shared/api/galleries.ts';
import type { Renditions } from '../../images/renditions.ts';

export type { Renditions };

/** A processing image past this deadline is taken to be stuck (its worker was killed) and re-queued. */
export const RENDER_DEADLINE_MS = 10 * 60_000;
/** What an admin sees on an image whose rendition jobs kept failing or dying (not a bad file). */
export const PROCESSING_FAILED_MESSAGE = 'The image could not be processed. Please try again.';
/** Rendition jobs an image may start; one still stuck after the last is marked failed for the admin. */
export const MAX_RENDER_ATTEMPTS = 3;

/** A rendition folder the images worker creates (`galleries/{gallery}/{image}-{8 hex}`), safe to remove whole. */
export const isRenditionFolder = (folder: string) => /^galleries\/\d+\/\d+-[0-9a-f]{8}$/.test(folder);

export class GalleryImage extends Model {
  static override tableName = 'gallery_images';
  id!: number;
  gallery_id!: number;
  status!: ImageStatus;
  original_path!: string;
  renditions!: Renditions | null;
  width!: number | null;
  height!: number | null;
  alt!: string;
  link!: string;
  caption!: string;
  caption_sub!: string;
  order!: number;
  rotation!: number;
  error!: string | null;
  /** Rendition jobs started since the image last became ready (or was retried). */
  render_attempts!: number;
  /** While processing: when the image counts as stuck. */
  processing_deadline!: Date | null;
  /** The folder a running rendition job writes into; a killed job's leftovers are removed by it. */
  rendering_folder!: string | null;
  created_at!: Date;
  updated_at!: Date;
}

export class Gallery extends Model {
  static override tableName = 'galleries';
  id!: number;
  name!: string;
  images?: GalleryImage[];
  created_at!: Date;
  updated_at!: Date;

  static override relationMappings = () => ({
    images: {
      relation: Model.HasManyRelation,
      modelClass: GalleryImage,
      join: { from: 'galleries.id', to: 'gallery_images.gallery_id' },
    },
  });
}
