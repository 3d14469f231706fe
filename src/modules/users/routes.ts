import Router from '@koa/router';
import { requireAdmin } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { validate } from '../../validation/validate.ts';
import { presentCurrentUser } from './presenter.ts';
import { createUserSchema, updateUserSchema, userListSchema } from './schema.ts';
import type { UsersService } from './service.ts';

/**
 * Users admin (CONTRACT "Users (admin)"), every route admin only:
 * GET /api/users?q=&role=&verified=&two_factor=&trade=&page=&limit= → Paged<AdminUserRow> (search
 *   name, email, company; filters; see userListSchema) ·
 * POST /api/users {firstname, lastname, email, role, password, password_confirmation} → 201 {id} ·
 * GET /api/users/{id} → {id, firstname, lastname, email, role, email_verified_at, two_factor, created_at, updated_at} ·
 * PATCH /api/users/{id} {any of firstname, lastname, email, role, password + password_confirmation} → 200 user ·
 * DELETE /api/users/{id} → 204. The last verified administrator can be neither demoted (422
 * errors.role) nor deleted (422 errors.id). Responses go through presenters: no hash or secret.
 */
export function userRoutes(users: UsersService): Router {
  const router = new Router();

  router.get('/api/users', requireAdmin, async (ctx) => {
    ctx.body = await users.list(validate(userListSchema, ctx.query));
  });

  router.post('/api/users', requireAdmin, async (ctx) => {
    const user = await users.create(validate(createUserSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = { id: user.id };
  });

  router.get('/api/users/:id', requireAdmin, async (ctx) => {
    ctx.body = presentCurrentUser(await users.find(idParam(ctx.params.id)));
  });

  router.patch('/api/users/:id', requireAdmin, async (ctx) => {
    const id = idParam(ctx.params.id);
    const input = validate(updateUserSchema, ctx.request.body);
    const self = (ctx.state.user as { id: number }).id === id;
    ctx.body = presentCurrentUser(await users.update(id, input, self ? ctx.session?.externalKey : undefined));
  });

  router.delete('/api/users/:id', requireAdmin, async (ctx) => {
    await users.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
