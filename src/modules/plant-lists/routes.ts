import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import type { GuardUser } from '../../http/guards.ts';
import { requireUser } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { viewerOf } from '../../http/viewer.ts';
import { validate } from '../../validation/validate.ts';
import { namedListRoutes } from './named-routes.ts';
import { addLineSchema, mergeSchema, quantitySchema } from './schema.ts';
import type { PlantListService } from './service.ts';

/**
 * The signed-in buyer's plant list (guests keep theirs in the browser):
 * GET /api/plant-list → {lines, count} · POST /api/plant-list/lines {catalogue_item_id, quantity}
 * → 201 the line · PATCH /api/plant-list/lines/{id} {quantity} → the line ·
 * DELETE /api/plant-list/lines/{id} → 204 · DELETE /api/plant-list → 204 ·
 * POST /api/plant-list/merge {lines} → the list. Another buyer's line is a 404. A line's `current`
 * carries `trade` (price, breaks, availability) only for a trade viewer (ctx.state.viewer,
 * the one decision the catalogue uses too, so both answer alike). These act on the buyer's default
 * list (the one used most recently); the named lists' routes are in named-routes.ts.
 */
export function plantListRoutes(deps: Deps, plantLists: PlantListService): Router {
  const router = new Router();
  const userId = (state: Record<string, unknown>) => (state.user as GuardUser).id;

  router.get('/api/plant-list', requireUser, async (ctx) => {
    ctx.body = await plantLists.list(userId(ctx.state), viewerOf(ctx));
  });

  router.post('/api/plant-list/lines', requireUser, async (ctx) => {
    const line = validate(addLineSchema, ctx.request.body);
    ctx.body = await plantLists.add(userId(ctx.state), line, viewerOf(ctx));
    ctx.status = 201;
  });

  router.patch('/api/plant-list/lines/:id', requireUser, async (ctx) => {
    const id = idParam(ctx.params.id);
    const { quantity } = validate(quantitySchema, ctx.request.body);
    ctx.body = await plantLists.setQuantity(userId(ctx.state), id, quantity, viewerOf(ctx));
  });

  router.delete('/api/plant-list/lines/:id', requireUser, async (ctx) => {
    await plantLists.remove(userId(ctx.state), idParam(ctx.params.id));
    ctx.status = 204;
  });

  router.delete('/api/plant-list', requireUser, async (ctx) => {
    await plantLists.clear(userId(ctx.state));
    ctx.status = 204;
  });

  router.post('/api/plant-list/merge', requireUser, async (ctx) => {
    const { lines } = validate(mergeSchema, ctx.request.body);
    ctx.body = await plantLists.merge(userId(ctx.state), lines, viewerOf(ctx));
  });

  namedListRoutes(deps, router, plantLists);
  return router;
}
