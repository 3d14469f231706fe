import type { BusinessType } from '../../../shared/api/trade.ts';

/** A trade application's business type as the buyer's form and the admin list read it. */
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  landscaper: 'Landscaper',
  council: 'Council / public body',
  garden_centre: 'Garden centre',
  retailer: 'Retailer',
  other: 'Other',
};
