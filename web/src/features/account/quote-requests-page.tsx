import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { Pagination } from '../../components/pagination.tsx';
import { formatDate, STATUS_LABELS, useGetMyQuoteRequestsQuery } from './quote-requests-api.ts';
import styles from './quote-requests.module.css';

const LIMIT = 20;

/**
 * "My quote requests" (/account/quote-requests): the buyer's requests, newest first, each with its
 * reference (a link to its lines), date, status and line count. A list of cards rather than a
 * table, so it reads at 390 px as at 1366 px.
 */
export function QuoteRequestsPage() {
  usePageMeta('My quote requests', 'The quote requests you have sent to Hothfield Nurseries and their status.');
  // Zero-based, as the contract's paging and the Pagination component count.
  const [page, setPage] = useState(0);
  const { data, isLoading, isError } = useGetMyQuoteRequestsQuery(page);

  return (
    <>
      <h1>My quote requests</h1>
      {isLoading ? (
        <Loading label="Loading your quote requests…" />
      ) : isError || !data ? (
        <Notice tone="error">Your quote requests could not be loaded; please reload the page.</Notice>
      ) : data.total === 0 ? (
        <p className={styles.lead}>
          You have not requested a quote yet. Add plants to <Link to="/plant-list">your plant list</Link> and send it for a quotation.
        </p>
      ) : (
        <>
          <ul className={styles.requests} aria-label="Your quote requests">
            {data.results.map((request) => (
              <li key={request.id} className={styles.request}>
                <Link className={styles.reference} to={`/account/quote-requests/${request.id}`}>
                  {request.reference}
                </Link>
                <dl className={styles.facts}>
                  <dt>Sent</dt>
                  <dd>{formatDate(request.created_at)}</dd>
                  <dt>Status</dt>
                  <dd className={styles.status} data-status={request.status}>
                    {STATUS_LABELS[request.status]}
                  </dd>
                  <dt>Lines</dt>
                  <dd>{request.line_count}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <Pagination page={page} total={data.total} limit={LIMIT} onPageChange={setPage} label="Quote request pages" />
        </>
      )}
    </>
  );
}
