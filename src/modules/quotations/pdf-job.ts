import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { QuotationRow } from './model.ts';
import { totalsOf } from './presenter.ts';
import { renderQuotationPdf } from './render-pdf.ts';
import { loadQuotation } from './service.ts';

/**
 * Job `quotations.render_pdf` (started by `quotation.sent`): renders the sent quotation's PDF,
 * stores it under `quotations/{requestId}/`, and in one transaction points the row at it and
 * records `quotation.pdf_ready`, which owes the buyer's mail (src/mail/owed.ts) — so the mail
 * always finds its attachment, and is owed once. Idempotent: a quotation that has its PDF is left
 * alone (a second run's file, if it raced the first, is deleted). A draft has nothing to render.
 */
export async function renderQuotationPdfJob(
  deps: Pick<Deps, 'db' | 'config' | 'storage' | 'events' | 'log'>,
  quotationId: number,
): Promise<void> {
  const found = await loadQuotation(deps.db, quotationId);
  if (!found || found.quotation.pdf_key || found.quotation.status === 'draft') return;
  const { quotation, lines, request } = found;
  const pdf = await renderQuotationPdf({ business: deps.config.business, quotation, lines, request, totals: totalsOf(quotation, lines) });
  const key = `quotations/${request.id}/${quotation.reference.replace('/', '-v')}-${randomBytes(4).toString('hex')}.pdf`;
  await deps.storage.put(key, pdf);
  const stored = await deps.db.transaction(async (trx) => {
    const row = await QuotationRow.query(trx).findById(quotationId).forUpdate();
    if (!row || row.pdf_key) return false;
    await trx('quotations').where({ id: quotationId }).update({ pdf_key: key, pdf_bytes: pdf.length });
    await deps.events.record(trx, 'quotation.pdf_ready', { quotationId });
    return true;
  });
  if (!stored) await deps.storage.delete(key);
  else deps.log.info({ quotationId, bytes: pdf.length }, 'quotation PDF rendered');
}
