import { Model } from 'objection';
import type { WidgetType } from '../../../shared/api/widgets.ts';

/**
 * Storage keys of an IMAGE widget's responsive files (the gallery pipeline's shape) and the key
 * of the original they were made from: renditions whose `source` is not the widget's current
 * `image_path` belong to a replaced picture and are never presented.
 */
export interface WidgetRenditions {
  source: string;
  thumb: string;
  widths: { width: number; height: number; avif: string; webp: string; jpeg: string }[];
}

export class Widget extends Model {
  static override tableName = 'widgets';
  id!: number;
  name!: string;
  type!: WidgetType;
  html!: string | null;
  image_path!: string | null;
  image_width!: number | null;
  image_height!: number | null;
  alt!: string | null;
  renditions!: WidgetRenditions | null;
  created_at!: Date;
  updated_at!: Date;
}
