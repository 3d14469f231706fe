import { Link, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import type { Enquiry } from '../../../../../shared/api/enquiries.ts';
import admin from '../shared/admin.module.css';
import { AdminTable, TwoLineCell } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import { formatDateTime } from '../shared/dates.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { usePageParam } from '../shared/use-page-param.ts';
import { ENQUIRIES_PAGE_SIZE, useListEnquiriesQuery } from './api.ts';
import { deliveryText } from './delivery.ts';
import styles from './enquiries.module.css';
import { QuoteRequestsList } from './quote-requests-list.tsx';
import { SegmentedLinks } from './segmented-links.tsx';

/**
 * The enquiries inbox: contact-form messages or (?kind=quotes) quote requests, chosen at the top;
 * the choice, filter and page live in the URL so they survive reload and Back.
 */
export function EnquiriesPage() {
  const [params] = useSearchParams();
  const quotes = params.get('kind') === 'quotes';
  return (
    <>
      <PageHeader title="Enquiries" />
      <SegmentedLinks
        label="Kind of enquiry"
        segments={[
          { label: 'Messages', to: '/admin/enquiries', current: !quotes },
          { label: 'Quote requests', to: '/admin/enquiries?kind=quotes', current: quotes },
        ]}
      />
      {quotes ? <QuoteRequestsList /> : <MessagesList />}
    </>
  );
}

const COLUMNS: AdminColumn<Enquiry>[] = [
  { label: 'Received', nowrap: true, cell: (enquiry) => formatDateTime(enquiry.created_at) },
  {
    label: 'From',
    cell: (enquiry) => (
      <TwoLineCell
        first={
          <Link to={`/admin/enquiries/${enquiry.id}`} className={styles.from}>
            {enquiry.name}
          </Link>
        }
        second={enquiry.email}
      />
    ),
  },
  { label: 'Message', cell: (enquiry) => <div className={styles.preview}>{enquiry.message}</div> },
  {
    label: 'Status',
    cell: (enquiry) => (
      <span className={enquiry.handled_at ? admin.badgeGreen : admin.badgeAmber}>{enquiry.handled_at ? 'Handled' : 'New'}</span>
    ),
  },
  { label: 'Email', className: styles.delivery, cell: (enquiry) => deliveryText(enquiry.emailed_at) },
];

/** Contact-form messages: newest first, 20 a page (page number, 1-based, in the URL). */
function MessagesList() {
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, error } = useListEnquiriesQuery(page, { refetchOnMountOrArgChange: 30 });

  return (
    <>
      {isLoading && <Loading label="Loading enquiries…" showLabel />}
      <Notice tone="error">{error ? 'The enquiries could not be loaded.' : ''}</Notice>
      {data && !data.results.length && <p>No enquiries yet.</p>}
      {data && data.results.length > 0 && (
        <AdminTable
          caption={`Enquiries, newest first, page ${page + 1}`}
          columns={COLUMNS}
          rows={data.results}
          rowKey={(enquiry) => enquiry.id}
          busy={isFetching}
        />
      )}
      {data && <Pagination page={page} total={data.total} limit={ENQUIRIES_PAGE_SIZE} label="Enquiry pages" onPageChange={setPage} />}
    </>
  );
}
