import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import { isPasswordConfirmed, requireUser } from '../../http/guards.ts';
import { pageForm, type RespondWithPage } from '../../http/page-form.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { consume } from '../../limiters.ts';
import { idParam } from '../../http/params.ts';
import { validate } from '../../validation/validate.ts';
import { findUserById, type User } from '../users/service.ts';
import { presentCurrentUser } from '../users/presenter.ts';
import { confirmPasswordSchema, forgotPasswordSchema, profileSchema, resetPasswordSchema, updatePasswordSchema } from './schema.ts';
import type { AuthService } from './service.ts';
import { emailHash, isValidVerificationSignature } from './verification.ts';

const RESET_LINK_SENT = 'If an account exists for that address, we have emailed a password reset link.';

const VERIFICATION_SENT = 'A new verification link has been sent to your email address.';

/**
 * Password reset and confirmation, profile and password updates, email verification. Forgot
 * password and the verification resend also take their page's form posted without JavaScript
 * (src/http/page-form.ts).
 */
export function accountRoutes(deps: Deps, auth: AuthService, respondWithPage: RespondWithPage): Router {
  const forgotLimiter = deps.limiters({ name: 'forgot', points: 20, durationSeconds: 60 });
  const confirmLimiter = deps.limiters({ name: 'confirm-password', points: 5, durationSeconds: 60 });
  const verificationLimiter = deps.limiters({ name: 'verification', points: 6, durationSeconds: 60 });
  const router = new Router();
  const currentUser = (state: Record<string, unknown>) => state.user as User;

  router.post(
    '/forgot-password',
    pageForm(respondWithPage, { form: 'forgot-password', kept: ['email'], done: () => ({ message: RESET_LINK_SENT }) }),
    rateLimit(forgotLimiter, (ctx) => ctx.ip),
    async (ctx) => {
      const { email } = validate(forgotPasswordSchema, ctx.request.body);
      await auth.sendResetLink(email);
      ctx.body = { message: RESET_LINK_SENT };
    },
  );

  router.post(
    '/reset-password',
    rateLimit(forgotLimiter, (ctx) => ctx.ip),
    async (ctx) => {
      await auth.resetPassword(validate(resetPasswordSchema, ctx.request.body));
      ctx.body = { message: 'Your password has been reset.' };
    },
  );

  router.post('/user/confirm-password', requireUser, async (ctx) => {
    await consume(confirmLimiter, String(currentUser(ctx.state).id));
    const { password } = validate(confirmPasswordSchema, ctx.request.body);
    await auth.confirmPassword(currentUser(ctx.state), password);
    ctx.session!.passwordConfirmedAt = Date.now();
    ctx.status = 201;
  });

  router.get('/user/confirmed-password-status', requireUser, (ctx) => {
    ctx.body = { confirmed: isPasswordConfirmed(ctx.session?.passwordConfirmedAt) };
  });

  router.put('/user/password', requireUser, async (ctx) => {
    const input = validate(updatePasswordSchema, ctx.request.body);
    await auth.updatePassword(currentUser(ctx.state), input, ctx.session?.externalKey);
    ctx.body = { message: 'Your password has been updated.' };
  });

  router.put('/user/profile-information', requireUser, async (ctx) => {
    const updated = await auth.updateProfile(currentUser(ctx.state), validate(profileSchema, ctx.request.body));
    ctx.body = { data: presentCurrentUser(updated) };
  });

  router.get('/email/verify/:id/:hash', async (ctx) => {
    const id = idParam(ctx.params.id);
    const hash = ctx.params.hash ?? '';
    const query = ctx.query as Record<string, string | undefined>;
    if (!isValidVerificationSignature(deps.config, id, hash, query.expires, query.signature))
      throw forbidden('Invalid or expired verification link.');
    const signedIn = ctx.state.user as User | undefined;
    const user = await findUserById(deps.db, id);
    if (!user || emailHash(user.email) !== hash || (signedIn && signedIn.id !== user.id))
      throw forbidden('Invalid or expired verification link.');
    await auth.markVerified(user);
    if (ctx.accepts('html', 'json') === 'json') ctx.status = 204;
    else ctx.redirect('/account?verified=1');
  });

  const resendForm = pageForm(respondWithPage, {
    form: 'verify-email',
    kept: [],
    page: '/verify-email',
    // 204: verified meanwhile (another tab, the link), so there is nothing left to wait for.
    done: (ctx) => (ctx.status === 204 ? { redirect: '/plant-list' } : { message: VERIFICATION_SENT }),
  });
  router.post('/email/verification-notification', resendForm, requireUser, async (ctx) => {
    const user = currentUser(ctx.state);
    if (user.email_verified_at) {
      ctx.status = 204;
      return;
    }
    await consume(verificationLimiter, String(user.id));
    await auth.resendVerification(user);
    ctx.status = 202;
  });

  return router;
}
