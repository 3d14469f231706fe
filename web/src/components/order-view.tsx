import { ORDER_STATUS_LABELS, type OrderDetail } from '../../../shared/api/orders.ts';
import { PricedLinesTable, PricedTotals } from './priced-lines.tsx';
import { dayText } from './quotation-view.tsx';
import styles from './order-view.module.css';

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
      <PricedLinesTable lines={order.lines} label="Ordered lines" />
      <PricedTotals totals={order} label="Totals" />
    </section>
  );
}
