import { useParams } from 'react-router-dom';
import { describeError } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import admin from '../shared/admin.module.css';
import { formatDateTime, formatDay } from '../shared/dates.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useGoBack } from '../shared/use-go-back.ts';
import type { AdminQuoteRequestDetail } from '../../../../../shared/api/quotes.ts';
import { useGetQuoteRequestQuery } from './quotes-api.ts';
import { QuoteLinesTable } from './quote-lines-table.tsx';
import { QuoteStatusForm } from './quote-status-form.tsx';
import { QuotationVersions } from './quotation-versions.tsx';
import styles from './enquiries.module.css';

/** /admin/quote-requests/{id}: one quote request with the buyer, the delivery, its lines priced from today's catalogue, and its status. */
export function QuoteRequestPage() {
  const id = Number(useParams().id);
  const { data: request, isLoading, error } = useGetQuoteRequestQuery(id, { skip: !Number.isInteger(id) });
  const goBack = useGoBack('/admin/enquiries?kind=quotes');

  return (
    <>
      <PageHeader
        title={request ? `Quote request ${request.reference}` : 'Quote request'}
        actions={
          <button type="button" className={buttons.secondary} onClick={goBack}>
            Go Back
          </button>
        }
      />
      {isLoading && <Loading label="Loading quote request…" showLabel />}
      <Notice tone="error">
        {error ? (describeError(error).status === 404 ? 'There is no such quote request.' : 'The quote request could not be loaded.') : ''}
      </Notice>
      {request && <QuoteRequestDetails request={request} />}
    </>
  );
}

function QuoteRequestDetails({ request }: { request: AdminQuoteRequestDetail }) {
  return (
    <article className={admin.panel}>
      <dl className={`${styles.fields} ${styles.details}`}>
        <dt>Reference</dt>
        <dd>{request.reference}</dd>
        <dt>Received</dt>
        <dd>{formatDateTime(request.created_at)}</dd>
        <dt>Name</dt>
        <dd>{request.name}</dd>
        <dt>Company</dt>
        <dd>{request.company || '—'}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${request.email}`}>{request.email}</a>
        </dd>
        <dt>Telephone</dt>
        <dd>{request.telephone ? <a href={`tel:${request.telephone.replace(/[^\d+]/g, '')}`}>{request.telephone}</a> : '—'}</dd>
        <dt>Delivery postcode</dt>
        <dd>{request.delivery_postcode}</dd>
        <dt>Wanted by</dt>
        <dd>{request.wanted_by ? formatDay(request.wanted_by) : 'No date given'}</dd>
        <dt>Handled</dt>
        <dd>{request.handled_at ? formatDateTime(request.handled_at) : 'Not yet'}</dd>
      </dl>
      {request.notes && (
        <>
          <h2 className={admin.panelTitle}>Notes</h2>
          <p className={styles.message}>{request.notes}</p>
        </>
      )}
      <h2 className={admin.panelTitle}>Lines</h2>
      <QuoteLinesTable request={request} />
      <h2 className={admin.panelTitle}>Quotation</h2>
      <QuotationVersions requestId={request.id} />
      <h2 className={admin.panelTitle}>Status</h2>
      <QuoteStatusForm id={request.id} status={request.status} />
    </article>
  );
}
