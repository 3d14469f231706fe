/** A signed-in buyer's plant list (quote basket) as the API shows it (src/modules/plant-lists/). */
import type { CatalogueLine } from './catalogue.ts';

/** The catalogue data of a line as it was when the line was added. */
export interface PlantListSnapshot {
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
}

/** One line of the list. */
export interface PlantListLine {
  id: number;
  /** Null once the catalogue row was removed. */
  catalogue_item_id: number | null;
  quantity: number;
  snapshot: PlantListSnapshot;
  /** The catalogue row as it is now; null when it was removed. */
  current: CatalogueLine | null;
  /** True when `current` differs from `snapshot` (or the row was removed). */
  changed: boolean;
}

/** GET /api/plant-list (and the answer of merge and of a quote request's copy). */
export interface PlantList {
  lines: PlantListLine[];
  /** How many lines (the header's count). */
  count: number;
}
