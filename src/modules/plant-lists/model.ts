import { Model } from 'objection';
import type { PlantListSnapshot } from '../../../shared/api/plant-lists.ts';

/** One line of a signed-in buyer's plant list. */
export class PlantListLineRow extends Model {
  static override tableName = 'plant_list_lines';
  id!: number;
  user_id!: number;
  /** The list it is on (always one of `user_id`'s). */
  plant_list_id!: number;
  /** Null once the catalogue row was removed (ON DELETE SET NULL). */
  catalogue_item_id!: number | null;
  quantity!: number;
  /** The catalogue line as it was when added. */
  snapshot!: PlantListSnapshot;
  created_at!: Date;
  updated_at!: Date;
}

/** A signed-in buyer's named plant list (one per project); its lines are PlantListLineRow. */
export class PlantListRow extends Model {
  static override tableName = 'plant_lists';
  id!: number;
  user_id!: number;
  name!: string;
  created_at!: Date;
  updated_at!: Date;
}
