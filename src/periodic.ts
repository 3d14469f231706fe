import type { Deps } from './deps.ts';
import { pruneExpiredSessions } from './http/session.ts';
import type { Services } from './services.ts';

/**
 * Housekeeping on timers: the contact outbox sweep, re-queueing images stuck in processing and
 * expired-session pruning. Timers are unref'd so they never keep a process alive; errors are
 * logged, never thrown.
 */
export function startPeriodicTasks(deps: Deps, services: Services, options: { sessions: boolean }): () => void {
  const every = (ms: number, name: string, task: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      task().catch((err) => deps.log.warn({ err, task: name }, 'periodic task failed'));
    }, ms);
    timer.unref();
    return timer;
  };
  // Every 15 s: the sweep is one indexed query, and enquiries wait no longer than their backoff.
  const timers = [
    every(15_000, 'contact-outbox', () => services.contact.requeueUnsent()),
    every(60_000, 'stuck-images', () => services.imageRecovery.recoverStuck()),
  ];
  if (options.sessions) timers.push(every(60 * 60_000, 'session-prune', () => pruneExpiredSessions(deps.db)));
  return () => timers.forEach(clearInterval);
}
