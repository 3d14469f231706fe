import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAdmin } from '../../http/guards.ts';
import { idParam } from '../../http/params.ts';
import { sendStored } from '../../http/send-stored.ts';
import type { Storage } from '../../storage/types.ts';
import { validate } from '../../validation/validate.ts';
import type { GuardUser } from '../../http/guards.ts';
import { draftSchema } from './schema.ts';
import type { QuotationService, StoredPdf } from './service.ts';

/** Answers with a quotation's stored PDF: private (prices of one buyer), revalidated each time. */
export async function sendQuotationPdf(ctx: Context, storage: Storage, pdf: StoredPdf): Promise<void> {
  ctx.type = 'application/pdf';
  ctx.lastModified = pdf.modified;
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.set('Content-Disposition', `attachment; filename="${pdf.filename}"`);
  await sendStored(ctx, storage, pdf.key, pdf.bytes);
}

/**
 * Quotations in the admin (staff only; every state change CSRF-checked by the app):
 * POST /api/admin/quote-requests/{id}/quotation → the open draft (200) or a new one priced from the
 *   catalogue (201), version last + 1; 409 once a version was accepted ·
 * GET /api/admin/quote-requests/{id}/quotations → every version, newest first (QuotationSummary[]) ·
 * GET /api/admin/quote-requests/{id}/quotation/{qid} → AdminQuotation ·
 * PATCH …/quotation/{qid} {lines?, delivery_pence?, valid_until?, note?} → saves the draft (409 if not a draft) ·
 * POST …/quotation/{qid}/send → sends it (422 if incomplete, 409 if not a draft) ·
 * POST …/quotation/{qid}/revise → a new draft copied from a sent version (201) ·
 * GET …/quotation/{qid}/pdf → its PDF once rendered.
 */
export function quotationAdminRoutes(quotations: QuotationService, storage: Storage): Router {
  const router = new Router({ prefix: '/api/admin/quote-requests/:id' });
  const ids = (ctx: Context) => [idParam(ctx.params.id), idParam(ctx.params.qid)] as const;
  const staff = (ctx: Context) => (ctx.state.user as GuardUser).id;

  router.post('/quotation', requireAdmin, async (ctx) => {
    const { quotation, created } = await quotations.openDraft(idParam(ctx.params.id), staff(ctx));
    ctx.status = created ? 201 : 200;
    ctx.body = quotation;
  });

  router.get('/quotations', requireAdmin, async (ctx) => {
    ctx.body = await quotations.versions(idParam(ctx.params.id));
  });

  router.get('/quotation/:qid', requireAdmin, async (ctx) => {
    ctx.body = await quotations.get(...ids(ctx));
  });

  router.patch('/quotation/:qid', requireAdmin, async (ctx) => {
    const [requestId, id] = ids(ctx);
    ctx.body = await quotations.save(requestId, id, validate(draftSchema, ctx.request.body));
  });

  router.post('/quotation/:qid/send', requireAdmin, async (ctx) => {
    const [requestId, id] = ids(ctx);
    ctx.body = await quotations.send(requestId, id, staff(ctx));
  });

  router.post('/quotation/:qid/revise', requireAdmin, async (ctx) => {
    const [requestId, id] = ids(ctx);
    ctx.status = 201;
    ctx.body = await quotations.revise(requestId, id, staff(ctx));
  });

  router.get('/quotation/:qid/pdf', requireAdmin, async (ctx) => {
    await sendQuotationPdf(ctx, storage, await quotations.adminPdf(...ids(ctx)));
  });

  return router;
}
