import type { Db } from './db.ts';

/** Reads the content revision (migrations/…_content_revision.ts) for the rendered-page cache. */
export interface ContentRevision {
  /** The revision as of a moment after this call began: never older than the request. */
  current(): Promise<number>;
}

/**
 * Reads start at least this far apart. Under load a read would otherwise start the moment the last
 * one answered — about one per request, each costing more CPU than the cached page it serves —
 * while the calls of such an interval can share one. An idle server reads at once.
 */
const MIN_READ_INTERVAL_MS = 2;

/**
 * Every page request needs the revision, and it must be fresh: an edit answered by another
 * process must show on the very next request here. So each call is answered by a database read
 * that *starts* after the call did. Calls that arrive while a read is running, or within
 * MIN_READ_INTERVAL_MS of the last one's start, share the next one (at most one read in flight and
 * one queued), so under load the cost is one tiny query per interval, not per request.
 */
export function contentRevision(db: Db): ContentRevision {
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  let lastStart = -Infinity;

  const read = db.client.config.client === 'pg' ? pgRead(db) : builderRead(db);

  const start = (): Promise<number> => {
    lastStart = performance.now();
    const reading = read().finally(() => {
      if (running === reading) running = undefined;
    });
    running = reading;
    return reading;
  };
  const spaced = (): Promise<void> | undefined => {
    const wait = lastStart + MIN_READ_INTERVAL_MS - performance.now();
    return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : undefined;
  };

  return {
    current() {
      if (!running && !queued && performance.now() - lastStart >= MIN_READ_INTERVAL_MS) return start();
      // The running (or last) read may have begun before this request arrived: wait for the next one.
      queued ??= (running ?? Promise.resolve())
        .catch(() => undefined)
        .then(spaced)
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
  };
}

/** PGlite (embedded mode): through knex, as every other query. */
const builderRead = (db: Db) => async (): Promise<number> => {
  const row = await db('content_state').where({ id: 1 }).first('revision');
  return Number(row?.revision ?? 0);
};

/** A pg connection's own query method: the part of a result this read needs. */
interface PgConnection {
  query(config: { name: string; text: string }): Promise<{ rows: { revision: string | number }[] }>;
}

/**
 * PostgreSQL: a prepared statement on a pooled connection, without knex's query builder and
 * runner. Under load this read runs back to back (every cached page waits for one), and knex's
 * machinery cost ~2× the round trip's own CPU time (issue 20: a cached page should cost what a static file does).
 */
const pgRead = (db: Db) => async (): Promise<number> => {
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    const { rows } = await connection.query({ name: 'content-revision', text: 'select revision from content_state where id = 1' });
    return Number(rows[0]?.revision ?? 0);
  } finally {
    await db.client.releaseConnection(connection);
  }
};
