import type { Deps } from '../../deps.ts';
import type { MailBuilder } from '../../mail/kinds.ts';
import { orderConfirmationMail, orderSalesMail, orderStatusMail, quotationDeclinedMail, quotationExpiredMail } from './mails.ts';
import { loadAnsweredQuotation, loadOrder, loadStatusChange } from './service.ts';

type MailDeps = Pick<Deps, 'db' | 'config'>;

/**
 * The order and quotation-answer mails, built from the rows as they are when sent (null once the
 * row is gone). Buyers' mails reply to the sales address; sales mails reply to the buyer.
 */
export function orderMailBuilders(deps: MailDeps): {
  'order.confirmation': MailBuilder<'order.confirmation'>;
  'order.sales': MailBuilder<'order.sales'>;
  'order.status': MailBuilder<'order.status'>;
  'quotation.declined': MailBuilder<'quotation.declined'>;
  'quotation.expired': MailBuilder<'quotation.expired'>;
} {
  const { business, salesEmail } = deps.config;
  return {
    'order.confirmation': async ({ orderId }) => {
      const found = await loadOrder(deps.db, orderId);
      return found
        ? { message: orderConfirmationMail(found.order, found.lines, found.order.quotation_reference, business, salesEmail) }
        : null;
    },
    'order.sales': async ({ orderId }) => {
      const found = await loadOrder(deps.db, orderId);
      return found ? { message: orderSalesMail(found.order, found.lines, found.order.quotation_reference, business, salesEmail) } : null;
    },
    'order.status': async ({ changeId }) => {
      const found = await loadStatusChange(deps.db, changeId);
      return found ? { message: orderStatusMail(found.order, found.change, found.order.quotation_reference, business, salesEmail) } : null;
    },
    'quotation.declined': async ({ quotationId }) => {
      const quotation = await loadAnsweredQuotation(deps.db, quotationId);
      return quotation ? { message: quotationDeclinedMail(quotation, business, salesEmail) } : null;
    },
    'quotation.expired': async ({ quotationId }) => {
      const quotation = await loadAnsweredQuotation(deps.db, quotationId);
      // Answered or revised since the sweep (a race with a late acceptance): nothing to tell.
      return quotation?.status === 'expired' ? { message: quotationExpiredMail(quotation, business, salesEmail) } : null;
    },
  };
}
