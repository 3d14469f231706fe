import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { penceText } from '../../../../../shared/trade-text.ts';
import type { QuotationStatus, QuotationSummary } from '../../../../../shared/api/quotations.ts';
import buttons from '../../../components/button.module.css';
import { Notice } from '../../../components/notice.tsx';
import { AdminTable, type AdminColumn } from '../shared/admin-table.tsx';
import admin from '../shared/admin.module.css';
import { formatDateTime, formatDay } from '../shared/dates.ts';
import { useListQuotationsQuery, useOpenQuotationDraftMutation } from './quotes-api.ts';
import styles from './inbox.module.css';

/** How each status reads in the admin. */
const STATUS_LABELS: Record<QuotationStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Superseded',
};

const columns = (requestId: number): AdminColumn<QuotationSummary>[] => [
  {
    label: 'Version',
    nowrap: true,
    cell: (q) => <Link to={`/admin/quote-requests/${requestId}/quotation/${q.id}`}>{q.reference}</Link>,
  },
  { label: 'Status', cell: (q) => <span className={q.status === 'sent' ? admin.badgeGreen : admin.badge}>{STATUS_LABELS[q.status]}</span> },
  { label: 'Total inc VAT', numeric: true, cell: (q) => penceText(q.totals.total_pence) },
  { label: 'Valid until', nowrap: true, cell: (q) => (q.valid_until ? formatDay(q.valid_until) : '—') },
  { label: 'Sent', nowrap: true, cell: (q) => (q.sent_at ? formatDateTime(q.sent_at) : 'Not sent') },
];

/**
 * A quote request's quotation versions (newest first) and "Prepare quotation", which opens the
 * draft in the editor — the one already open, or (before any was sent) a new one priced from
 * today's catalogue. After a version was sent, the next is made with Revise on that version's page.
 */
export function QuotationVersions({ requestId }: { requestId: number }) {
  const { data: versions, error } = useListQuotationsQuery(requestId);
  const [open, { isLoading: opening }] = useOpenQuotationDraftMutation();
  const [problem, setProblem] = useState('');
  const navigate = useNavigate();
  const draft = versions?.find((q) => q.status === 'draft');
  // Once a version was sent, the next starts from it (Revise, on its page), not afresh from the catalogue.
  const sent = versions?.some((q) => q.status !== 'draft');

  const prepare = async () => {
    setProblem('');
    try {
      const quotation = await open(requestId).unwrap();
      void navigate(`/admin/quote-requests/${requestId}/quotation/${quotation.id}`);
    } catch (failure) {
      console.error('Opening the quotation draft failed', failure);
      setProblem('The quotation could not be opened. Please try again.');
    }
  };

  return (
    <>
      <Notice tone="error">{problem || (error ? 'The quotations could not be loaded.' : '')}</Notice>
      {versions && versions.length > 0 && (
        <AdminTable
          caption="Quotation versions"
          columns={columns(requestId)}
          rows={versions}
          rowKey={(q) => q.id}
          className={styles.linesWrap}
        />
      )}
      {versions && versions.length === 0 && <p className={admin.muted}>No quotation yet.</p>}
      {sent && !draft && <p className={admin.muted}>To change what was sent, open the version and Revise it.</p>}
      {versions && (draft || !sent) && (
        <p>
          <button type="button" className={buttons.primary} onClick={() => void prepare()} disabled={opening}>
            {draft ? 'Open Draft Quotation' : 'Prepare Quotation'}
          </button>
        </p>
      )}
    </>
  );
}
