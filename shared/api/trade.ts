/** Trade accounts as the API shows them (src/modules/trade/). */

export const BUSINESS_TYPES = ['landscaper', 'council', 'garden_centre', 'retailer', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
/**
 * An application's status. `approved` alone sees trade prices; `suspended` is an approved account
 * paused by staff (still the buyer's open account); `revoked` is closed, and the buyer may apply again.
 */
export const TRADE_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'revoked'] as const;
export type TradeApplicationStatus = (typeof TRADE_STATUSES)[number];

/** What staff can do to a decided account: POST /api/admin/trade-applications/:id/{action}. */
export const TRADE_ACCOUNT_ACTIONS = ['suspend', 'reinstate', 'revoke'] as const;
export type TradeAccountAction = (typeof TRADE_ACCOUNT_ACTIONS)[number];

/** A step in an account's history, as the past tense the history table stores. */
export type TradeHistoryAction = 'applied' | 'approved' | 'rejected' | 'suspended' | 'reinstated' | 'revoked';

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

/** One step of a trade account's history; `by` is the member of staff (null for the buyer's application). */
export interface TradeHistoryEntry {
  id: number;
  action: TradeHistoryAction;
  reason: string | null;
  by: { id: number; name: string } | null;
  at: string;
}

/**
 * A user's trade account as staff manage it (GET /api/admin/users/:id/trade-account →
 * {data: AdminTradeAccount[]}, newest application first): the application and its history, oldest step first.
 */
export interface AdminTradeAccount extends AdminTradeApplication {
  history: TradeHistoryEntry[];
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
