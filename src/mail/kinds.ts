import type { Db } from '../db.ts';
import type { QueueName } from '../queue-names.ts';
import type { MailMessage } from './transport.ts';

/**
 * Every kind of mail the site sends, with what its row holds: ids (and a reset token sealed with
 * the mail-only key), never an address or a link. The message is built when the mail is sent, from
 * the rows as they are then (docs/decisions/012-every-mail-owed-until-sent.md).
 */
export interface MailParams {
  'account.verify-email': { userId: number };
  /** `token` is sealed with the mail-only key (src/crypto.ts), opened only to build the link. */
  'account.reset-password': { userId: number; token: string };
  'account.password-changed': { userId: number };
  'account.two-factor-enabled': { userId: number };
  'account.two-factor-disabled': { userId: number };
  'account.two-factor-lockout': { userId: number };
  /** `minutes`: how long the lockout that caused it lasts (it doubles each time). */
  'account.login-lockout': { userId: number; minutes: number };
  'quote.sales': { quoteId: number };
  'quote.confirmation': { quoteId: number };
  'trade.decision': { applicationId: number };
  'trade.account': { historyId: number };
  'contact.enquiry': { enquiryId: number };
  /** The buyer's sent quotation, its PDF attached. */
  'quotation.sent': { quotationId: number };
  'order.confirmation': { orderId: number };
  'order.sales': { orderId: number };
  'order.status': { changeId: number };
  'quotation.declined': { quotationId: number };
  'quotation.expired': { quotationId: number };
}
export type MailKind = keyof MailParams;

/** A mail an event owes: its kind and the ids it is built from. */
export type OwedMail = { [K in MailKind]: { kind: K; params: MailParams[K] } }[MailKind];

/**
 * The queue each kind is sent from. A person waiting at the screen for a link, or told of a change
 * to their account, must not wait behind a backlog of enquiries and quote mails (decision 005).
 */
const queues: Record<MailKind, QueueName> = {
  'account.verify-email': 'account-mail',
  'account.reset-password': 'account-mail',
  'account.password-changed': 'account-mail',
  'account.two-factor-enabled': 'account-mail',
  'account.two-factor-disabled': 'account-mail',
  'account.two-factor-lockout': 'account-mail',
  'account.login-lockout': 'account-mail',
  'trade.decision': 'account-mail',
  'trade.account': 'account-mail',
  'quote.sales': 'mail',
  'quote.confirmation': 'mail',
  'contact.enquiry': 'mail',
  'quotation.sent': 'mail',
  'order.confirmation': 'mail',
  'order.sales': 'mail',
  'order.status': 'mail',
  'quotation.declined': 'mail',
  'quotation.expired': 'mail',
};
export const mailQueue = (kind: MailKind): QueueName => queues[kind];

/**
 * A mail ready to send, as a kind's builder makes it. `onSent` runs in the transaction that marks
 * the mail sent, for a module that shows delivery on its own rows (an enquiry's `emailed_at`).
 */
export interface MailDraft {
  message: MailMessage;
  onSent?(db: Db): Promise<void>;
}

/**
 * Builds a mail of one kind from its ids; null when there is nothing to send any more (the user
 * was deleted, the address is verified already). Throwing means "try again later".
 */
export type MailBuilder<K extends MailKind> = (params: MailParams[K]) => Promise<MailDraft | null>;
export type MailBuilders = { [K in MailKind]: MailBuilder<K> };
