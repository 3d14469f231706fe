import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type Koa from 'koa';
import session from 'koa-session';
import type { Db } from '../db.ts';

/** Sliding session lifetime from the contract: 120 minutes. */
const SESSION_MAX_AGE_MS = 120 * 60 * 1000;
const SESSION_COOKIE = 'nursery_session';

/** Where a request's commit leaves its session id (ctx.state): the new id when saved, null when destroyed. */
const COMMITTED_ID = 'committedSessionId';

/** The session id the client sent (the signed cookie koa-session reads), if any. */
export const requestSessionId = (ctx: Koa.Context): string | undefined => ctx.cookies.get(SESSION_COOKIE, { signed: true });

/**
 * The session id the client holds after this request: the id saved by this request's commit,
 * null when the session was destroyed, undefined when the store was not written. Valid once the
 * session middleware has committed, i.e. in a middleware outside it, after `next()`.
 */
export const committedSessionId = (ctx: Koa.Context): string | null | undefined => ctx.state[COMMITTED_ID] as string | null | undefined;

/**
 * Something every signed-in request needs about its user, read in the same query as the session
 * (`sessions as s`; `s.user_id` is the signed-in user), so it costs no round trip of its own (the
 * user row: auth's sessionUserJoin). The module that owns the data defines the join and
 * keeps what it read on the request's ctx.state (never in module state: one process serves many).
 */
export interface SessionJoin {
  /** Adds its columns (aliased so they cannot clash) to the session read. */
  select(read: Knex.QueryBuilder): Knex.QueryBuilder;
  /** Receives the row this request's session read returned; called only when a session was found. */
  keep(ctx: Koa.Context, row: Record<string, unknown>): void;
}

/** What koa-session passes to the store besides the key and data (it always passes ctx). */
interface StoreCall {
  ctx?: Koa.Context;
}

/**
 * koa-session with its data in PostgreSQL, so any number of web processes share sessions. The
 * `user_id` column lets a password change end the user's other sessions. Guests without a cookie
 * never touch the table: a session row exists only once something is stored in it. `joins` load
 * what each signed-in request needs about its user with the session, in one query.
 */
export function sessionMiddleware(app: Koa, db: Db, secure: boolean, joins: SessionJoin[] = []): Koa.Middleware {
  const store = {
    async get(key: string, _maxAge: unknown, options?: StoreCall) {
      const read = db('sessions as s').select('s.data as session_data').where('s.id', key).andWhere('s.expires_at', '>', new Date());
      const row = (await joins.reduce((query, join) => join.select(query), read).first()) as Record<string, unknown> | undefined;
      const ctx = options?.ctx;
      if (row && ctx) for (const join of joins) join.keep(ctx, row);
      return row?.session_data as Record<string, unknown> | undefined;
    },
    async set(key: string, data: Record<string, unknown>, maxAge: number | 'session', options?: StoreCall) {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      const row = {
        id: key,
        data: JSON.stringify(data),
        user_id: typeof data.userId === 'number' ? data.userId : null,
        expires_at: new Date(Date.now() + ttl),
        updated_at: new Date(),
      };
      await db('sessions').insert(row).onConflict('id').merge(['data', 'user_id', 'expires_at', 'updated_at']);
      if (options?.ctx) options.ctx.state[COMMITTED_ID] = key;
    },
    async destroy(key: string, options?: StoreCall) {
      await db('sessions').where({ id: key }).delete();
      if (options?.ctx) options.ctx.state[COMMITTED_ID] = null;
    },
  };
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      renew: true,
      store,
      genid: () => randomBytes(32).toString('base64url'),
    },
    app,
  ) as Koa.Middleware;
}
