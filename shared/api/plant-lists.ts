/** A signed-in buyer's plant list (quote basket) as the API shows it (src/modules/plant-lists/). */
import type { CatalogueLine } from './catalogue.ts';

/** The catalogue data of a line as it was when the line was added. */
export interface PlantListSnapshot {
  /** The product code; empty on a line added before codes existed whose catalogue row was already gone. */
  code: string;
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
}

/** One line of the list. */
export interface PlantListLine {
  id: number;
  /** The catalogue line it names (lines are retired, never deleted; null only for one deleted before that). */
  catalogue_item_id: number | null;
  quantity: number;
  snapshot: PlantListSnapshot;
  /** The catalogue line as it is now, a retired one included (with `retired_at`); null when it is gone. */
  current: CatalogueLine | null;
  /** False when the line was retired from the catalogue (or is gone): show it as "No longer available". */
  available: boolean;
  /** True when `current` differs from `snapshot` (or the row is gone). */
  changed: boolean;
}

/** GET /api/plant-list (and the answer of merge and of a quote request's copy). */
export interface PlantList {
  lines: PlantListLine[];
  /** How many lines (the header's count). */
  count: number;
}

/**
 * A signed-in buyer's named list (one per project, issue 19) in GET /api/plant-lists. The unnamed
 * routes (/api/plant-list…) act on the buyer's default list: the one used most recently.
 */
export interface PlantListSummary {
  id: number;
  name: string;
  line_count: number;
  /** ISO time of its last change (a line added, changed or removed, a rename, its creation). */
  updated_at: string;
}

/** GET /api/plant-lists: the buyer's lists, oldest first; `default_id` is the most recently used (null with none). */
export interface PlantListSummaries {
  lists: PlantListSummary[];
  default_id: number | null;
}

/** GET/PATCH /api/plant-lists/{id}, POST /api/plant-lists: one named list with its lines. */
export interface NamedPlantList extends PlantList {
  id: number;
  name: string;
  updated_at: string;
}
