import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderCreated } from '../../../shared/api/orders.ts';
import type { Quotation } from '../../../shared/api/quotations.ts';
import { ukDay } from '../../../shared/uk-day.ts';
import { QuotationAcceptForm } from './quotation-accept-form.tsx';
import { QuotationDeclineForm } from './quotation-decline-form.tsx';
import { dayText } from './quotation-view.tsx';
import styles from './quotation-answer.module.css';

/** What the answer needs: the quotation shown, and the guest's token when the page was opened from the mail. */
export interface QuotationAnswerProps {
  quotation: Quotation;
  /** The signed link's token (a guest); undefined for the signed-in owner. */
  token?: string;
  /** Called once the server took the answer: the page reads the quotation again (its status changed). */
  onAnswered?: () => void;
}

type Answered = { kind: 'accepted'; order: OrderCreated } | { kind: 'declined' };

/**
 * Where an order made through the mail's link is read: the public order page with the same token
 * (a guest has no account); the signed-in owner's lives in My orders.
 */
const orderHref = (order: OrderCreated, token?: string) =>
  token ? `/orders/${order.id}?token=${encodeURIComponent(token)}` : `/account/orders/${order.id}`;

/** A quotation no longer open for an answer: what happened to it, in place of the form. */
function AnswerState({ quotation }: { quotation: Quotation }) {
  const on = quotation.answered_at ? ` on ${dayText(quotation.answered_at)}` : '';
  switch (quotation.status) {
    case 'accepted':
      return <p className={styles.state}>You accepted this quotation{on}: it is now an order.</p>;
    case 'declined':
      return (
        <p className={styles.state}>
          You declined this quotation{on}
          {quotation.decline_reason ? ` (“${quotation.decline_reason}”)` : ''}.
        </p>
      );
    case 'superseded':
      return <p className={styles.state}>This version was replaced by a later one: please answer the latest quotation we sent you.</p>;
    default:
      return (
        <p className={styles.state}>
          This quotation expired{quotation.valid_until ? ` on ${dayText(quotation.valid_until)}` : ''}: <Link to="/contact">ask us</Link>{' '}
          for a new one.
        </p>
      );
  }
}

/**
 * The buyer's answer under a sent quotation — on /quotations/{id} (a guest with the mail's token,
 * or the owner) and on the owner's quote request page. A sent quotation still valid today (UK)
 * offers Accept (the order) and, behind a disclosure, Decline (a reason); once answered, the
 * confirmation takes the form's place and gets the focus. Any other state is said instead.
 */
export function QuotationAnswer({ quotation, token, onAnswered }: QuotationAnswerProps) {
  const [answered, setAnswered] = useState<Answered | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (answered) doneRef.current?.focus();
  }, [answered]);
  const answer = (outcome: Answered) => {
    setAnswered(outcome);
    onAnswered?.();
  };

  if (answered?.kind === 'accepted') {
    const { order } = answered;
    return (
      <div className={`${styles.answer} ${styles.done}`}>
        <h3 ref={doneRef} tabIndex={-1}>
          Order <span className={styles.reference}>{order.reference}</span> confirmed
        </h3>
        <p>
          Thank you: your order reference is <strong>{order.reference}</strong>. The plants are reserved for you and we have emailed a
          confirmation.
        </p>
        <p>
          <Link to={orderHref(order, token)}>{token ? 'See your order' : 'See the order in My orders'}</Link>
        </p>
      </div>
    );
  }
  if (answered?.kind === 'declined') {
    return (
      <div className={`${styles.answer} ${styles.done}`}>
        <h3 ref={doneRef} tabIndex={-1}>
          Quotation declined
        </h3>
        <p>Thank you for letting us know. If you need anything else, reply to our email or call us.</p>
      </div>
    );
  }

  const open = quotation.status === 'sent' && (quotation.valid_until === null || quotation.valid_until >= ukDay(new Date()));
  if (!open)
    return (
      <div className={styles.answer}>
        <AnswerState quotation={{ ...quotation, status: quotation.status === 'sent' ? 'expired' : quotation.status }} />
      </div>
    );
  return (
    <div className={styles.answer}>
      <QuotationAcceptForm quotation={quotation} token={token} onAccepted={(order) => answer({ kind: 'accepted', order })} />
      <QuotationDeclineForm quotation={quotation} token={token} onDeclined={() => answer({ kind: 'declined' })} />
    </div>
  );
}
