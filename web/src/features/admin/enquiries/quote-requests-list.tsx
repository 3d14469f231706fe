import { Link, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import admin from '../shared/admin.module.css';
import { formatDateTime } from '../shared/dates.ts';
import { QUOTES_PAGE_SIZE, useListQuoteRequestsQuery } from './quotes-api.ts';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, QuoteStatusBadge, isQuoteStatus } from './quote-status.tsx';
import { SegmentedLinks } from './segmented-links.tsx';
import styles from './enquiries.module.css';
import inbox from './inbox.module.css';

/** The inbox's quote requests (?kind=quotes&status=&page=, page 1-based): newest first, 20 a page. */
export function QuoteRequestsList() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isQuoteStatus(rawStatus) ? rawStatus : undefined;
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const { data, isLoading, isFetching, error } = useListQuoteRequestsQuery({ status, page }, { refetchOnMountOrArgChange: 30 });
  const filterUrl = (value?: string) => `/admin/enquiries?kind=quotes${value ? `&status=${value}` : ''}`;

  return (
    <>
      <SegmentedLinks
        label="Quote request status"
        segments={[
          { label: 'All', to: filterUrl(), current: !status },
          ...QUOTE_STATUSES.map((value) => ({ label: QUOTE_STATUS_LABELS[value], to: filterUrl(value), current: status === value })),
        ]}
      />
      {isLoading && <Loading label="Loading quote requests…" showLabel />}
      <Notice tone="error">{error ? 'The quote requests could not be loaded.' : ''}</Notice>
      {data && !data.results.length && <p>{status ? `No quote requests are ${QUOTE_STATUS_LABELS[status].toLowerCase()}.` : 'No quote requests yet.'}</p>}
      {data && data.results.length > 0 && (
        <div className={admin.tableWrap} aria-busy={isFetching}>
          <table className={`${admin.table} ${inbox.cards}`}>
            <caption className="visually-hidden">Quote requests, newest first, page {page + 1}</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Reference</th>
                <th scope="col">From</th>
                <th scope="col">Lines</th>
                <th scope="col">Delivery</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((request) => (
                <tr key={request.id} data-status={request.status}>
                  <td data-label="Received" className={styles.nowrap}>{formatDateTime(request.created_at)}</td>
                  <td data-label="Reference" className={styles.nowrap}>
                    <Link to={`/admin/quote-requests/${request.id}`} className={styles.from}>
                      {request.reference}
                    </Link>
                  </td>
                  <td data-label="From">
                    {request.name}
                    {request.company && (
                      <>
                        <br />
                        <span className={admin.muted}>{request.company}</span>
                      </>
                    )}
                  </td>
                  <td data-label="Lines">{request.line_count}</td>
                  <td data-label="Delivery" className={styles.nowrap}>
                    {request.delivery_postcode}
                    {request.wanted_by && (
                      <>
                        <br />
                        <span className={admin.muted}>by {request.wanted_by}</span>
                      </>
                    )}
                  </td>
                  <td data-label="Status">
                    <QuoteStatusBadge status={request.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pagination
          page={page}
          total={data.total}
          limit={QUOTES_PAGE_SIZE}
          label="Quote request pages"
          onPageChange={(next) => {
            const nextParams = new URLSearchParams(params);
            if (next > 0) nextParams.set('page', String(next + 1));
            else nextParams.delete('page');
            setParams(nextParams);
          }}
        />
      )}
    </>
  );
}
