import type { Deps } from '../src/deps.ts';
import { defaultJobOptions, type Processors } from '../src/queue.ts';
import type { Services } from '../src/services.ts';
import { renderCatalogue } from './catalogue.ts';
import { renderImageRenditions } from './images.ts';
import { sendAccountMail } from './mail.ts';
import { renderWidgetRenditions } from './widget-images.ts';

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
