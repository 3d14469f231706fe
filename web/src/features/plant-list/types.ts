/* The plant list's limits and helpers; its shapes are the server's (shared/api/plant-lists.ts). */

/** The quantity limits of one line, and the most lines a list may hold (the contract's). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100_000;
export const MAX_LINES = 1000;

export type { PlantList, PlantListLine, PlantListSnapshot } from '../../../../shared/api/plant-lists.ts';
import type { PlantListSnapshot } from '../../../../shared/api/plant-lists.ts';

/** A catalogue row's fields that a line snapshots. */
export const snapshotOf = (row: PlantListSnapshot): PlantListSnapshot => ({
  // A guest's line stored before product codes has none: it reads as a line without one.
  code: row.code ?? '',
  genus: row.genus,
  species: row.species,
  common_name: row.common_name,
  form: row.form,
  height: row.height,
});

/** Whether a quantity is a whole number within the contract's limits. */
export const validQuantity = (quantity: number): boolean =>
  Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY;
