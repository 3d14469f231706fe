import { Model } from 'objection';

export type WidgetType = 'TEXT' | 'IMAGE';

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
  created_at!: Date;
  updated_at!: Date;
}
