import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS, type OrderDetail, type OrderStatus } from '../../../../../shared/api/orders.ts';
import { penceText } from '../../../../../shared/trade-text.ts';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { describeError } from '../../../lib/api/errors.ts';
import { errorMessage } from '../../../lib/api/form-errors.ts';
import admin from '../shared/admin.module.css';
import { AdminTable, type AdminColumn } from '../shared/admin-table.tsx';
import { formatDateTime, formatDay } from '../shared/dates.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useGoBack } from '../shared/use-go-back.ts';
import { useGetOrderQuery, useSetOrderStatusMutation } from './api.ts';
import styles from './orders.module.css';

type Line = OrderDetail['lines'][number];
const LINE_COLUMNS: AdminColumn<Line>[] = [
  { label: 'Code', nowrap: true, cell: (line) => line.code || '—' },
  { label: 'Plant', cell: (line) => `${line.genus} ${line.species}` },
  { label: 'Form', cell: (line) => line.form },
  { label: 'Height', nowrap: true, cell: (line) => line.height },
  { label: 'Quantity', numeric: true, cell: (line) => line.quantity.toLocaleString('en-GB') },
  { label: 'Unit price', numeric: true, cell: (line) => penceText(line.unit_price_pence) },
  { label: 'Line total', numeric: true, cell: (line) => penceText(line.line_total_pence) },
  { label: 'Stock', cell: (line) => (line.reserved ? 'Reserved' : 'Not tracked') },
];

/** What each button says: the next step in the yard, or cancelling. */
const MOVE_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirm',
  picking: 'Start picking',
  dispatched: 'Mark dispatched',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

/**
 * /admin/orders/{id}: the order with its customer, delivery, lines and history (who moved it, when),
 * a button for each move it can make now (cancelling asks first: it gives the stock back and mails
 * the buyer), an optional note sent with the move, and the picking list PDF.
 */
export function OrderPage() {
  const id = Number(useParams().id);
  const { data: order, isLoading, error } = useGetOrderQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  const goBack = useGoBack('/admin/orders');
  return (
    <>
      <PageHeader
        title={order ? `Order ${order.reference}` : 'Order'}
        actions={
          <>
            {order && (
              <a className={buttons.secondary} href={`/api/admin/orders/${order.id}/picking-list.pdf`} download>
                Picking list (PDF)
              </a>
            )}
            <button type="button" className={buttons.secondary} onClick={goBack}>
              Go Back
            </button>
          </>
        }
      />
      {isLoading && <Loading label="Loading the order…" showLabel />}
      <Notice tone="error">
        {error ? (describeError(error).status === 404 ? 'There is no such order.' : 'The order could not be loaded.') : ''}
      </Notice>
      {order && <OrderDetails order={order} />}
    </>
  );
}

function OrderDetails({ order }: { order: OrderDetail }) {
  return (
    <article className={admin.panel}>
      <dl className={styles.details}>
        <dt>Status</dt>
        <dd data-status={order.status}>{ORDER_STATUS_LABELS[order.status]}</dd>
        <dt>Quotation</dt>
        <dd>{order.quotation_reference}</dd>
        <dt>Customer</dt>
        <dd>
          {order.name}
          {order.company && `, ${order.company}`} · <a href={`mailto:${order.email}`}>{order.email}</a>
        </dd>
        <dt>PO number</dt>
        <dd>{order.po_number}</dd>
        <dt>Deliver to</dt>
        <dd className={styles.address}>{`${order.delivery_address}\n${order.delivery_postcode}`}</dd>
        <dt>Wanted by</dt>
        <dd>{order.wanted_by ? formatDay(order.wanted_by) : 'No date given'}</dd>
        <dt>Total</dt>
        <dd>
          {penceText(order.total_pence)} (subtotal {penceText(order.subtotal_pence)}, delivery {penceText(order.delivery_pence)}, VAT{' '}
          {penceText(order.vat_pence)})
        </dd>
      </dl>
      <h2 className={admin.panelTitle}>Lines</h2>
      <AdminTable
        caption={`Lines of order ${order.reference}`}
        columns={LINE_COLUMNS}
        rows={order.lines}
        rowKey={(line) => line.id}
        className={styles.linesTable}
      />
      <h2 className={admin.panelTitle}>History</h2>
      <ol className={styles.history} aria-label="Order history">
        {order.history.map((step, index) => (
          <li key={index}>
            <strong>{ORDER_STATUS_LABELS[step.status]}</strong> {formatDateTime(step.created_at)}
            {step.changed_by ? ` by ${step.changed_by}` : ' (by the buyer)'}
            {step.note && ` — ${step.note}`}
          </li>
        ))}
      </ol>
      <h2 className={admin.panelTitle}>Move the order</h2>
      <StatusMoves order={order} />
    </article>
  );
}

/** One button per move the server allows now (`next_statuses`), with the note to send along. */
function StatusMoves({ order }: { order: OrderDetail }) {
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState('');
  const [problem, setProblem] = useState('');
  const [move, { isLoading }] = useSetOrderStatusMutation();
  const moves = order.next_statuses ?? [];

  const moveTo = async (status: OrderStatus) => {
    setSaved('');
    setProblem('');
    const result = await move({ id: order.id, status, note });
    if ('error' in result) setProblem(errorMessage(result.error, 'The order could not be moved. Please try again.'));
    else {
      setNote('');
      setSaved(`Saved: the order is now ${ORDER_STATUS_LABELS[result.data.status].toLowerCase()}; the buyer is being mailed.`);
    }
  };

  if (!moves.length) return <p>This order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}: it moves no further.</p>;
  return (
    <>
      <Notice tone="success">{saved}</Notice>
      <Notice tone="error">{problem}</Notice>
      <div className={styles.moves}>
        <label className={styles.note}>
          Note to the buyer (optional)
          <textarea value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
        </label>
        {moves.map((status) =>
          status === 'cancelled' ? (
            <ConfirmButton
              key={status}
              disabled={isLoading}
              question={`Cancel order ${order.reference}?`}
              detail="The reserved stock is given back and the buyer is mailed."
              confirmLabel="Cancel order"
              onConfirm={() => void moveTo(status)}
            >
              {MOVE_LABELS[status]}
            </ConfirmButton>
          ) : (
            <button key={status} type="button" className={buttons.primary} disabled={isLoading} onClick={() => void moveTo(status)}>
              {MOVE_LABELS[status]}
            </button>
          ),
        )}
      </div>
    </>
  );
}
