import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../deps.ts';
import { holdTempFiles, removeDeadRenderFiles } from '../../render-temp-files.ts';
import { PUBLIC_VIEWER } from '../../viewer.ts';
import type { CatalogueFormat } from './constants.ts';
import { currentRevision, latestFile, pruneFiles, recordFile, rowsInOrder } from './store.ts';
import { createCataloguePdf } from './render-pdf.ts';
import { createCatalogueXlsx } from './render-xlsx.ts';

/** Rows read per query: small enough to keep memory flat, large enough to keep queries few. */
const BATCH_SIZE = 500;
/** Files kept per format: the newest, plus the previous one for downloads already under way. */
const KEEP_FILES = 2;
/** The temp files a render writes in VAR_DIR/tmp (see `stamp` below). */
const RENDER_TEMP_FILE = /^catalogue-\d+-\d+-[0-9a-f]{8}\.(pdf|xlsx)$/;

/**
 * Job `catalogue.render`: writes the PDF and the XLSX of the current catalogue revision in one pass
 * over the rows, stores both and records them in `catalogue_files`.
 *
 * Idempotent: when both newest files already hold the current revision it does nothing, so a retry,
 * a re-published event and the start-up check cost one query. Edits committed while it runs are
 * rendered by the next job: their events' job waits behind this one (dedupe with keepLastIfActive).
 */
export async function renderCatalogue(deps: Deps): Promise<void> {
  const { db, storage, log, config } = deps;
  const tmpDir = path.join(config.varDir, 'tmp');
  // Render jobs run one at a time in the whole cluster (dedupe key `catalogue-render`).
  await removeDeadRenderFiles(tmpDir, RENDER_TEMP_FILE, log);
  const revision = await currentRevision(db);
  const [pdfNow, xlsxNow] = await Promise.all([latestFile(db, 'pdf'), latestFile(db, 'xlsx')]);
  if (pdfNow && xlsxNow && pdfNow.revision >= revision && xlsxNow.revision >= revision) {
    log.debug({ revision }, 'catalogue files are current');
    return;
  }

  const started = Date.now();
  const issued = new Date();
  await mkdir(tmpDir, { recursive: true });
  // Unique per render, so two overlapping renders (or processes) never write the same key.
  const stamp = `${revision}-${issued.getTime()}-${randomBytes(4).toString('hex')}`;
  const tmp = { pdf: path.join(tmpDir, `catalogue-${stamp}.pdf`), xlsx: path.join(tmpDir, `catalogue-${stamp}.xlsx`) };
  const held = holdTempFiles(tmp.pdf, tmp.xlsx);

  try {
    const meta = { business: config.business, issued };
    const pdf = createCataloguePdf(tmp.pdf, meta);
    const xlsx = createCatalogueXlsx(tmp.xlsx, meta);
    for await (const batch of rowsInOrder(db, PUBLIC_VIEWER, BATCH_SIZE)) {
      for (const row of batch) {
        pdf.add(row);
        xlsx.add(row);
      }
    }
    const [pdfResult, xlsxResult] = await Promise.all([pdf.finish(), xlsx.finish()]);

    for (const [format, rows] of [
      ['pdf', pdfResult.rows],
      ['xlsx', xlsxResult.rows],
    ] as const) {
      const file = tmp[format];
      const [sha256, { size }] = await Promise.all([hashFile(file), stat(file)]);
      const key = `catalogue/catalogue-${stamp}.${format}`;
      await storage.putFile(key, file);
      await recordFile(db, { format, storage_key: key, bytes: size, rows, revision, sha256, generated_at: issued });
      await pruneFiles(db, storage, format as CatalogueFormat, KEEP_FILES);
    }
    log.info({ revision, rows: pdfResult.rows, pages: pdfResult.pages, ms: Date.now() - started }, 'catalogue rendered');
  } finally {
    await Promise.all([rm(tmp.pdf, { force: true }), rm(tmp.xlsx, { force: true })]);
    held.release();
  }
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
