import type Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import type { GuardUser } from '../../http/guards.ts';
import { requireUser } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { viewerOf } from '../../http/viewer.ts';
import { validate } from '../../validation/validate.ts';
import { addLineSchema, createListSchema, quantitySchema, renameSchema } from './schema.ts';
import type { PlantListService } from './service.ts';

/** New lists a buyer may make a minute: a schedule a minute is plenty; a script making lists is not. */
const CREATES_PER_MINUTE = 20;

/**
 * A signed-in buyer's named lists (issue 19), owner only (another buyer's list or line is a 404):
 * GET /api/plant-lists → {lists, default_id} · POST /api/plant-lists {name, lines?} → 201 the list
 * (a matched schedule's lines, summed per catalogue line; it becomes the default) ·
 * GET /api/plant-lists/{id} → the list with its lines · PATCH /api/plant-lists/{id} {name} → the list ·
 * DELETE /api/plant-lists/{id} → 204 · POST /api/plant-lists/{id}/lines {catalogue_item_id, quantity}
 * → 201 the line · PATCH /api/plant-lists/{id}/lines/{lineId} {quantity} → the line ·
 * DELETE /api/plant-lists/{id}/lines/{lineId} → 204 · DELETE /api/plant-lists/{id}/lines → 204 ·
 * POST /api/plant-lists/{id}/use → 204: the buyer chose it on the plant list page, so it becomes the
 * default list the unnamed routes (and the catalogue's "add to list") act on.
 * A quote request for one list: POST /api/quote-requests {plant_list_id, …}.
 */
export function namedListRoutes(deps: Deps, router: Router, plantLists: PlantListService): void {
  const creates = deps.limiters({ name: 'plant-list-creates', points: CREATES_PER_MINUTE, durationSeconds: 60 });
  const userId = (state: Record<string, unknown>) => (state.user as GuardUser).id;

  router.get('/api/plant-lists', requireUser, async (ctx) => {
    ctx.body = await plantLists.summaries(userId(ctx.state));
  });

  router.post(
    '/api/plant-lists',
    requireUser,
    rateLimit(creates, (ctx) => String(userId(ctx.state))),
    async (ctx) => {
      const input = validate(createListSchema, ctx.request.body);
      ctx.body = await plantLists.create(userId(ctx.state), input, viewerOf(ctx));
      ctx.status = 201;
    },
  );

  router.get('/api/plant-lists/:id', requireUser, async (ctx) => {
    ctx.body = await plantLists.one(userId(ctx.state), idParam(ctx.params.id), viewerOf(ctx));
  });

  router.patch('/api/plant-lists/:id', requireUser, async (ctx) => {
    const id = idParam(ctx.params.id);
    const { name } = validate(renameSchema, ctx.request.body);
    ctx.body = await plantLists.rename(userId(ctx.state), id, name, viewerOf(ctx));
  });

  router.delete('/api/plant-lists/:id', requireUser, async (ctx) => {
    await plantLists.destroy(userId(ctx.state), idParam(ctx.params.id));
    ctx.status = 204;
  });

  router.post('/api/plant-lists/:id/use', requireUser, async (ctx) => {
    await plantLists.use(userId(ctx.state), idParam(ctx.params.id));
    ctx.status = 204;
  });

  router.post('/api/plant-lists/:id/lines', requireUser, async (ctx) => {
    const id = idParam(ctx.params.id);
    const line = validate(addLineSchema, ctx.request.body);
    ctx.body = await plantLists.add(userId(ctx.state), line, viewerOf(ctx), id);
    ctx.status = 201;
  });

  router.patch('/api/plant-lists/:id/lines/:lineId', requireUser, async (ctx) => {
    const id = idParam(ctx.params.id);
    const lineId = idParam(ctx.params.lineId);
    const { quantity } = validate(quantitySchema, ctx.request.body);
    ctx.body = await plantLists.setQuantity(userId(ctx.state), lineId, quantity, viewerOf(ctx), id);
  });

  router.delete('/api/plant-lists/:id/lines/:lineId', requireUser, async (ctx) => {
    await plantLists.remove(userId(ctx.state), idParam(ctx.params.lineId), idParam(ctx.params.id));
    ctx.status = 204;
  });

  router.delete('/api/plant-lists/:id/lines', requireUser, async (ctx) => {
    await plantLists.clear(userId(ctx.state), idParam(ctx.params.id));
    ctx.status = 204;
  });
}
