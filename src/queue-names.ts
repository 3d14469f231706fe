/**
 * The BullMQ queues. Each gets its own Worker with its own concurrency, so one kind of work never
 * waits behind another, and ops can run a queue's workers in their own processes
 * (`npm run worker -- --queues images`). Account mails (verification, password reset) have their
 * own queue: a person waiting at the screen must not wait behind a backlog of enquiry mails.
 * `housekeeping` runs the scheduled sweeps (outbox catch-up, mail recovery, session pruning);
 * `schedules` matches planting schedules too large to match in the request.
 */
export const queueNames = ['mail', 'account-mail', 'catalogue', 'images', 'housekeeping', 'schedules'] as const;
export type QueueName = (typeof queueNames)[number];

export const isQueueName = (name: string): name is QueueName => (queueNames as readonly string[]).includes(name);
