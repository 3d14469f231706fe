import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_STATUS_LABELS } from '../../../../shared/api/orders.ts';
import { penceText } from '../../../../shared/trade-text.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { Pagination } from '../../components/pagination.tsx';
import { useGetMyOrdersQuery } from './orders-api.ts';
import { formatDate } from './quote-requests-api.ts';
import styles from './quote-requests.module.css';

const LIMIT = 20;

/**
 * "My orders" (/account/orders): the buyer's orders, newest first, each with its reference (a link
 * to its lines and history), date, status, PO number and total. Cards, like "My quote requests",
 * so it reads at 390 px as at 1366 px.
 */
export function OrdersPage() {
  usePageMeta('My orders', 'Your orders from Hothfield Nurseries and where each one is.');
  const [page, setPage] = useState(0);
  const { data, isLoading, isError } = useGetMyOrdersQuery(page);

  return (
    <>
      <h1>My orders</h1>
      {isLoading ? (
        <Loading label="Loading your orders…" />
      ) : isError || !data ? (
        <Notice tone="error">Your orders could not be loaded; please reload the page.</Notice>
      ) : data.total === 0 ? (
        <p className={styles.lead}>
          You have no orders yet. Accept a quotation from <Link to="/account/quote-requests">your quote requests</Link> to place one.
        </p>
      ) : (
        <>
          <ul className={styles.requests} aria-label="Your orders">
            {data.results.map((order) => (
              <li key={order.id} className={styles.request}>
                <Link className={styles.reference} to={`/account/orders/${order.id}`}>
                  {order.reference}
                </Link>
                <dl className={styles.facts}>
                  <dt>Placed</dt>
                  <dd>{formatDate(order.created_at)}</dd>
                  <dt>Status</dt>
                  <dd className={styles.status} data-status={order.status}>
                    {ORDER_STATUS_LABELS[order.status]}
                  </dd>
                  <dt>Total</dt>
                  <dd>{penceText(order.total_pence)}</dd>
                </dl>
                <span className={styles.lead}>Your PO {order.po_number}</span>
              </li>
            ))}
          </ul>
          <Pagination page={page} total={data.total} limit={LIMIT} onPageChange={setPage} label="Order pages" />
        </>
      )}
    </>
  );
}
