import admin from '../shared/admin.module.css';
import type { QuoteStatus } from '../../../../../shared/api/quotes.ts';

/** The statuses staff set, in the order a request moves through them, with their labels. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = { new: 'New', quoted: 'Quoted', won: 'Won', lost: 'Lost' };

/** Every status, in that order. */
export const QUOTE_STATUSES = Object.keys(QUOTE_STATUS_LABELS) as QuoteStatus[];

/** Whether a query-string value names a status (anything else means "all"). */
export function isQuoteStatus(value: string | null): value is QuoteStatus {
  return value !== null && value in QUOTE_STATUS_LABELS;
}

/** A request's status as a badge: amber while it waits for a quotation, green once won. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const tone = status === 'new' ? admin.badgeAmber : status === 'won' ? admin.badgeGreen : admin.badge;
  return <span className={tone}>{QUOTE_STATUS_LABELS[status]}</span>;
}
