import { ORDER_STATUS_LABELS, type OrderDetail, type OrderLine } from '../../../shared/api/orders.ts';
import { penceText } from '../../../shared/trade-text.ts';
import { dayText } from './quotation-view.tsx';
import styles from './order-view.module.css';

const heightText = (height: string) => (/^\d/.test(height) ? `${height} cm` : height);
const lineText = (line: OrderLine) =>
  `${line.genus} ${line.species}${line.common_name ? ` (${line.common_name})` : ''}, ${line.form}, ${heightText(line.height)}`;

/**
 * An order as its buyer reads it — on their account's order page and on the page the
 * confirmation mail links to: where it is, each step with its day, where it goes, the lines (a
 * table that becomes one card per line on a phone) and the totals ex and inc VAT.
 */
export function OrderView({ order }: { order: OrderDetail }) {
  return (
    <section className={styles.card} aria-label={`Order ${order.reference}`}>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd data-status={order.status}>{ORDER_STATUS_LABELS[order.status]}</dd>
        <dt>Quotation</dt>
        <dd>{order.quotation_reference}</dd>
        <dt>Your PO</dt>
        <dd>{order.po_number}</dd>
        <dt>Deliver to</dt>
        <dd className={styles.address}>
          {order.delivery_address}
          {'\n'}
          {order.delivery_postcode}
        </dd>
        {order.wanted_by && (
          <>
            <dt>Wanted by</dt>
            <dd>{dayText(order.wanted_by)}</dd>
          </>
        )}
      </dl>
      <h2>Progress</h2>
      <ol className={styles.history} aria-label="Order progress">
        {order.history.map((step, index) => (
          <li key={index}>
            <strong>{ORDER_STATUS_LABELS[step.status]}</strong> on <time dateTime={step.created_at}>{dayText(step.created_at)}</time>
            {step.note && <> — {step.note}</>}
          </li>
        ))}
      </ol>
      <h2>
        {order.lines.length} {order.lines.length === 1 ? 'line' : 'lines'}
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
          {order.lines.map((line) => (
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
        <dd>{penceText(order.subtotal_pence)}</dd>
        <dt>Delivery ex VAT</dt>
        <dd>{penceText(order.delivery_pence)}</dd>
        <dt>VAT</dt>
        <dd>{penceText(order.vat_pence)}</dd>
        <dt className={styles.total}>Total inc VAT</dt>
        <dd className={styles.total}>{penceText(order.total_pence)}</dd>
      </dl>
    </section>
  );
}
