import type { Knex } from 'knex';
import type { MailKind, OwedMail } from './mail/kinds.ts';
import { currentRequestId } from './request-context.ts';

/**
 * Typed domain events: what happened, named after the change. A service records its event in the
 * same transaction as the change (the `events` table, a transactional outbox); the relay
 * (src/outbox/relay.ts) publishes it after commit, and src/subscribers.ts says which jobs it starts.
 */
interface DomainEvents {
  'catalogue.changed': { reason: string };
  'contact.received': { id: number };
  /**
   * Owed mails due for a delivery attempt: recorded with the mails an event owes, by the recovery
   * for mails whose retry is due or whose job was lost, and by the admin's Resend.
   */
  'mail.due': { mails: { id: number; kind: MailKind }[] };
  'gallery_image.uploaded': { imageId: number };
  'gallery_image.rotated': { imageId: number };
  /** The admin asked for a failed image's renditions again. */
  'gallery_image.retried': { imageId: number };
  /** The recovery sweep found an image whose rendition job died; it needs another. */
  'gallery_image.stalled': { imageId: number };
  /** An IMAGE widget has a picture without renditions (uploaded, or found so at start-up). */
  'widget.picture_changed': { widgetId: number };
  'user.registered': { userId: number };
  'user.email_changed': { userId: number };
  'user.verification_requested': { userId: number };
  /** `token` is the reset token sealed with the mail-only key, never the token in the clear. */
  'user.password_reset_requested': { userId: number; token: string };
  'user.password_changed': { userId: number };
  'user.two_factor_enabled': { userId: number };
  'user.two_factor_disabled': { userId: number };
  'user.two_factor_locked': { userId: number };
  /** Wrong passwords from browsers the account never signed in on locked its login for `minutes`. */
  'user.login_locked': { userId: number; minutes: number };
  /** A quote request was stored with its lines: mail it to sales (XLSX attached) and confirm to the buyer. */
  'quote.requested': { id: number };
  /** Staff approved or rejected a trade application (the row holds which). */
  'trade.application_decided': { applicationId: number };
  /** Staff suspended, reinstated or revoked a trade account: `historyId` is the step (what, why, by whom). */
  'trade.account_changed': { historyId: number };
  /** An approved buyer asked for a fresh personal price list. */
  'trade.price_list_requested': { userId: number };
  /** Staff sent a quotation (its totals fixed, the version before superseded): render its PDF. */
  'quotation.sent': { quotationId: number };
  /** A sent quotation's PDF is stored: mail it to the buyer. */
  'quotation.pdf_ready': { quotationId: number };
  /** A buyer accepted a quotation (the order it made is `orderId`; its mails come from `order.confirmed`). */
  'quotation.accepted': { quotationId: number; orderId: number };
  /** A buyer accepted a quotation: the order is stored, its stock reserved (confirmation to the buyer, a mail to sales). */
  'order.confirmed': { orderId: number };
  /** Staff moved an order on (or cancelled it): `changeId` is the history row (what, when, by whom, note). */
  'order.status_changed': { changeId: number };
  /** A buyer declined a quotation, with a reason (a mail to sales). */
  'quotation.declined': { quotationId: number };
  /** A sent quotation passed its validity date unanswered (the buyer is told). */
  'quotation.expired': { quotationId: number };
  /** A schedule too large to match while the buyer waited was stored: the worker matches it. */
  'schedule.submitted': { id: string };
}
export type EventName = keyof DomainEvents;

/** A stored event as the relay reads it. */
interface StoredEvent<E extends EventName = EventName> {
  id: number;
  name: E;
  payload: DomainEvents[E];
  requestId: string | null;
}

/** Any stored event, narrowed by `name` in a switch. */
export type AnyStoredEvent = { [E in EventName]: StoredEvent<E> }[EventName];

/** Writes domain events into the outbox; see `createEventLog`. */
export interface EventLog {
  /**
   * Records an event with `db`: pass the transaction that makes the change, so the event commits
   * with it or not at all. After the commit the relay is woken at once (no polling delay).
   */
  record<E extends EventName>(db: Knex | Knex.Transaction, name: E, payload: DomainEvents[E]): Promise<void>;
  /** Records several events in one statement (seeding, sweeps). */
  recordMany<E extends EventName>(db: Knex | Knex.Transaction, name: E, payloads: DomainEvents[E][]): Promise<void>;
}

export interface EventLogOptions {
  /** Called once the recording transaction (or statement) has committed; wired to the relay's `kick`. */
  afterCommit(): void;
  /** The mails an event owes (src/mail/owed.ts). */
  mailsFor(event: AnyStoredEvent): OwedMail[];
}

/**
 * The outbox writer. With the events it writes the mails they owe (`mails` rows, one per cause:
 * `event:{id}:{kind}`) and one `mail.due` event that queues them, all in the caller's transaction.
 */
export function createEventLog(options: EventLogOptions): EventLog {
  const write = async (trx: Knex | Knex.Transaction, name: EventName, payloads: unknown[], requestId: string | null) => {
    const rows: { id: string | number }[] = await trx('events')
      .insert(payloads.map((payload) => ({ name, payload: JSON.stringify(payload), request_id: requestId })))
      .returning('id');
    // Sequence values follow the order of the VALUES list, so ids sorted pair with payloads.
    const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    const owed = ids.flatMap((id, i) =>
      options.mailsFor({ id, name, payload: payloads[i], requestId } as AnyStoredEvent).map((mail) => ({
        kind: mail.kind,
        params: JSON.stringify(mail.params),
        cause_key: `event:${id}:${mail.kind}`,
        request_id: requestId,
      })),
    );
    if (!owed.length) return;
    const mails: { id: string | number; kind: MailKind }[] = await trx('mails').insert(owed).returning(['id', 'kind']);
    const due = { mails: mails.map((mail) => ({ id: Number(mail.id), kind: mail.kind })) };
    await trx('events').insert({ name: 'mail.due', payload: JSON.stringify(due), request_id: requestId });
  };

  const recordMany = async <E extends EventName>(db: Knex | Knex.Transaction, name: E, payloads: DomainEvents[E][]) => {
    if (!payloads.length) return;
    const requestId = currentRequestId() ?? null;
    const trx = db as Partial<Knex.Transaction>;
    if (trx.isTransaction && trx.executionPromise) {
      await write(db, name, payloads, requestId);
      // Inside a transaction the event is not visible until commit; a rollback means no event at all.
      trx.executionPromise.then(options.afterCommit, () => {});
    } else {
      // The events and the mails they owe commit together or not at all.
      await db.transaction((own) => write(own, name, payloads, requestId));
      options.afterCommit();
    }
  };
  return {
    record: (db, name, payload) => recordMany(db, name, [payload]),
    recordMany,
  };
}
