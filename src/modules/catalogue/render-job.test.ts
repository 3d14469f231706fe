import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queue } from 'bullmq';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDateLong } from './constants.ts';
import { insertRows, sampleRows, SAMPLE_SPECIES } from './fixtures.ts';
import type { CatalogueFile } from './model.ts';
import { bumpRevision, currentRevision, latestFile } from './store.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { renderCatalogue } from './render-job.ts';
import { localFilePath } from '../../storage/local.ts';

const ROWS = 350;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value, or fails after `ms`. */
async function waitFor<T>(check: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await sleep(50);
  }
}

async function pdfText(ctx: TestContext, file: CatalogueFile) {
  const parser = new PDFParse({ data: readFileSync(localFilePath(ctx.deps.storage, file.storage_key)) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return { text: text.text, pages: info.total, pageTexts: text.pages.map((page) => page.text) };
  } finally {
    await parser.destroy();
  }
}

async function readWorkbook(ctx: TestContext, file: CatalogueFile) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(localFilePath(ctx.deps.storage, file.storage_key));
  return workbook;
}

/** Number of catalogue_files rows ever inserted (ids are serial; old rows are pruned). */
async function filesEverWritten(ctx: TestContext): Promise<number> {
  const row = await ctx.deps.db('catalogue_files').max({ id: 'id' }).first();
  return Number(row?.id ?? 0);
}

describe('renderCatalogue', () => {
  let ctx: TestContext;
  const rows = sampleRows(ROWS);

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertRows(ctx.deps.db, rows);
    // Rendered once here, not by the first test: every test below reads these files on its own.
    await renderCatalogue(ctx.deps);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('writes a paginated PDF with every genus, the company details and "Page X of Y"', async () => {
    const pdf = (await latestFile(ctx.deps.db, 'pdf'))!;
    expect(pdf).toMatchObject({ rows: ROWS, revision: 1 });
    if (process.env.CATALOGUE_TEST_OUT) {
      mkdirSync(process.env.CATALOGUE_TEST_OUT, { recursive: true });
      copyFileSync(localFilePath(ctx.deps.storage, pdf.storage_key), `${process.env.CATALOGUE_TEST_OUT}/catalogue.pdf`);
      const xlsx = (await latestFile(ctx.deps.db, 'xlsx'))!;
      copyFileSync(localFilePath(ctx.deps.storage, xlsx.storage_key), `${process.env.CATALOGUE_TEST_OUT}/catalogue.xlsx`);
      console.log(`pdf ${pdf.bytes} bytes; xlsx ${xlsx.bytes} bytes`);
    }

    const { text, pages, pageTexts } = await pdfText(ctx, pdf);
    const total = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(pages).toBe(total);
    for (let page = 1; page <= total; page++) expect(text).toContain(`Page ${page} of ${total}`);
    for (const genus of new Set(SAMPLE_SPECIES.map((s) => s.genus))) expect(text).toMatch(new RegExp(`^${genus}\\b`, 'm'));

    const business = ctx.deps.config.business;
    const genera = new Set(SAMPLE_SPECIES.map((s) => s.genus));
    for (const page of pageTexts) {
      // Every page starts its table with the column header, and none ends on a bare genus heading.
      const lines = page.split('\n').filter((line) => line.trim() && !line.startsWith(business.name));
      expect(lines).toContain('Code Species Common name Form Height (cm)');
      expect(genera.has(lines.at(-1)!.trim())).toBe(false);
    }
    expect(text).toContain('Trade Catalogue');
    expect(text).toContain(`Issued ${issueDateLong(new Date(pdf.generated_at))}`);
    for (const detail of [
      business.name,
      business.address,
      business.telephone,
      business.email,
      business.companyNumber,
      business.vatNumber,
      business.plantHealthNumber,
    ]) {
      expect(text).toContain(detail);
    }
    expect(text).toContain('Bare root');
    expect(text).toMatch(/November to March/);
    expect(text).toContain('Height (cm)');
  });

  it('writes an XLSX with every row under a bold, frozen, filtered header', async () => {
    const xlsx = (await latestFile(ctx.deps.db, 'xlsx'))!;
    expect(xlsx).toMatchObject({ rows: ROWS, revision: 1 });
    const workbook = await readWorkbook(ctx, xlsx);
    const sheet = workbook.getWorksheet('Catalogue')!;
    expect(sheet.actualRowCount).toBe(ROWS + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Genus', 'Species', 'Common name', 'Form', 'Height (cm)']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(String(typeof sheet.autoFilter === 'string' ? sheet.autoFilter : JSON.stringify(sheet.autoFilter))).toMatch(/A1/);

    // Every fixture row is there exactly as often as inserted.
    const key = (r: { genus: string; species: string; common_name: string; form: string; height: string }) =>
      [r.genus, r.species, r.common_name, r.form, r.height].join('|');
    const expected = new Map<string, number>();
    for (const r of rows) expected.set(key(r), (expected.get(key(r)) ?? 0) + 1);
    const actual = new Map<string, number>();
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const [, code, genus, species, common_name, form, height] = row.values as string[];
      expect(code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
      const k = key({ genus: genus!, species: species!, common_name: common_name!, form: form!, height: height! });
      actual.set(k, (actual.get(k) ?? 0) + 1);
    });
    expect(actual).toEqual(expected);
    // Reading order: genera alphabetical, the first row an Acer.
    expect(sheet.getRow(2).getCell(2).value).toBe('Acer');
    expect(sheet.getRow(ROWS + 1).getCell(2).value).toBe('Viburnum');

    const about = workbook.getWorksheet('About')!;
    const aboutText = JSON.stringify(about.getSheetValues());
    expect(aboutText).toContain(ctx.deps.config.business.name);
    expect(aboutText).toContain(`Issued ${issueDateLong(new Date(xlsx.generated_at))}`);
    expect(aboutText).toContain(ctx.deps.config.business.vatNumber);
    expect(workbook.created?.getTime()).toBeCloseTo(new Date(xlsx.generated_at).getTime(), -4);
  });

  it('does nothing when the files already hold the current revision', async () => {
    const before = await filesEverWritten(ctx);
    await renderCatalogue(ctx.deps);
    expect(await filesEverWritten(ctx)).toBe(before);
  });

  it('removes the temp files of a render that was killed when the job is taken back, and nothing else', async () => {
    const tmpDir = path.join(ctx.deps.config.varDir, 'tmp');
    mkdirSync(tmpDir, { recursive: true });
    // What a worker killed mid-render leaves, written just now (the start-up sweep waits 6 hours).
    const killed = ['catalogue-12-1764201600000-0badc0de.pdf', 'catalogue-12-1764201600000-0badc0de.xlsx'];
    const others = ['price-list-3-12-1764201600000-0badc0de.pdf', 'upload-0badc0de.jpg'];
    for (const name of [...killed, ...others]) writeFileSync(path.join(tmpDir, name), 'half-written');
    await ctx.deps.db.transaction((trx) => bumpRevision(trx));
    await renderCatalogue(ctx.deps); // the job, run again
    expect(readdirSync(tmpDir).sort()).toEqual(others.sort());
  });

  it('lets renders running side by side in one process keep their own temp files', async () => {
    await ctx.deps.db.transaction((trx) => bumpRevision(trx));
    const before = await filesEverWritten(ctx);
    await Promise.all([renderCatalogue(ctx.deps), renderCatalogue(ctx.deps)]);
    expect(await filesEverWritten(ctx)).toBe(before + 4);
  });
});

describe('catalogue changes with workers running', () => {
  let ctx: TestContext;
  let queue: Queue;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { CATALOGUE_RENDER_DELAY_MS: '200' } });
    await insertRows(ctx.deps.db, sampleRows(80));
    await renderCatalogue(ctx.deps);
    queue = ctx.deps.queue.bullQueues!().find((q) => q.name === 'catalogue')!;
    ctx.startWorkers(['catalogue']);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Waits until nothing is queued or running and the newest files hold the current revision. */
  async function rendersSettled() {
    const revision = await currentRevision(ctx.deps.db);
    await waitFor(async () => {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'paused', 'prioritized');
      const files = await Promise.all([latestFile(ctx.deps.db, 'pdf'), latestFile(ctx.deps.db, 'xlsx')]);
      return Object.values(counts).every((n) => n === 0) && files.every((f) => f?.revision === revision);
    }, 30_000);
  }

  /** Every row of the newest XLSX as "Genus species". */
  async function spreadsheetNames(): Promise<string[]> {
    const sheet = (await readWorkbook(ctx, (await latestFile(ctx.deps.db, 'xlsx'))!)).getWorksheet('Catalogue')!;
    const names: string[] = [];
    sheet.eachRow((row, n) => n > 1 && names.push(`${String(row.getCell(2).value)} ${String(row.getCell(3).value)}`));
    return names;
  }

  // Each test makes its own row, so any one of them runs alone or in any order.
  for (const change of ['create', 'update', 'remove'] as const) {
    it(`${change === 'create' ? 'a create' : change === 'update' ? 'an update' : 'a removal'} through the service produces new files`, async () => {
      const catalogue = ctx.services.catalogue;
      const species = `${change} ${randomUUID().slice(0, 8)}`;
      // Inserted directly (no event, no render): only the change under test is rendered.
      const ownId: number | undefined =
        change === 'create'
          ? undefined
          : (
              await ctx.deps
                .db('catalogue_items')
                .insert({ genus: 'Zelkova', species, common_name: 'Japanese zelkova', form: '10L', height: '150-175' })
                .returning('id')
            )[0].id;
      await rendersSettled();
      const before = await currentRevision(ctx.deps.db);
      if (change === 'create')
        await catalogue.create({ genus: 'Zelkova', species, common_name: 'Japanese zelkova', form: '10L', height: '150-175' });
      if (change === 'update') await catalogue.update(ownId!, { species: `${species} (updated)` });
      if (change === 'remove') await catalogue.retire(ownId!);
      expect(await currentRevision(ctx.deps.db)).toBe(before + 1);
      await rendersSettled();

      const names = await spreadsheetNames();
      if (change === 'create') expect(names).toContain(`Zelkova ${species}`);
      if (change === 'update') expect(names).toContain(`Zelkova ${species} (updated)`);
      if (change === 'remove') expect(names.filter((n) => n.includes(species))).toEqual([]);
      expect((await latestFile(ctx.deps.db, 'pdf'))!.rows).toBe(names.length);
      // Only the newest two files of each format are kept, in storage and in the table.
      const kept = await ctx.deps.db('catalogue_files').where({ format: 'pdf' });
      expect(kept.length).toBeLessThanOrEqual(2);
    });
  }

  it('folds ten rapid changes into one render', async () => {
    await rendersSettled();
    const before = await filesEverWritten(ctx);
    // The queue is paused while the edits arrive, so "rapid" holds however slow this machine is:
    // the debounce, not the clock, decides how many renders there are.
    await queue.pause();
    try {
      for (let i = 0; i < 10; i++) {
        await ctx.services.catalogue.create({
          genus: 'Tilia',
          species: `cordata ${randomUUID().slice(0, 8)}`,
          form: '3L',
          height: '90-120',
        });
      }
    } finally {
      await queue.resume();
    }
    await rendersSettled();
    expect((await filesEverWritten(ctx)) - before).toBe(2); // one PDF and one XLSX
    expect((await latestFile(ctx.deps.db, 'pdf'))!.rows).toBe(
      Number((await ctx.deps.db('catalogue_items').whereNull('retired_at').count({ n: '*' }))[0]!.n),
    );
  });

  it('reports unknown ids as not found without bumping the revision', async () => {
    const before = await currentRevision(ctx.deps.db);
    await expect(ctx.services.catalogue.update(999_999, { species: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(ctx.services.catalogue.retire(999_999)).rejects.toMatchObject({ status: 404 });
    expect(await currentRevision(ctx.deps.db)).toBe(before);
  });
});

describe('an edit made during a render', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { CATALOGUE_RENDER_DELAY_MS: '100' } });
    await insertRows(ctx.deps.db, sampleRows(60));
    ctx.startWorkers(['catalogue']);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('renders an edit committed while a render runs in the job queued behind it', async () => {
    const { db, events } = ctx.deps;
    const revision = await currentRevision(db);
    // Hold the worker's render at its first read of the rows: it has already read the revision by then.
    const trx = await db.transaction();
    await trx.raw('LOCK TABLE catalogue_items IN ACCESS EXCLUSIVE MODE');
    await db.transaction(async (edit) => {
      await bumpRevision(edit);
      await events.record(edit, 'catalogue.changed', { reason: 'before the edit' });
    });
    await waitFor(async () => {
      const waiting = await db.raw("SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'catalogue_items'::regclass");
      return waiting.rows[0].n > 0;
    });
    // An edit as the service makes it, committed while that job is active: its job must wait, not vanish.
    const id = (await trx('catalogue_items').orderBy('id').first('id')).id as number;
    await trx('catalogue_items').where({ id }).update({ species: 'edited during render' });
    await bumpRevision(trx);
    await events.record(trx, 'catalogue.changed', { reason: 'edited during render' });
    await trx.commit();

    const xlsx = await waitFor(async () => {
      const file = await latestFile(db, 'xlsx');
      return file?.revision === revision + 2 && file;
    });
    const sheet = (await readWorkbook(ctx, xlsx)).getWorksheet('Catalogue')!;
    const species: string[] = [];
    sheet.eachRow((row) => species.push(String(row.getCell(3).value)));
    expect(species).toContain('edited during render');
  });
});

describe('with the in-process queue (no Redis)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ redis: false, env: { CATALOGUE_RENDER_DELAY_MS: '100' } });
    await insertRows(ctx.deps.db, sampleRows(40));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('renders at start-up and after a change', async () => {
    expect(await ctx.services.catalogue.ensureDownloads()).toBe(true);
    await ctx.deps.settle();
    expect(await latestFile(ctx.deps.db, 'pdf')).toMatchObject({ revision: 1, rows: 40 });
    await ctx.services.catalogue.create({ genus: 'Taxus', species: 'baccata', common_name: 'Yew', form: '3L', height: '40-60' });
    await ctx.deps.settle();
    expect(await latestFile(ctx.deps.db, 'xlsx')).toMatchObject({ revision: 2, rows: 41 });
  });
});
