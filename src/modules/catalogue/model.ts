import { Model } from 'objection';
import type { CatalogueFormat } from './constants.ts';

/** One line of the trade catalogue: a genus/species in one form and height range. */
export class CatalogueItem extends Model {
  static override tableName = 'catalogue_items';
  id!: number;
  genus!: string;
  species!: string;
  common_name!: string;
  form!: string;
  height!: string;
  created_at!: Date;
  updated_at!: Date;
}

/** A generated download (PDF or XLSX) and the catalogue revision it holds. */
export class CatalogueFile extends Model {
  static override tableName = 'catalogue_files';
  id!: number;
  format!: CatalogueFormat;
  storage_key!: string;
  /** bigint: node-postgres returns it as a string, so read it through Number(). */
  bytes!: number | string;
  rows!: number;
  revision!: number;
  sha256!: string;
  generated_at!: Date;
}
