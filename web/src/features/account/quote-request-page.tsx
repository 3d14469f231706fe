import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { describeError } from '../../lib/api/errors.ts';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { QuotationAnswer } from '../../components/quotation-answer.tsx';
import { QuotationView } from '../../components/quotation-view.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import type { CopiedLines } from '../../../../shared/api/quotes.ts';
import { CopySummary, lineText } from './copy-summary.tsx';
import { formatDate, STATUS_LABELS, useCopyQuoteRequestMutation, useGetMyQuoteRequestQuery } from './quote-requests-api.ts';
import styles from './quote-requests.module.css';

/**
 * One of the buyer's quote requests (/account/quote-requests/:id) with its lines, and "Copy into
 * my plant list", which adds the lines still available to the buyer's list and then says, line by
 * line, what it added, what it merged (to what quantity) and what it could not copy, and why.
 * Someone else's request (or none) is the server's 404, shown as "not found".
 */
export function QuoteRequestPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, error, refetch } = useGetMyQuoteRequestQuery(id, { skip: !valid });
  const [copy, copying] = useCopyQuoteRequestMutation();
  const [copyError, setCopyError] = useState('');
  const [copied, setCopied] = useState<CopiedLines | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (copied) summaryRef.current?.focus();
  }, [copied]);
  usePageMeta(data ? `Quote request ${data.reference}` : 'Quote request', 'One of your quote requests and its lines.');

  const copyIntoList = async () => {
    setCopyError('');
    setCopied(null);
    const result = await copy(id);
    if ('error' in result) setCopyError(errorMessage(result.error, 'Sorry, the lines could not be copied. Please try again.'));
    else setCopied(result.data.copied);
  };

  const back = <Link to="/account/quote-requests">All my quote requests</Link>;
  // Newest version first (the server's order): the current one, then those it replaced.
  const [current, ...earlier] = data?.quotations ?? [];
  if (!valid || describeError(error).status === 404) {
    return (
      <>
        <h1>Quote request not found</h1>
        <p>{back}</p>
      </>
    );
  }
  if (isLoading) return <Loading label="Loading the quote request…" />;
  if (error || !data) return <Notice tone="error">The quote request could not be loaded; please reload the page.</Notice>;

  return (
    <>
      <p>{back}</p>
      <h1>Quote request {data.reference}</h1>
      <dl className={styles.facts}>
        <dt>Sent</dt>
        <dd>{formatDate(data.created_at)}</dd>
        <dt>Status</dt>
        <dd className={styles.status} data-status={data.status}>
          {STATUS_LABELS[data.status]}
        </dd>
        <dt>Delivery postcode</dt>
        <dd>{data.delivery_postcode}</dd>
        {data.wanted_by && (
          <>
            <dt>Wanted by</dt>
            <dd>{formatDate(data.wanted_by)}</dd>
          </>
        )}
      </dl>
      {data.notes && <p className={styles.notes}>{data.notes}</p>}
      {current && (
        <>
          <QuotationView quotation={current}>
            <QuotationAnswer quotation={current} onAnswered={() => void refetch()} />
          </QuotationView>
          {earlier.length > 0 && (
            <details>
              <summary>
                Earlier {earlier.length === 1 ? 'version' : 'versions'} ({earlier.length})
              </summary>
              {earlier.map((quotation) => (
                <QuotationView key={quotation.id} quotation={quotation} />
              ))}
            </details>
          )}
        </>
      )}
      <h2>
        {data.lines.length} {data.lines.length === 1 ? 'line' : 'lines'}
      </h2>
      <ul className={styles.lines} aria-label="Requested lines">
        {data.lines.map((line) => (
          <li key={line.id}>
            <span>{lineText(line)}</span> <strong className={styles.quantity}>× {line.quantity.toLocaleString('en-GB')}</strong>
            {!line.available && <span className={styles.gone}> (no longer available)</span>}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => void copyIntoList()} disabled={copying.isLoading}>
          Copy into my plant list
        </button>
        {copying.isLoading && <Loading inline showLabel label="Copying…" />}
      </div>
      <Notice tone="error">{copyError}</Notice>
      {copied && <CopySummary ref={summaryRef} copied={copied} lines={data.lines} />}
    </>
  );
}
