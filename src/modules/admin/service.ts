import type { Deps } from '../../deps.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { EnquiryService } from '../enquiries/service.ts';
import type { MailsService } from '../mails/service.ts';
import type { QuoteService } from '../quotes/service.ts';
import type { QuotationService } from '../quotations/service.ts';
import type { OrderService } from '../orders/service.ts';
import type { UsersService } from '../users/service.ts';
import type { TradeService } from '../trade/service.ts';
import type { AdminStats } from '../../../shared/api/admin.ts';

/** The admin dashboard's figures, gathered from each module's own service. */
export function adminStatsService(
  deps: Pick<Deps, 'queue' | 'log'>,
  services: {
    users: UsersService;
    enquiries: EnquiryService;
    catalogue: CatalogueService;
    contact: ContactService;
    quotes: QuoteService;
    quotations: QuotationService;
    orders: OrderService;
    trade: TradeService;
    mails: MailsService;
  },
) {
  return {
    async stats(): Promise<AdminStats> {
      // A queue outage must not take the dashboard down with it: its figures show as unknown (-1).
      const queues = deps.queue.counts().catch((err: unknown) => {
        deps.log.warn({ err }, 'queue counts unavailable');
        return { waiting: -1, failed: -1 };
      });
      const [users, enquiries, unsent, catalogue, counts, openQuotes, tradePending, mails, awaiting, toPick] = await Promise.all([
        services.users.count(),
        services.enquiries.stats(),
        services.contact.unsentCount(),
        services.catalogue.summary(),
        queues,
        services.quotes.openCount(),
        services.trade.pendingCount(),
        services.mails.counts(),
        services.quotations.awaitingAnswerCount(),
        services.orders.toPickCount(),
      ]);
      return {
        users,
        enquiries: { ...enquiries, unsent },
        catalogue,
        queues: counts,
        quotes: { open: openQuotes },
        trade: { pending: tradePending },
        mails,
        quotations: { awaiting },
        orders: { to_pick: toPick },
      };
    },
  };
}
export type AdminStatsService = ReturnType<typeof adminStatsService>;
