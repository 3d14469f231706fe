import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { requirePasswordConfirmed } from '../../http/guards.ts';
import { validate } from '../../validation/validate.ts';
import { findUserById, type User } from '../users/service.ts';
import { codeSchema } from './schema.ts';
import type { AuthService } from './service.ts';

/** Two-factor management; every route needs a password confirmed in the last 3 hours (423). */
export function twoFactorRoutes(deps: Deps, auth: AuthService): Router {
  const router = new Router();
  // Applied per route: a router.use() prefix matches whole path segments only.
  const confirmed = requirePasswordConfirmed;
  const currentUser = (state: Record<string, unknown>) => state.user as User;
  // Secrets were just changed by a previous request; always read the row fresh.
  const fresh = async (state: Record<string, unknown>) => (await findUserById(deps.db, currentUser(state).id))!;

  router.post('/user/two-factor-authentication', confirmed, async (ctx) => {
    await auth.enableTwoFactor(currentUser(ctx.state));
    ctx.status = 200;
    ctx.body = {};
  });

  router.post('/user/confirmed-two-factor-authentication', confirmed, async (ctx) => {
    const { code } = validate(codeSchema, ctx.request.body);
    await auth.confirmTwoFactor(await fresh(ctx.state), code);
    ctx.status = 200;
    ctx.body = {};
  });

  router.delete('/user/two-factor-authentication', confirmed, async (ctx) => {
    await auth.disableTwoFactor(currentUser(ctx.state));
    ctx.status = 200;
    ctx.body = {};
  });

  router.get('/user/two-factor-qr-code', confirmed, async (ctx) => {
    const qr = await auth.qrCode(await fresh(ctx.state));
    if (!qr) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = qr;
  });

  router.get('/user/two-factor-secret-key', confirmed, async (ctx) => {
    const secretKey = auth.secretKey(await fresh(ctx.state));
    if (!secretKey) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { secretKey };
  });

  router.get('/user/two-factor-recovery-codes', confirmed, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = auth.recoveryCodes(await fresh(ctx.state));
  });

  router.post('/user/two-factor-recovery-codes', confirmed, async (ctx) => {
    ctx.body = await auth.regenerateRecoveryCodes(await fresh(ctx.state));
  });

  return router;
}
