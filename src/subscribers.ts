import type { Config } from './config.ts';
import type { AnyStoredEvent } from './events.ts';
import { mailQueue } from './mail/kinds.ts';
import type { JobName, JobPayloads, JobSpec } from './queue.ts';

/**
 * Which jobs an event starts: the only place that knows. Pure, so the relay can publish a batch
 * of events in one round trip. Each job's id is derived from the event's id (a re-published event
 * adds nothing); jobs on the same thing share a dedupe key, so a burst of changes is one job and
 * a change made while the job runs is still processed after it.
 */
export function jobsFor(event: AnyStoredEvent, config: Pick<Config, 'catalogueRenderDelayMs'>): JobSpec[] {
  const job = <N extends JobName>(name: N, data: JobPayloads[N], extra: Partial<JobSpec<N>> = {}): JobSpec => ({
    name,
    data,
    jobId: `e${event.id}-${name.replace('.', '-')}`,
    eventId: event.id,
    ...(event.requestId ? { requestId: event.requestId } : {}),
    ...extra,
  });
  switch (event.name) {
    // Every mail, whatever its cause (src/mail/owed.ts): one job per mail, on its kind's queue.
    case 'mail.due':
      return event.payload.mails.map(({ id, kind }) =>
        job('mail.deliver', { id }, { jobId: `e${event.id}-mail-${id}`, dedupeKey: `mail-${id}`, queue: mailQueue(kind) }),
      );
    case 'catalogue.changed':
      return [
        job(
          'catalogue.render',
          { reason: event.payload.reason },
          { dedupeKey: 'catalogue-render', delayMs: config.catalogueRenderDelayMs },
        ),
      ];
    case 'gallery_image.uploaded':
    case 'gallery_image.rotated':
    case 'gallery_image.retried':
    case 'gallery_image.stalled':
      return [job('images.renditions', { imageId: event.payload.imageId }, { dedupeKey: `image-${event.payload.imageId}` })];
    case 'widget.picture_changed':
      return [job('widgets.renditions', { widgetId: event.payload.widgetId }, { dedupeKey: `widget-${event.payload.widgetId}` })];
    case 'schedule.submitted':
      return [job('schedules.match', { id: event.payload.id }, { dedupeKey: `schedule-${event.payload.id}` })];
    case 'trade.price_list_requested':
      return [job('catalogue.price_list', { userId: event.payload.userId }, { dedupeKey: `price-list-${event.payload.userId}` })];
    case 'quotation.sent':
      return [
        job(
          'quotations.render_pdf',
          { quotationId: event.payload.quotationId },
          { dedupeKey: `quotation-pdf-${event.payload.quotationId}` },
        ),
      ];
    // The quotation's step in the outbox like sent/declined/expired, but the order's
    // `order.confirmed` (same transaction) already owes both mails: a job here would mail twice.
    case 'quotation.accepted':
      return [];
    default:
      return [];
  }
}
