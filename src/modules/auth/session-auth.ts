import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { Db } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { hashToken, randomToken, safeEqual } from '../../crypto.ts';
import { findUserById, updateUser, userFromJson, type User } from '../users/service.ts';
import type { KnownDevices } from './known-devices.ts';

const REMEMBER_COOKIE = 'nursery_remember';
const REMEMBER_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Whether the request could be a signed-in user's: it carries a session or a remember-me cookie
 * (not yet checked). Without either it is a guest's, and nothing about a user needs reading.
 */
export const maySignIn = (cookies: Pick<Context['cookies'], 'get'>): boolean =>
  Boolean(cookies.get('nursery_session') || cookies.get(REMEMBER_COOKIE));

/** Empties the session and gives it a new id (login, 2FA completion): defeats session fixation. */
async function freshSession(ctx: Context, data: Record<string, unknown>): Promise<void> {
  const session = ctx.session!;
  for (const key of Object.keys(session.toJSON())) delete (session as unknown as Record<string, unknown>)[key];
  Object.assign(session, data);
  await session.regenerate();
}

/**
 * Signs `user` in on a rotated session and marks the browser as one the account signs in on
 * (the per-account login limit then spares it). With `remember`, a long-lived cookie holds a token
 * whose hash is on the user row; it signs them in again after the session expires.
 */
export async function signIn(ctx: Context, deps: Pick<Deps, 'db'>, devices: KnownDevices, user: User, remember: boolean): Promise<void> {
  await freshSession(ctx, { userId: user.id, signedInAt: Date.now() });
  ctx.state.user = user;
  devices.remember(ctx, user.email);
  if (remember) {
    const token = randomToken();
    await updateUser(deps.db, user.id, { remember_token_hash: hashToken(token) });
    ctx.cookies.set(REMEMBER_COOKIE, `${user.id}.${token}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      signed: true,
      maxAge: REMEMBER_MAX_AGE_MS,
    });
  }
}

/** Ends the session, and rotates the user's remember token so no device stays signed in. */
export async function signOut(ctx: Context, deps: Pick<Deps, 'db'>): Promise<void> {
  const user = ctx.state.user as User | undefined;
  if (user) await updateUser(deps.db, user.id, { remember_token_hash: null });
  ctx.session = null;
  ctx.cookies.set(REMEMBER_COOKIE, null, { signed: true });
  ctx.state.user = null;
}

/** Where {@link sessionUserJoin} leaves the user row it read, for {@link loadUser} in the same request. */
const JOINED_USER = 'sessionJoinedUser';

/**
 * The session read's join (src/http/session.ts SessionJoin) that brings the signed-in user's row
 * along, as JSON so its columns cannot clash with the session's.
 */
export const sessionUserJoin = (db: Db) => ({
  select: (read: Knex.QueryBuilder) =>
    read.leftJoin('users as signed_in_user', 'signed_in_user.id', 's.user_id').select(db.raw('to_jsonb(signed_in_user) as signed_in_user')),
  keep: (ctx: Context, row: Record<string, unknown>) => {
    ctx.state[JOINED_USER] = row.signed_in_user;
  },
});

/** The user {@link sessionUserJoin} read with this request's session, when it is the session's user. */
function joinedUser(ctx: Context, userId: number): User | undefined {
  const json = ctx.state[JOINED_USER] as { id?: unknown } | null | undefined;
  return json?.id === userId ? userFromJson(json) : undefined;
}

/**
 * Loads the signed-in user into ctx.state.user: from the session (its read joins the user, see
 * sessionUserJoin), else from a valid remember cookie (which starts a fresh session); null when
 * no one is signed in, so what runs after it (src/http/viewer.ts) can tell it has run. Guests
 * without cookies cost nothing: no session is read.
 */
export function loadUser(deps: Pick<Deps, 'db'>): Middleware {
  return async (ctx, next) => {
    ctx.state.user = null;
    if (maySignIn(ctx.cookies)) {
      const userId = ctx.session?.userId;
      if (typeof userId === 'number') {
        const user = joinedUser(ctx, userId) ?? (await findUserById(deps.db, userId));
        if (user) ctx.state.user = user;
        else ctx.session = null;
      } else {
        await rememberedUser(ctx, deps);
      }
    }
    await next();
  };
}

async function rememberedUser(ctx: Context, deps: Pick<Deps, 'db'>): Promise<void> {
  const cookie = ctx.cookies.get(REMEMBER_COOKIE, { signed: true });
  if (!cookie) return;
  const [id, token] = cookie.split('.');
  const user = id && /^\d+$/.test(id) ? await findUserById(deps.db, Number(id)) : undefined;
  if (!user?.remember_token_hash || !token || !safeEqual(user.remember_token_hash, hashToken(token))) {
    ctx.cookies.set(REMEMBER_COOKIE, null, { signed: true });
    return;
  }
  await freshSession(ctx, { userId: user.id, signedInAt: Date.now(), viaRemember: true });
  ctx.state.user = user;
}
