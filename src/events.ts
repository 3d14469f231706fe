import type { Knex } from 'knex';
import { currentRequestId } from './request-context.ts';

/**
 * Typed domain events: what happened, named after the change. A service records its event in the
 * same transaction as the change (the `events` table, a transactional outbox); the relay
 * (src/outbox/relay.ts) publishes it after commit, and src/subscribers.ts says which jobs it starts.
 */
interface DomainEvents {
  'catalogue.changed': { reason: string };
  'contact.received': { id: number };
  /** The outbox sweep found an enquiry still unsent and due for another attempt. */
  'contact.delivery_due': { id: number };
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

/**
 * The outbox writer. `afterCommit` is called once the recording transaction (or statement) has
 * committed; the process wires it to its relay's `kick`.
 */
export function createEventLog(afterCommit: () => void): EventLog {
  const recordMany = async <E extends EventName>(db: Knex | Knex.Transaction, name: E, payloads: DomainEvents[E][]) => {
    if (!payloads.length) return;
    const requestId = currentRequestId() ?? null;
    await db('events').insert(payloads.map((payload) => ({ name, payload: JSON.stringify(payload), request_id: requestId })));
    const trx = db as Partial<Knex.Transaction>;
    // Inside a transaction the event is not visible until commit; a rollback means no event at all.
    if (trx.isTransaction && trx.executionPromise) trx.executionPromise.then(afterCommit, () => {});
    else afterCommit();
  };
  return {
    record: (db, name, payload) => recordMany(db, name, [payload]),
    recordMany,
  };
}
