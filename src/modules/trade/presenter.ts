import type {
  AdminTradeAccount,
  AdminTradeApplication,
  BusinessType,
  TradeApplication,
  TradeApplicationStatus,
  TradeHistoryEntry,
} from '../../../shared/api/trade.ts';
import type { HistoryRow } from './history.ts';

/** A `trade_applications` row as stored. */
export interface ApplicationRow {
  id: number;
  user_id: number;
  company_name: string;
  business_type: BusinessType;
  company_number: string | null;
  vat_number: string | null;
  delivery_postcode: string;
  invoice_email: string;
  status: TradeApplicationStatus;
  decided_by: number | null;
  decided_at: Date | null;
  reason: string | null;
  created_at: Date;
}

/** An application joined with its applicant, as the admin list and the decision mail need it. */
export type ApplicationWithUser = ApplicationRow & { user_firstname: string; user_lastname: string; user_email: string };

/** The buyer's view: an explicit field list (who decided stays with the staff). */
export function presentApplication(row: ApplicationRow): TradeApplication {
  return {
    id: row.id,
    company_name: row.company_name,
    business_type: row.business_type,
    company_number: row.company_number,
    vat_number: row.vat_number,
    delivery_postcode: row.delivery_postcode,
    invoice_email: row.invoice_email,
    status: row.status,
    reason: row.reason,
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The admin list's view: the application and who applied. */
export function presentAdminApplication(row: ApplicationWithUser): AdminTradeApplication {
  return {
    ...presentApplication(row),
    user: { id: row.user_id, firstname: row.user_firstname, lastname: row.user_lastname, email: row.user_email },
  };
}

/** One step of an account's history: who acted by name only (no email of staff leaves here). */
function presentHistoryEntry(row: HistoryRow): TradeHistoryEntry {
  return {
    id: row.id,
    action: row.action,
    reason: row.reason,
    by: row.by_admin === null ? null : { id: row.by_admin, name: [row.by_firstname, row.by_lastname].filter(Boolean).join(' ') },
    at: new Date(row.at).toISOString(),
  };
}

/** A trade account as staff manage it: the application, who applied and its history. */
export function presentAdminAccount(row: ApplicationWithUser, history: HistoryRow[]): AdminTradeAccount {
  return { ...presentAdminApplication(row), history: history.filter((h) => h.application_id === row.id).map(presentHistoryEntry) };
}
