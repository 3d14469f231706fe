import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import { holdTempFiles, removeDeadRenderFiles } from '../../render-temp-files.ts';
import { renderPricedCatalogue } from '../catalogue/service.ts';
import { approvedTradeAccount } from './approval.ts';
import { findPriceList, priceListValidUntil } from './price-lists.ts';

/**
 * Job `catalogue.price_list`: renders the catalogue with trade prices for one buyer into storage
 * under `price-lists/{userId}/`, then points their row at the new files and deletes the old ones.
 * Idempotent: a list already rendered after the newest request is left alone; a buyer no longer
 * approved gets nothing (their files stay unreachable behind the route's check).
 */
export async function renderPriceList(deps: Pick<Deps, 'db' | 'config' | 'storage' | 'log'>, userId: number): Promise<void> {
  const { db, storage, config } = deps;
  const row = await findPriceList(db, userId);
  if (!row || (row.generated_at && new Date(row.generated_at) >= new Date(row.requested_at))) return;
  // The approval is checked here, as the list is made out to the approved account's company.
  const company = (await approvedTradeAccount(db, userId))?.company_name;
  if (company === undefined) return;
  // The database's clock, as `requested_at` is stamped by it: a request after this stays pending.
  const started = new Date(((await db.raw('SELECT now() AS now')) as { rows: { now: Date }[] }).rows[0]!.now);

  const tmpDir = path.join(config.varDir, 'tmp');
  // One job per buyer at a time in the whole cluster (dedupe key `price-list-{userId}`): this
  // buyer's files that this process is not writing are a killed render's.
  await removeDeadRenderFiles(tmpDir, new RegExp(`^price-list-${userId}-\\d+-[0-9a-f]{8}\\.(pdf|xlsx)$`), deps.log);
  await mkdir(tmpDir, { recursive: true });
  const stamp = `${started.getTime()}-${randomBytes(4).toString('hex')}`;
  const tmp = {
    pdf: path.join(tmpDir, `price-list-${userId}-${stamp}.pdf`),
    xlsx: path.join(tmpDir, `price-list-${userId}-${stamp}.xlsx`),
  };
  const held = holdTempFiles(tmp.pdf, tmp.xlsx);
  try {
    const { rows } = await renderPricedCatalogue(deps, tmp, { company, issued: started, validUntil: priceListValidUntil(started) });
    const keys = { pdf: `price-lists/${userId}/price-list-${stamp}.pdf`, xlsx: `price-lists/${userId}/price-list-${stamp}.xlsx` };
    const [pdfInfo, xlsxInfo] = await Promise.all([stat(tmp.pdf), stat(tmp.xlsx)]);
    await storage.putFile(keys.pdf, tmp.pdf);
    await storage.putFile(keys.xlsx, tmp.xlsx);
    // `generated_at` is when the render started: a request made while it ran stays pending.
    await db('price_lists')
      .where({ user_id: userId })
      .update({ generated_at: started, pdf_key: keys.pdf, pdf_bytes: pdfInfo.size, xlsx_key: keys.xlsx, xlsx_bytes: xlsxInfo.size });
    for (const old of [row.pdf_key, row.xlsx_key]) if (old) await storage.delete(old);
    deps.log.info({ userId, rows, ms: Date.now() - started.getTime() }, 'price list rendered');
  } finally {
    await Promise.all([rm(tmp.pdf, { force: true }), rm(tmp.xlsx, { force: true })]);
    held.release();
  }
}
