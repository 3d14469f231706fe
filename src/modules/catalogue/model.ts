import { Model } from 'objection';
import type { PriceBreak, StockStatus } from '../../../shared/api/catalogue.ts';
import type { CatalogueFormat } from './constants.ts';

/** One line of the trade catalogue: a genus/species in one form and height range. */
export class CatalogueItem extends Model {
  static override tableName = 'catalogue_items';
  // jsonb: Objection writes it as JSON text (knex alone would send a JS array as a PostgreSQL array).
  static override jsonAttributes = ['price_breaks'];
  id!: number;
  /** The product code; filled by the database when an insert gives none (migration 20261127000001). */
  code!: string;
  genus!: string;
  species!: string;
  common_name!: string;
  form!: string;
  height!: string;
  /** Trade-only (issue 10): shown through the presenter to trade viewers alone. */
  price_pence!: number | null;
  price_breaks!: PriceBreak[];
  stock_status!: StockStatus | null;
  stock_quantity!: number | null;
  /** Written as YYYY-MM-DD; read back as a Date (read it through store.ts `tradeColumn` for the API). */
  ready_from!: string | Date | null;
  /** Set when the line left the catalogue: lines are retired, never deleted (lists and quotes point at them). */
  retired_at!: Date | null;
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
