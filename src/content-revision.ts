import type { Db } from './db.ts';

/** Reads the content revision (migrations/…_content_revision.ts) for the rendered-page cache. */
export interface ContentRevision {
  /** The revision as of a moment after this call began: never older than the request. */
  current(): Promise<number>;
}

/**
 * Every page request needs the revision, and it must be fresh: an edit answered by another
 * process must show on the very next request here. So each call is answered by a database read
 * that *starts* after the call did. Calls that arrive while a read is running share the next one
 * (at most one read in flight and one queued), so under load the cost is one tiny query per
 * round trip, not per request.
 */
export function contentRevision(db: Db): ContentRevision {
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;

  const read = async (): Promise<number> => {
    const row = await db('content_state').where({ id: 1 }).first('revision');
    return Number(row?.revision ?? 0);
  };

  const start = (): Promise<number> => {
    const reading = read().finally(() => {
      if (running === reading) running = undefined;
    });
    running = reading;
    return reading;
  };

  return {
    current() {
      if (!running) return start();
      // The running read may have begun before this request arrived: wait for the next one.
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
  };
}
