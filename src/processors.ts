import type { Deps } from './deps.ts';
import { sendAccountMail } from './modules/auth/account-mail-job.ts';
import { renderCatalogue } from './modules/catalogue/render-job.ts';
import { renderImageRenditions } from './modules/galleries/renditions-job.ts';
import { renderWidgetRenditions } from './modules/widgets/renditions-job.ts';
import { defaultJobOptions, type Processors } from './queue.ts';
import type { Services } from './services.ts';

/** Every job's processor, keyed by job name. Used by BullMQ workers and the in-process driver alike. */
export function buildProcessors(deps: Deps, services: Services): Processors {
  return {
    'mail.contact': ({ id }) => services.contact.deliver(id),
    'mail.send': (job) => sendAccountMail(deps, job),
    'catalogue.render': () => renderCatalogue(deps),
    // On the last attempt a storage failure marks the image failed instead of leaving it processing.
    'images.renditions': ({ imageId }, { attempt }) =>
      renderImageRenditions(deps, imageId, { lastAttempt: attempt >= defaultJobOptions.attempts }),
    'widgets.renditions': ({ widgetId }) => renderWidgetRenditions(deps, widgetId),
  };
}
