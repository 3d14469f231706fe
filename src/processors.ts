import type { Deps } from './deps.ts';
import { housekeepingProcessors } from './housekeeping.ts';
import { sendAccountMail } from './modules/auth/account-mail-job.ts';
import { renderCatalogue } from './modules/catalogue/render-job.ts';
import { sendQuoteConfirmation, sendQuoteToSales } from './modules/quotes/mail-job.ts';
import { renderImageRenditions } from './modules/galleries/renditions-job.ts';
import { sendTradeAccountMail } from './modules/trade/account-mail-job.ts';
import { sendTradeDecisionMail } from './modules/trade/decision-mail-job.ts';
import { renderPriceList } from './modules/trade/price-list-job.ts';
import { renderWidgetRenditions } from './modules/widgets/renditions-job.ts';
import { timedProcessors } from './metrics/jobs.ts';
import type { Processors } from './queue.ts';
import type { Services } from './services.ts';

/**
 * Every job's processor, keyed by job name: the modules' processors wired to this process's
 * dependencies. Used by BullMQ workers (workers/main.ts) and the in-process driver alike, each
 * timed into the process's metrics.
 */
export function buildProcessors(deps: Deps, services: Services): Processors {
  return timedProcessors(deps.metrics, {
    'mail.contact': ({ id }) => services.contact.deliver(id),
    'mail.send': (job, meta) => sendAccountMail(deps, job, meta),
    'catalogue.render': () => renderCatalogue(deps),
    'mail.quote_sales': ({ id }) => sendQuoteToSales(deps, id),
    'mail.quote_confirmation': ({ id }) => sendQuoteConfirmation(deps, id),
    'mail.trade_decision': (job, meta) => sendTradeDecisionMail(deps, job, meta),
    'mail.trade_account': (job, meta) => sendTradeAccountMail(deps, job, meta),
    'catalogue.price_list': ({ userId }) => renderPriceList(deps, userId),
    // On the last attempt a storage failure marks the image failed instead of leaving it processing.
    'images.renditions': ({ imageId }, { lastAttempt }) => renderImageRenditions(deps, imageId, { lastAttempt }),
    'widgets.renditions': ({ widgetId }) => renderWidgetRenditions(deps, widgetId),
    ...housekeepingProcessors(deps, services),
  });
}
