import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request (or job) being handled, carried through async calls so a log line, and
 * the events a request records, can name the request that caused them without passing it around.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` with `requestId` as the current request id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return store.run({ requestId }, work);
}

/** The current request id, or undefined outside a request or job. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
