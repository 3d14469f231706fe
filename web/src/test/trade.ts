import type { AdminTradeApplication, TradeApplication } from '../../../shared/api/trade.ts';

/**
 * A pending trade application as the buyer's GET /api/trade-application answers (the account's
 * trade page and the admin's list both show it).
 */
export const tradeApplication: TradeApplication = {
  id: 7,
  company_name: 'Weald Landscapes Ltd',
  business_type: 'landscaper',
  company_number: '01234567',
  vat_number: null,
  delivery_postcode: 'TN27 0AB',
  invoice_email: 'accounts@weald.example',
  status: 'pending',
  reason: null,
  decided_at: null,
  created_at: '2026-11-20T10:00:00Z',
};

/** The same application in the admin's list, with its applicant. */
export const adminTradeApplication: AdminTradeApplication = {
  ...tradeApplication,
  user: { id: 3, firstname: 'Pat', lastname: 'Grower', email: 'pat@example.com' },
};
