import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { OrderView } from '../../components/order-view.tsx';
import { describeError } from '../../lib/api/errors.ts';
import { useGetOrderByLinkQuery } from './order-link-api.ts';
import styles from './order-link-page.module.css';

/**
 * /orders/{id}?token=…: an order, read-only, for whoever accepted its quotation through the mail's
 * link (the same token; a signed-in owner without one sees it too). Where it is, each step with
 * its day, where it goes, the lines and the totals. A wrong or foreign link is the server's 404,
 * shown as "not found" without saying which.
 */
export function OrderLinkPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const token = search.get('token') ?? undefined;
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, error } = useGetOrderByLinkQuery({ id, token }, { skip: !valid });
  usePageMeta(data ? `Order ${data.reference}` : 'Order', 'Your order from the nursery.');

  if (!valid || describeError(error).status === 404 || describeError(error).status === 401) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>Order not found</h1>
        <p>
          This link does not open an order. Please use the link from your order confirmation email, or <Link to="/contact">contact us</Link>
          .
        </p>
      </div>
    );
  }
  if (isLoading) return <Loading label="Loading the order…" />;
  if (error || !data)
    return (
      <div className={`container ${styles.page}`}>
        <Notice tone="error">The order could not be loaded; please reload the page.</Notice>
      </div>
    );

  return (
    <div className={`container ${styles.page}`}>
      <h1>
        Order <span className={styles.reference}>{data.reference}</span>
      </h1>
      <OrderView order={data} />
      <p>Questions about your order? Reply to its confirmation email or call us, quoting {data.reference}.</p>
    </div>
  );
}
