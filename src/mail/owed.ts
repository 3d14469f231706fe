import type { AnyStoredEvent, EventName } from '../events.ts';
import type { MailKind, OwedMail } from './kinds.ts';

/** The account mail each user event owes (builders in src/modules/auth/account-mail.ts). */
const accountMails: Partial<Record<EventName, MailKind & `account.${string}`>> = {
  'user.registered': 'account.verify-email',
  'user.email_changed': 'account.verify-email',
  'user.verification_requested': 'account.verify-email',
  'user.password_changed': 'account.password-changed',
  'user.two_factor_enabled': 'account.two-factor-enabled',
  'user.two_factor_disabled': 'account.two-factor-disabled',
  'user.two_factor_locked': 'account.two-factor-lockout',
};

/**
 * Which mails an event owes: the only place that knows. The event log (src/events.ts) writes them
 * as `mails` rows in the event's own transaction, so a mail is owed exactly when its cause
 * committed. Pure, like src/subscribers.ts. A new mail is a line here (and a new event, if its
 * cause has none yet), its params in src/mail/kinds.ts and its builder in src/mail-builders.ts.
 */
export function mailsFor(event: AnyStoredEvent): OwedMail[] {
  switch (event.name) {
    case 'contact.received':
      return [{ kind: 'contact.enquiry', params: { enquiryId: event.payload.id } }];
    case 'quote.requested':
      return [
        { kind: 'quote.sales', params: { quoteId: event.payload.id } },
        { kind: 'quote.confirmation', params: { quoteId: event.payload.id } },
      ];
    case 'trade.application_decided':
      return [{ kind: 'trade.decision', params: { applicationId: event.payload.applicationId } }];
    case 'trade.account_changed':
      return [{ kind: 'trade.account', params: { historyId: event.payload.historyId } }];
    // Owed once the PDF is stored (the render job records it), so the mail always has its attachment.
    case 'quotation.pdf_ready':
      return [{ kind: 'quotation.sent', params: { quotationId: event.payload.quotationId } }];
    case 'user.login_locked':
      return [{ kind: 'account.login-lockout', params: { userId: event.payload.userId, minutes: event.payload.minutes } }];
    case 'order.confirmed':
      return [
        { kind: 'order.confirmation', params: { orderId: event.payload.orderId } },
        { kind: 'order.sales', params: { orderId: event.payload.orderId } },
      ];
    case 'order.status_changed':
      return [{ kind: 'order.status', params: { changeId: event.payload.changeId } }];
    case 'quotation.declined':
      return [{ kind: 'quotation.declined', params: { quotationId: event.payload.quotationId } }];
    case 'quotation.expired':
      return [{ kind: 'quotation.expired', params: { quotationId: event.payload.quotationId } }];
    case 'user.password_reset_requested':
      return [{ kind: 'account.reset-password', params: { userId: event.payload.userId, token: event.payload.token } }];
    default: {
      const kind = accountMails[event.name];
      return kind && 'userId' in event.payload ? [{ kind, params: { userId: event.payload.userId } } as OwedMail] : [];
    }
  }
}
