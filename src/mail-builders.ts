import type { Deps } from './deps.ts';
import type { MailBuilders } from './mail/kinds.ts';
import { accountMailBuilders } from './modules/auth/account-mail.ts';
import { quoteMailBuilders } from './modules/quotes/mail-builders.ts';
import { quotationMailBuilders } from './modules/quotations/mail-builders.ts';
import { orderMailBuilders } from './modules/orders/mail-builders.ts';
import { buildTradeAccountMail } from './modules/trade/account-mail.ts';
import { buildTradeDecisionMail } from './modules/trade/decision-mail.ts';
import type { Services } from './services.ts';

/**
 * Every mail kind's builder, keyed by kind (src/mail/kinds.ts): the modules' builders wired to this
 * process's dependencies, for the one delivery (src/outbox/mail-delivery.ts). The compiler refuses a
 * kind without a builder.
 */
export function buildMailBuilders(deps: Deps, services: Services): MailBuilders {
  return {
    ...accountMailBuilders(deps),
    ...quoteMailBuilders(deps),
    ...quotationMailBuilders(deps),
    ...orderMailBuilders(deps),
    'trade.decision': (params) => buildTradeDecisionMail(deps, params),
    'trade.account': (params) => buildTradeAccountMail(deps, params),
    'contact.enquiry': (params) => services.contact.enquiryMail(params),
  };
}
