import type { Middleware } from 'koa';
import { alreadySignedIn, forbidden, passwordConfirmationRequired, unauthenticated, unverified } from '../errors.ts';

/** What guards need to know about the signed-in user (set on ctx.state.user by the auth module). */
export interface GuardUser {
  id: number;
  role: 'user' | 'admin';
  email_verified_at: Date | null;
}

/** How long a password confirmation lasts (contract: 3 hours). */
const PASSWORD_CONFIRMATION_MS = 3 * 60 * 60 * 1000;

const userOf = (state: Record<string, unknown>) => state.user as GuardUser | undefined;

/**
 * 403 for anyone signed in: the routes that sign someone in (register, login, the two-factor
 * challenge) would otherwise switch a signed-in session to another account.
 */
export const requireGuest: Middleware = async (ctx, next) => {
  if (userOf(ctx.state)) throw alreadySignedIn();
  await next();
};

/** 401 unless someone is signed in. */
export const requireUser: Middleware = async (ctx, next) => {
  if (!userOf(ctx.state)) throw unauthenticated();
  await next();
};

/** 401 for guests, 403 "Your email address is not verified." for unverified users. */
export const requireVerified: Middleware = async (ctx, next) => {
  const user = userOf(ctx.state);
  if (!user) throw unauthenticated();
  if (!user.email_verified_at) throw unverified();
  await next();
};

/** 401 for guests, 403 for unverified users and for anyone who is not an admin. */
export const requireAdmin: Middleware = async (ctx, next) => {
  const user = userOf(ctx.state);
  if (!user) throw unauthenticated();
  if (!user.email_verified_at) throw unverified();
  if (user.role !== 'admin') throw forbidden();
  await next();
};

/** 423 unless the password was confirmed in this session within the last 3 hours. */
export const requirePasswordConfirmed: Middleware = async (ctx, next) => {
  if (!userOf(ctx.state)) throw unauthenticated();
  if (!isPasswordConfirmed(ctx.session?.passwordConfirmedAt)) throw passwordConfirmationRequired();
  await next();
};

export function isPasswordConfirmed(confirmedAt: unknown): boolean {
  return typeof confirmedAt === 'number' && Date.now() - confirmedAt < PASSWORD_CONFIRMATION_MS;
}
