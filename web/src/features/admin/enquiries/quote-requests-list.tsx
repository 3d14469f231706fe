import { Link, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import type { QuoteRequestSummary } from '../../../../../shared/api/quotes.ts';
import { AdminTable, TwoLineCell } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import { formatDateTime } from '../shared/dates.ts';
import { usePageParam } from '../shared/use-page-param.ts';
import { QUOTES_PAGE_SIZE, useListQuoteRequestsQuery } from './quotes-api.ts';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, QuoteStatusBadge, isQuoteStatus } from './quote-status.tsx';
import { SegmentedLinks } from './segmented-links.tsx';
import styles from './enquiries.module.css';

const COLUMNS: AdminColumn<QuoteRequestSummary>[] = [
  { label: 'Received', nowrap: true, cell: (request) => formatDateTime(request.created_at) },
  {
    label: 'Reference',
    nowrap: true,
    cell: (request) => (
      <Link to={`/admin/quote-requests/${request.id}`} className={styles.from}>
        {request.reference}
      </Link>
    ),
  },
  { label: 'From', cell: (request) => <TwoLineCell first={request.name} second={request.company} /> },
  { label: 'Lines', cell: (request) => request.line_count },
  {
    label: 'Delivery',
    nowrap: true,
    cell: (request) => <TwoLineCell first={request.delivery_postcode} second={request.wanted_by && `by ${request.wanted_by}`} />,
  },
  { label: 'Status', cell: (request) => <QuoteStatusBadge status={request.status} /> },
];

/** The inbox's quote requests (?kind=quotes&status=&page=, page 1-based): newest first, 20 a page. */
export function QuoteRequestsList() {
  const [params] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isQuoteStatus(rawStatus) ? rawStatus : undefined;
  const [page, setPage] = usePageParam();
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
      {data && !data.results.length && (
        <p>{status ? `No quote requests are ${QUOTE_STATUS_LABELS[status].toLowerCase()}.` : 'No quote requests yet.'}</p>
      )}
      {data && data.results.length > 0 && (
        <AdminTable
          caption={`Quote requests, newest first, page ${page + 1}`}
          columns={COLUMNS}
          rows={data.results}
          rowKey={(request) => request.id}
          busy={isFetching}
        />
      )}
      {data && <Pagination page={page} total={data.total} limit={QUOTES_PAGE_SIZE} label="Quote request pages" onPageChange={setPage} />}
    </>
  );
}
