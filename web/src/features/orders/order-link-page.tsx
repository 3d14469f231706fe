import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS, type OrderLine } from '../../../../shared/api/orders.ts';
import { penceText } from '../../../../shared/trade-text.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { dayText } from '../../components/quotation-view.tsx';
import { describeError } from '../../lib/api/errors.ts';
import { useGetOrderByLinkQuery } from './order-link-api.ts';
import styles from './order-link-page.module.css';

const heightText = (height: string) => (/^\d/.test(height) ? `${height} cm` : height);
const lineText = (line: OrderLine) =>
  `${line.genus} ${line.species}${line.common_name ? ` (${line.common_name})` : ''}, ${line.form}, ${heightText(line.height)}`;

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
      <section className={styles.card} aria-label={`Order ${data.reference}`}>
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd data-status={data.status}>{ORDER_STATUS_LABELS[data.status]}</dd>
          <dt>Quotation</dt>
          <dd>{data.quotation_reference}</dd>
          <dt>Your PO</dt>
          <dd>{data.po_number}</dd>
          <dt>Deliver to</dt>
          <dd className={styles.address}>
            {data.delivery_address}
            {'\n'}
            {data.delivery_postcode}
          </dd>
          {data.wanted_by && (
            <>
              <dt>Wanted by</dt>
              <dd>{dayText(data.wanted_by)}</dd>
            </>
          )}
        </dl>
        <h2>Progress</h2>
        <ol className={styles.history} aria-label="Order progress">
          {data.history.map((step, index) => (
            <li key={index}>
              <strong>{ORDER_STATUS_LABELS[step.status]}</strong> on <time dateTime={step.created_at}>{dayText(step.created_at)}</time>
              {step.note && <> — {step.note}</>}
            </li>
          ))}
        </ol>
        <h2>
          {data.lines.length} {data.lines.length === 1 ? 'line' : 'lines'}
        </h2>
        <table className={styles.lines} aria-label="Ordered lines">
          <thead>
            <tr>
              <th scope="col">Plant</th>
              <th scope="col" className={styles.number}>
                Quantity
              </th>
              <th scope="col" className={styles.number}>
                Unit price
              </th>
              <th scope="col" className={styles.number}>
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {/* One flow of text: on a phone the cell is a flex row, and the code must not become a column. */}
                  <span>
                    {line.code && <strong>{line.code} </strong>}
                    {lineText(line)}
                  </span>
                </td>
                <td className={styles.number} data-label="Quantity">
                  {line.quantity.toLocaleString('en-GB')}
                </td>
                <td className={styles.number} data-label="Unit price">
                  {penceText(line.unit_price_pence)}
                </td>
                <td className={styles.number} data-label="Line total">
                  {penceText(line.line_total_pence)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.totals} aria-label="Totals">
          <dt>Subtotal ex VAT</dt>
          <dd>{penceText(data.subtotal_pence)}</dd>
          <dt>Delivery ex VAT</dt>
          <dd>{penceText(data.delivery_pence)}</dd>
          <dt>VAT</dt>
          <dd>{penceText(data.vat_pence)}</dd>
          <dt className={styles.total}>Total inc VAT</dt>
          <dd className={styles.total}>{penceText(data.total_pence)}</dd>
        </dl>
      </section>
      <p>Questions about your order? Reply to its confirmation email or call us, quoting {data.reference}.</p>
    </div>
  );
}
