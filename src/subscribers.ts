import type { Deps } from './deps.ts';

/** Turns domain events into jobs. The only place that knows which event starts which job. */
export function subscribe(deps: Pick<Deps, 'events' | 'queue' | 'config'>): void {
  deps.events.on('contact.received', ({ id }) => deps.queue.enqueue('mail.contact', { id }, { jobId: `contact-${id}` }));
  // One delayed job absorbs a burst of edits (same jobId); the render re-queues itself if the
  // catalogue moved on while it ran.
  deps.events.on('catalogue.changed', ({ reason }) =>
    deps.queue.enqueue('catalogue.render', { reason }, { jobId: 'catalogue-render', delayMs: deps.config.catalogueRenderDelayMs }),
  );
}
