import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS } from '../../../../shared/api/orders.ts';
import type { CopiedLines } from '../../../../shared/api/quotes.ts';
import { penceText } from '../../../../shared/trade-text.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { describeError } from '../../lib/api/errors.ts';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { CopySummary, lineText } from './copy-summary.tsx';
import { useCopyOrderMutation, useGetMyOrderQuery } from './orders-api.ts';
import { formatDate } from './quote-requests-api.ts';
import styles from './quote-requests.module.css';

/**
 * One of the buyer's orders (/account/orders/:id): where it is, when each step happened, where it
 * goes, its lines and totals, and "Copy into my plant list" to order the same again — or "Copy into
 * a new list", a list named after the order — (then, line by line, what the copy did). Someone else's order (or none) is the server's 404, shown as "not found".
 */
export function OrderPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, error } = useGetMyOrderQuery(id, { skip: !valid });
  const [copy, copying] = useCopyOrderMutation();
  const [copyError, setCopyError] = useState('');
  const [copied, setCopied] = useState<{ lines: CopiedLines; newList?: string } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (copied) summaryRef.current?.focus();
  }, [copied]);
  usePageMeta(data ? `Order ${data.reference}` : 'Order', 'One of your orders, its lines and its progress.');

  const copyIntoList = async (newList: boolean) => {
    setCopyError('');
    setCopied(null);
    const result = await copy({ id, newList });
    if ('error' in result) setCopyError(errorMessage(result.error, 'Sorry, the lines could not be copied. Please try again.'));
    else setCopied({ lines: result.data.copied, newList: result.data.new_list?.name });
  };

  const back = <Link to="/account/orders">All my orders</Link>;
  if (!valid || describeError(error).status === 404) {
    return (
      <>
        <h1>Order not found</h1>
        <p>{back}</p>
      </>
    );
  }
  if (isLoading) return <Loading label="Loading the order…" />;
  if (error || !data) return <Notice tone="error">The order could not be loaded; please reload the page.</Notice>;

  return (
    <>
      <p>{back}</p>
      <h1>Order {data.reference}</h1>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd className={styles.status} data-status={data.status}>
          {ORDER_STATUS_LABELS[data.status]}
        </dd>
        <dt>Quotation</dt>
        <dd>{data.quotation_reference}</dd>
        <dt>Your PO</dt>
        <dd>{data.po_number}</dd>
        <dt>Deliver to</dt>
        <dd className={styles.notes}>
          {data.delivery_address}
          {'\n'}
          {data.delivery_postcode}
        </dd>
        {data.wanted_by && (
          <>
            <dt>Wanted by</dt>
            <dd>{formatDate(data.wanted_by)}</dd>
          </>
        )}
      </dl>
      <h2>Progress</h2>
      <ol className={styles.lines} aria-label="Order progress">
        {data.history.map((step, index) => (
          <li key={index}>
            <strong>{ORDER_STATUS_LABELS[step.status]}</strong> on <time dateTime={step.created_at}>{formatDate(step.created_at)}</time>
            {step.note && <span className={styles.notes}> — {step.note}</span>}
          </li>
        ))}
      </ol>
      <h2>
        {data.lines.length} {data.lines.length === 1 ? 'line' : 'lines'}
      </h2>
      <ul className={styles.lines} aria-label="Ordered lines">
        {data.lines.map((line) => (
          <li key={line.id}>
            <span>{lineText(line)}</span> <strong className={styles.quantity}>× {line.quantity.toLocaleString('en-GB')}</strong>{' '}
            <span className={styles.quantity}>
              at {penceText(line.unit_price_pence)} = {penceText(line.line_total_pence)}
            </span>
          </li>
        ))}
      </ul>
      <dl className={styles.facts} aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{penceText(data.subtotal_pence)}</dd>
        <dt>Delivery</dt>
        <dd>{penceText(data.delivery_pence)}</dd>
        <dt>VAT</dt>
        <dd>{penceText(data.vat_pence)}</dd>
        <dt>Total</dt>
        <dd className={styles.status}>{penceText(data.total_pence)}</dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => void copyIntoList(false)} disabled={copying.isLoading}>
          Copy into my plant list
        </button>
        <button type="button" className={styles.secondary} onClick={() => void copyIntoList(true)} disabled={copying.isLoading}>
          Copy into a new list
        </button>
        {copying.isLoading && <Loading inline showLabel label="Copying…" />}
      </div>
      <Notice tone="error">{copyError}</Notice>
      {copied && <CopySummary ref={summaryRef} copied={copied.lines} newList={copied.newList} lines={data.lines} />}
    </>
  );
}
