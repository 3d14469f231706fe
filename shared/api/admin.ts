import type { EnquiryCounts } from './enquiries.ts';
import type { MailCounts } from './mails.ts';

/**
 * GET /api/admin/stats: the dashboard's figures. Queue figures are -1 when the queue cannot be
 * reached; `enquiries.unsent` counts enquiries stored but not yet mailed to the sales inbox (the
 * outbox keeps retrying them); `mails` counts every outgoing mail still owed and every one refused.
 */
export interface AdminStats {
  users: number;
  enquiries: EnquiryCounts & { unsent: number };
  catalogue: { rows: number; generated_at: string | null };
  queues: { waiting: number; failed: number };
  /** Quote requests still `new` (not yet quoted, won or lost). */
  quotes: { open: number };
  /** Trade applications waiting for a staff decision. */
  trade: { pending: number };
  /** Orders to pick: confirmed or being picked. */
  orders: { to_pick: number };
  mails: MailCounts;
  /** Quotations sent and still valid, not yet accepted or declined ("awaiting an answer"). */
  quotations: { awaiting: number };
}
