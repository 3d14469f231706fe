import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CopiedLines } from '../../../../shared/api/quotes.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { OrderView } from '../../components/order-view.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { describeError } from '../../lib/api/errors.ts';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { CopySummary } from './copy-summary.tsx';
import { useCopyOrderMutation, useGetMyOrderQuery } from './orders-api.ts';
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
      <OrderView order={data} />
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
