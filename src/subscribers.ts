import type { Config } from './config.ts';
import type { AnyStoredEvent, EventName } from './events.ts';
import type { AccountMail } from './mail/templates/account.ts';
import type { JobName, JobPayloads, JobSpec } from './queue.ts';

/** The mail each account event sends (templates in src/mail/templates/account.ts). */
const accountMails: Partial<Record<EventName, AccountMail>> = {
  'user.registered': 'verify-email',
  'user.email_changed': 'verify-email',
  'user.verification_requested': 'verify-email',
  'user.password_changed': 'password-changed',
  'user.two_factor_enabled': 'two-factor-enabled',
  'user.two_factor_disabled': 'two-factor-disabled',
  'user.two_factor_locked': 'two-factor-lockout',
};

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
    case 'contact.received':
    case 'contact.delivery_due':
      return [job('mail.contact', { id: event.payload.id }, { dedupeKey: `contact-${event.payload.id}` })];
    case 'quote.requested':
      return [job('mail.quote_sales', { id: event.payload.id }), job('mail.quote_confirmation', { id: event.payload.id })];
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
    case 'trade.application_decided':
      return [job('mail.trade_decision', { applicationId: event.payload.applicationId })];
    case 'trade.account_changed':
      return [job('mail.trade_account', { historyId: event.payload.historyId })];
    case 'trade.price_list_requested':
      return [job('catalogue.price_list', { userId: event.payload.userId }, { dedupeKey: `price-list-${event.payload.userId}` })];
    case 'user.login_locked':
      return [
        job('mail.send', { template: 'login-lockout', userId: event.payload.userId, params: { minutes: String(event.payload.minutes) } }),
      ];
    case 'user.password_reset_requested':
      return [job('mail.send', { template: 'reset-password', userId: event.payload.userId, params: { token: event.payload.token } })];
    default: {
      const template = accountMails[event.name];
      return template ? [job('mail.send', { template, userId: event.payload.userId })] : [];
    }
  }
}
