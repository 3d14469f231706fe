import type { Deps } from './deps.ts';
import { pruneExpiredSessions } from './expired-sessions.ts';
import { requeueDueMails } from './outbox/mail-recovery.ts';
import type { Processors, Schedule } from './queue.ts';
import type { Services } from './services.ts';

/** Published events, and mails sent or cancelled, kept this long (for inspection), then pruned. */
const KEEP_EVENTS_DAYS = 14;

type HousekeepingJob =
  'outbox.relay' | 'mail.recover' | 'images.recover' | 'sessions.prune' | 'events.prune' | 'quotations.expire' | 'schedules.prune';

/**
 * The sweeps, as BullMQ job schedulers: each runs once per interval in the whole cluster (whichever
 * worker takes the job), not once per process. In embedded mode the in-process driver runs them
 * on timers.
 */
export const housekeepingSchedules: (Schedule & { name: HousekeepingJob })[] = [
  // Publishes events whose process died between commit and publish (normally a commit kicks the relay at once).
  { name: 'outbox.relay', everyMs: 5_000 },
  // Every owed mail due for another attempt, or whose job was lost; one indexed query, so a mail
  // waits no longer than its backoff (or 15 s after a Redis that lost its job comes back).
  { name: 'mail.recover', everyMs: 15_000 },
  { name: 'images.recover', everyMs: 60_000 },
  { name: 'sessions.prune', everyMs: 60 * 60_000 },
  { name: 'events.prune', everyMs: 24 * 60 * 60_000 },
  // Sent quotations past their validity date become expired (and the buyer is told) within 15 minutes of the UK midnight.
  { name: 'quotations.expire', everyMs: 15 * 60_000 },
  // Planting schedules are the buyer's upload: kept a week (src/modules/schedules/service.ts).
  { name: 'schedules.prune', everyMs: 60 * 60_000 },
];

/** The sweeps' processors. */
export function housekeepingProcessors(deps: Deps, services: Services): Pick<Processors, HousekeepingJob> {
  return {
    'outbox.relay': async () => {
      await deps.relay.publishPending();
    },
    'mail.recover': async () => {
      await requeueDueMails(deps);
    },
    'images.recover': async () => {
      await services.imageRecovery.recoverStuck();
    },
    'sessions.prune': async () => {
      await pruneExpiredSessions(deps.db);
    },
    'quotations.expire': async () => {
      await services.orders.expireDue();
    },
    'events.prune': async () => {
      const before = new Date(deps.now().getTime() - KEEP_EVENTS_DAYS * 24 * 3600_000);
      await deps.db('events').where('published_at', '<', before).delete();
      // Refused and owed mails stay: they are the admin's to resend, and still to send.
      await deps.db('mails').whereIn('status', ['sent', 'cancelled']).where('created_at', '<', before).delete();
    },
    'schedules.prune': async () => {
      await services.schedules.prune();
    },
  };
}
