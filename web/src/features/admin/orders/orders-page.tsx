import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus, type OrderSummary } from '../../../../../shared/api/orders.ts';
import { penceText } from '../../../../../shared/trade-text.ts';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { errorMessage } from '../../../lib/api/form-errors.ts';
import { AdminTable, TwoLineCell, type AdminColumn } from '../shared/admin-table.tsx';
import { formatDateTime, formatDay } from '../shared/dates.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { usePageParam } from '../shared/use-page-param.ts';
import { ORDERS_PAGE_SIZE, useListOrdersQuery } from './api.ts';
import styles from './orders.module.css';

const isStatus = (value: string | null): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);

const COLUMNS: AdminColumn<OrderSummary>[] = [
  { label: 'Placed', nowrap: true, cell: (order) => formatDateTime(order.created_at) },
  {
    label: 'Order',
    nowrap: true,
    cell: (order) => (
      <TwoLineCell first={<Link to={`/admin/orders/${order.id}`}>{order.reference}</Link>} second={order.quotation_reference} />
    ),
  },
  { label: 'Customer', cell: (order) => <TwoLineCell first={order.company || order.name} second={order.company ? order.name : ''} /> },
  { label: 'PO number', cell: (order) => order.po_number },
  { label: 'Wanted by', nowrap: true, cell: (order) => (order.wanted_by ? formatDay(order.wanted_by) : '—') },
  { label: 'Total', numeric: true, nowrap: true, cell: (order) => penceText(order.total_pence) },
  { label: 'Status', cell: (order) => <span data-status={order.status}>{ORDER_STATUS_LABELS[order.status]}</span> },
];

/**
 * /admin/orders: every order, newest first, filtered by status and by the days it was placed,
 * searched by reference, company or PO number. The filters live in the URL (?status=&from=&to=&q=),
 * so a filtered list survives reload and Back and can be linked to (the dashboard's card does).
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const rawStatus = params.get('status');
  const filters = {
    status: isStatus(rawStatus) ? rawStatus : undefined,
    from: day(params.get('from')),
    to: day(params.get('to')),
    q: params.get('q')?.trim() || undefined,
  };
  const [draft, setDraft] = useState({ status: filters.status ?? '', from: filters.from ?? '', to: filters.to ?? '', q: filters.q ?? '' });
  const { data, isLoading, isFetching, error } = useListOrdersQuery({ ...filters, page }, { refetchOnMountOrArgChange: 30 });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value.trim()) next.set(key, value.trim());
    setParams(next);
  };
  const problem = error ? errorMessage(error, 'The orders could not be loaded.') : '';

  return (
    <>
      <PageHeader title="Orders" />
      <form className={styles.filters} onSubmit={apply} role="search" aria-label="Filter orders">
        <label>
          Status
          <select value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
            <option value="">All</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Placed from
          <input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </label>
        <label>
          to
          <input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <label className={styles.search}>
          Reference, company or PO
          <input type="search" value={draft.q} maxLength={100} onChange={(event) => setDraft({ ...draft, q: event.target.value })} />
        </label>
        <button type="submit" className={buttons.primary}>
          Show orders
        </button>
      </form>
      {isLoading && <Loading label="Loading orders…" showLabel />}
      <Notice tone="error">{problem}</Notice>
      {data && !data.results.length && <p>No orders match.</p>}
      {data && data.results.length > 0 && (
        <AdminTable
          caption={`Orders, newest first, page ${page + 1}`}
          columns={COLUMNS}
          rows={data.results}
          rowKey={(order) => order.id}
          busy={isFetching}
        />
      )}
      {data && <Pagination page={page} total={data.total} limit={ORDERS_PAGE_SIZE} label="Order pages" onPageChange={setPage} />}
    </>
  );
}
