import type { Deps } from './deps.ts';
import { housekeepingProcessors } from './housekeeping.ts';
import { buildMailBuilders } from './mail-builders.ts';
import { renderCatalogue } from './modules/catalogue/render-job.ts';
import { renderImageRenditions } from './modules/galleries/renditions-job.ts';
import { deliverMail } from './outbox/mail-delivery.ts';
import { renderPriceList } from './modules/trade/price-list-job.ts';
import { renderQuotationPdfJob } from './modules/quotations/pdf-job.ts';
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
  const mailBuilders = buildMailBuilders(deps, services);
  return timedProcessors(deps.metrics, {
    // Every mail the site sends, whatever its kind, is sent here.
    'mail.deliver': ({ id }) => deliverMail(deps, mailBuilders, id),
    'catalogue.render': () => renderCatalogue(deps),
    'catalogue.price_list': ({ userId }) => renderPriceList(deps, userId),
    'quotations.render_pdf': ({ quotationId }) => renderQuotationPdfJob(deps, quotationId),
    // On the last attempt a storage failure marks the image failed instead of leaving it processing.
    'images.renditions': ({ imageId }, { lastAttempt }) => renderImageRenditions(deps, imageId, { lastAttempt }),
    'widgets.renditions': ({ widgetId }) => renderWidgetRenditions(deps, widgetId),
    'schedules.match': ({ id }, { lastAttempt }) => services.schedules.matchStored(id, { lastAttempt }),
    ...housekeepingProcessors(deps, services),
  });
}
