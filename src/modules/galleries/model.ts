import { Model } from 'objection';

export type ImageStatus = 'processing' | 'ready' | 'failed';

/** Storage keys of an image's renditions, written by the images worker. */
export interface Renditions {
  thumb: string;
  widths: { width: number; height: number; avif: string; webp: string; jpeg: string }[];
}

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
