import type { Db } from './db.ts';

/**
 * Deletes expired session rows; the housekeeping job `sessions.prune` calls it. It lives outside
 * src/http/ (where koa-session reads and writes the rows) so the worker process, which runs the
 * job, never loads Koa.
 */
export async function pruneExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expires_at', '<', new Date()).delete();
}
