import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { randomToken } from '../../crypto.ts';
import { validationError } from '../../errors.ts';
import { requireGuest, requireUser, requireVerified } from '../../http/guards.ts';
import { pageForm, type RespondWithPage } from '../../http/page-form.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { consume } from '../../limiters.ts';
import { validate } from '../../validation/validate.ts';
import type { User } from '../users/service.ts';
import { presentCurrentUser, presentSession } from '../users/presenter.ts';
import { loginSchema, registerSchema, twoFactorChallengeSchema } from './schema.ts';
import { challengeLockout } from './challenge-lockout.ts';
import { knownDevices } from './known-devices.ts';
import { loginLockout } from './login-lockout.ts';
import type { AuthService } from './service.ts';
import { signIn, signOut } from './session-auth.ts';

/** A pending two-factor login lives this long in the session. */
const PENDING_LOGIN_MS = 10 * 60 * 1000;
/** Failed logins take at least this long, so timing says nothing about which part was wrong. */
const FAILED_LOGIN_MIN_MS = 200;

interface PendingLogin {
  id: string;
  userId: number;
  remember: boolean;
  expires: number;
}

/** Where a sign-in without JavaScript lands: the one signed-in page that works without it. */
const SIGNED_IN_PAGE = '/plant-list';

/**
 * Sign-up, sign-in (with the two-factor challenge), sign-out and the current user. Register, login
 * and logout also take their page's form posted without JavaScript (src/http/page-form.ts).
 */
export function authRoutes(deps: Deps, auth: AuthService, respondWithPage: RespondWithPage): Router {
  const loginLimiter = deps.limiters({ name: 'login', points: 5, durationSeconds: 60 });
  const challengeLimiter = deps.limiters({ name: 'two-factor', points: 5, durationSeconds: 60 });
  const lockout = challengeLockout(deps, (userId) => auth.notifyTwoFactorLockout(userId));
  const accountLockout = loginLockout(deps, (email, minutes) => auth.notifyLoginLockout(email, minutes));
  const devices = knownDevices(deps.config.appKey);
  const registerLimiter = deps.limiters({ name: 'register', points: 10, durationSeconds: 60 });
  const router = new Router();

  router.get('/sanctum/csrf-cookie', (ctx) => {
    ctx.status = 204; // the CSRF middleware issues the cookie on this path
  });

  router.post(
    '/register',
    pageForm(respondWithPage, { form: 'register', kept: ['firstname', 'lastname', 'email'], done: () => ({ redirect: '/verify-email' }) }),
    requireGuest,
    rateLimit(registerLimiter, (ctx) => ctx.ip),
    async (ctx) => {
      const input = validate(registerSchema, ctx.request.body);
      const user = await auth.register(input);
      await signIn(ctx, deps, devices, user, false);
      ctx.status = 201;
      ctx.body = { data: presentCurrentUser(user) };
    },
  );

  const loginForm = pageForm(respondWithPage, {
    form: 'login',
    kept: ['email', 'remember'],
    done: (ctx) => ({ redirect: (ctx.body as { two_factor: boolean }).two_factor ? '/two-factor-challenge' : SIGNED_IN_PAGE }),
  });
  router.post('/login', loginForm, requireGuest, async (ctx) => {
    const input = validate(loginSchema, ctx.request.body);
    const key = loginThrottleKey(input.email, ctx.ip);
    // Counted atomically before the password is checked: reading first and counting after let a
    // burst of parallel requests all be checked. A success clears the count.
    await consume(loginLimiter, key);
    const started = Date.now();
    const check = () => auth.checkCredentials(input.email, input.password);
    let user: User;
    try {
      // Per account too, across all addresses — except on a browser this account signed in on
      // before: a stranger who trips the account's limit cannot lock the owner out of it.
      user = devices.isKnown(ctx, input.email) ? await check() : await accountLockout.attempt(input.email, check);
    } catch (error) {
      await sleep(FAILED_LOGIN_MIN_MS - (Date.now() - started));
      throw error;
    }
    await loginLimiter.delete(key);
    if (auth.hasTwoFactor(user)) {
      const pending: PendingLogin = {
        id: randomToken(16),
        userId: user.id,
        remember: input.remember,
        expires: Date.now() + PENDING_LOGIN_MS,
      };
      ctx.session!.pendingLogin = pending;
      ctx.body = { two_factor: true };
      return;
    }
    await signIn(ctx, deps, devices, user, input.remember);
    ctx.body = { two_factor: false };
  });

  router.post('/two-factor-challenge', requireGuest, async (ctx) => {
    const pending = ctx.session?.pendingLogin as PendingLogin | undefined;
    if (!pending || pending.expires < Date.now()) {
      throw validationError({ code: ['The provided two factor authentication code was invalid.'] });
    }
    await consume(challengeLimiter, pending.id);
    const input = validate(twoFactorChallengeSchema, ctx.request.body);
    const user = await lockout.attempt(pending.userId, () =>
      auth.completeChallenge(pending.userId, input.code ?? undefined, input.recovery_code ?? undefined),
    );
    await signIn(ctx, deps, devices, user, pending.remember);
    ctx.status = 204;
  });

  const logoutForm = pageForm(respondWithPage, { form: 'verify-email', kept: [], done: () => ({ redirect: '/' }) });
  router.post('/logout', logoutForm, requireUser, async (ctx) => {
    await signOut(ctx, deps);
    ctx.status = 204;
  });

  // What the app boots from: answers a guest 200 (GET /api/user's 401 would be a console error on
  // every public page view), and says "signed in, not verified" without the user's details.
  router.get('/api/session', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentSession(ctx.state.user as User | undefined);
  });

  router.get('/api/user', requireVerified, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: presentCurrentUser(ctx.state.user as User) };
  });

  return router;
}

/** The login limit's counter: per lower-cased email and IP (contract). */
export const loginThrottleKey = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
