/** Trade accounts as the API shows them (src/modules/trade/). */

export const BUSINESS_TYPES = ['landscaper', 'council', 'garden_centre', 'retailer', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export type TradeApplicationStatus = 'pending' | 'approved' | 'rejected';

/**
 * A trade application: the buyer's own (GET /api/trade-application → {data: TradeApplication | null})
 * or one in the admin list. `reason` is the staff's note on a rejection (shown to the buyer).
 */
export interface TradeApplication {
  id: number;
  company_name: string;
  business_type: BusinessType;
  company_number: string | null;
  vat_number: string | null;
  delivery_postcode: string;
  invoice_email: string;
  status: TradeApplicationStatus;
  reason: string | null;
  decided_at: string | null;
  created_at: string;
}

/** An application in the admin list (GET /api/admin/trade-applications?status=): with its applicant. */
export interface AdminTradeApplication extends TradeApplication {
  user: { id: number; firstname: string; lastname: string; email: string };
}

/**
 * GET /api/price-list (and POST's answer): the buyer's personal price list. `pending` while a render
 * is asked for and not done (the previous files stay downloadable meanwhile); the URLs are there
 * once a render has finished.
 */
export interface PriceListStatus {
  status: 'none' | 'pending' | 'ready';
  generated_at?: string;
  pdf?: string;
  xlsx?: string;
}
