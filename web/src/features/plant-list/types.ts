/*
 * The plant list's shapes (the fixed contract of GET /api/plant-list). The server slice is built in
 * parallel; when its shared/api file lands, these become re-exports of it.
 */
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';

/** The quantity limits of one line, and the most lines a list may hold (the contract's). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100_000;
export const MAX_LINES = 200;

/** The catalogue data a line keeps from the moment it was added. */
export interface PlantListSnapshot {
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
}

/** One line of a list as the API (and the guest store) shows it. */
export interface PlantListLine {
  id: number;
  catalogue_item_id: number;
  quantity: number;
  snapshot: PlantListSnapshot;
  /** The catalogue row now; null when it was removed (or, for a guest, not yet checked). */
  current: CatalogueLine | null;
  /** The catalogue row differs from the snapshot. */
  changed: boolean;
}

/** GET /api/plant-list. */
export interface PlantList {
  lines: PlantListLine[];
  count: number;
}

/** A catalogue row's fields that a line snapshots. */
export const snapshotOf = (row: PlantListSnapshot): PlantListSnapshot => ({
  genus: row.genus,
  species: row.species,
  common_name: row.common_name,
  form: row.form,
  height: row.height,
});

/** Whether a quantity is a whole number within the contract's limits. */
export const validQuantity = (quantity: number): boolean => Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY;
