import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { penceText } from '../../../../../shared/trade-text.ts';
import type { AdminQuotation, AdminQuotationLine, QuotationStatus } from '../../../../../shared/api/quotations.ts';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { describeError } from '../../../lib/api/errors.ts';
import { AdminTable, TwoLineCell, type AdminColumn } from '../shared/admin-table.tsx';
import admin from '../shared/admin.module.css';
import { formatDateTime, formatDay } from '../shared/dates.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useGoBack } from '../shared/use-go-back.ts';
import { QuotationEditor } from './quotation-editor.tsx';
import { TotalsList } from './quotation-totals.tsx';
import { useGetQuotationQuery, useReviseQuotationMutation } from './quotations-api.ts';
import styles from './quotation.module.css';

const STATUS_LABELS: Record<QuotationStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Superseded by a later version',
};
/** The versions a new draft may be copied from (an accepted one is final). */
const REVISABLE: readonly QuotationStatus[] = ['sent', 'declined', 'expired'];
const heightText = (height: string) => (/^\d/.test(height) ? `${height} cm` : height);

const COLUMNS: AdminColumn<AdminQuotationLine>[] = [
  { label: 'Code', nowrap: true, cell: (line) => line.code || '—' },
  {
    label: 'Plant',
    cell: (line) => (
      <>
        <TwoLineCell first={`${line.genus} ${line.species}`} second={line.common_name} />
        {line.is_substitute && <span className={styles.substitute}>Substitute</span>}
        {line.note && <span className={styles.lineNote}>{line.note}</span>}
      </>
    ),
  },
  { label: 'Form', nowrap: true, cell: (line) => line.form },
  { label: 'Height', nowrap: true, cell: (line) => heightText(line.height) },
  { label: 'Quantity', numeric: true, cell: (line) => line.quantity.toLocaleString('en-GB') },
  { label: 'Unit price', numeric: true, cell: (line) => (line.unit_price_pence === null ? '—' : penceText(line.unit_price_pence)) },
  { label: 'Line total', numeric: true, cell: (line) => (line.line_total_pence === null ? '—' : penceText(line.line_total_pence)) },
];

/**
 * /admin/quote-requests/{id}/quotation/{qid}: a draft in the editor; any other version as sent
 * (its lines, totals, validity, PDF), with Revise to start the next version from it.
 */
export function QuotationPage() {
  const params = useParams();
  const key = { requestId: Number(params.id), id: Number(params.qid) };
  const valid = Number.isInteger(key.requestId) && Number.isInteger(key.id);
  const { data: quotation, isLoading, error } = useGetQuotationQuery(key, { skip: !valid });
  const goBack = useGoBack(`/admin/quote-requests/${key.requestId}`);
  const [sentNotice, setSentNotice] = useState('');

  return (
    <>
      <PageHeader
        title={quotation ? `Quotation ${quotation.reference}` : 'Quotation'}
        actions={
          <button type="button" className={buttons.secondary} onClick={goBack}>
            Go Back
          </button>
        }
      />
      {isLoading && <Loading label="Loading quotation…" showLabel />}
      <Notice tone="error">
        {error ? (describeError(error).status === 404 ? 'There is no such quotation.' : 'The quotation could not be loaded.') : ''}
      </Notice>
      <Notice tone="success">{sentNotice}</Notice>
      {quotation && (
        <article className={admin.panel}>
          <p>
            <span className={quotation.status === 'draft' ? admin.badgeAmber : admin.badge}>{STATUS_LABELS[quotation.status]}</span>
            {quotation.sent_at && <span className={admin.muted}> Sent {formatDateTime(quotation.sent_at)}</span>}
          </p>
          {quotation.status === 'draft' ? (
            <QuotationEditor
              key={quotation.id}
              quotation={quotation}
              onSent={(sent) => setSentNotice(`Sent: ${sent.reference} is being mailed to the buyer with its PDF.`)}
            />
          ) : (
            <SentQuotation quotation={quotation} />
          )}
        </article>
      )}
    </>
  );
}

function SentQuotation({ quotation }: { quotation: AdminQuotation }) {
  const [revise, { isLoading: revising }] = useReviseQuotationMutation();
  const [problem, setProblem] = useState('');
  const navigate = useNavigate();
  const startRevision = async () => {
    setProblem('');
    try {
      const draft = await revise({ requestId: quotation.quote_request_id, id: quotation.id }).unwrap();
      void navigate(`/admin/quote-requests/${quotation.quote_request_id}/quotation/${draft.id}`);
    } catch (error) {
      const { body } = describeError(error);
      setProblem(typeof body.message === 'string' ? body.message : 'The quotation could not be revised. Please try again.');
    }
  };
  return (
    <>
      <Notice tone="error">{problem}</Notice>
      <AdminTable
        caption={`Lines of ${quotation.reference}`}
        columns={COLUMNS}
        rows={quotation.lines}
        rowKey={(line) => line.id}
        className={styles.linesWrap}
      />
      <p>Valid until {quotation.valid_until ? formatDay(quotation.valid_until) : '—'}</p>
      {quotation.note && <p className={styles.lineNote}>{quotation.note}</p>}
      {quotation.decline_reason && <p>Declined: {quotation.decline_reason}</p>}
      <TotalsList totals={quotation.totals} vatRateBp={quotation.vat_rate_bp} />
      <div className={styles.actions}>
        {quotation.pdf_url ? (
          <a className={buttons.secondary} href={quotation.pdf_url}>
            Download PDF
          </a>
        ) : (
          <span className={admin.muted}>The PDF is being made.</span>
        )}
        {REVISABLE.includes(quotation.status) && (
          <button type="button" className={buttons.primary} disabled={revising} onClick={() => void startRevision()}>
            Revise
          </button>
        )}
      </div>
    </>
  );
}
