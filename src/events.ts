/**
 * Typed domain events. Services emit them after their transaction commits; subscribers
 * (src/subscribers.ts) turn them into jobs. Keeps services free of queue details.
 */
export interface DomainEvents {
  'catalogue.changed': { reason: string };
  'contact.received': { id: number };
  'widget.changed': { id: number; name: string };
}
export type EventName = keyof DomainEvents;
type Handler<E extends EventName> = (payload: DomainEvents[E]) => Promise<void> | void;

export class EventBus {
  private handlers: { [E in EventName]?: Handler<E>[] } = {};

  on<E extends EventName>(event: E, handler: Handler<E>): void {
    ((this.handlers[event] ??= []) as Handler<E>[]).push(handler);
  }

  /** Runs every handler; one failing handler does not stop the others, and the error is rethrown. */
  async emit<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const results = await Promise.allSettled((this.handlers[event] ?? []).map((h) => (h as Handler<E>)(payload)));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  }
}
