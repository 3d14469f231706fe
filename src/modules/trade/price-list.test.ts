import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication, type TradeStatus } from '../../../test/trade.ts';
import { renderPriceList } from './price-list-job.ts';

/** "26 November 2026": a UK calendar day as the list prints it. */
const ukDay = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' }).format(date);

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;

async function buyer(status?: TradeStatus): Promise<TestClient & { userId: number }> {
  const client = await (await signedIn(server, context.deps, { role: 'user' })).csrf();
  if (status) await insertTradeApplication(context.deps.db, client.userId, status);
  return client;
}

beforeAll(async () => {
  context = await createTestContext();
  context.startWorkers(['catalogue']);
  const [acer, betula, carpinus] = await insertCatalogueItems(context.deps.db, [
    { genus: 'Acer', species: 'campestre', common_name: 'Field maple' },
    { genus: 'Betula', species: 'pendula', common_name: 'Silver birch' },
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' },
  ]);
  await context.deps
    .db('catalogue_items')
    .where({ id: acer })
    .update({
      price_pence: 1250,
      price_breaks: JSON.stringify([{ min_quantity: 10, price_pence: 1100 }]),
      stock_status: 'in_stock',
      stock_quantity: 120,
    });
  await context.deps
    .db('catalogue_items')
    .where({ id: betula })
    .update({
      price_pence: 85,
      price_breaks: JSON.stringify([
        { min_quantity: 100, price_pence: 75 },
        { min_quantity: 500, price_pence: 65 },
      ]),
      stock_status: 'in_stock',
      stock_quantity: 5000,
    });
  // Unpriced (on request) and not ready yet.
  await context.deps.db('catalogue_items').where({ id: carpinus }).update({ stock_status: 'ready_from', ready_from: '2027-01-10' });
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('personal price list', () => {
  it("removes a killed render's temp files of that buyer when the job is taken back, and nothing else", async () => {
    const client = await buyer('approved');
    const other = await buyer('approved');
    const tmpDir = path.join(context.deps.config.varDir, 'tmp');
    mkdirSync(tmpDir, { recursive: true });
    // What a worker killed mid-render leaves, written just now (the start-up sweep waits 6 hours).
    const killed = [`price-list-${client.userId}-1764201600000-0badc0de.pdf`, `price-list-${client.userId}-1764201600000-0badc0de.xlsx`];
    const others = [`price-list-${other.userId}-1764201600000-0badc0de.pdf`, 'catalogue-12-1764201600000-0badc0de.pdf'];
    for (const name of [...killed, ...others]) writeFileSync(path.join(tmpDir, name), 'half-written');
    await context.deps.db('price_lists').insert({ user_id: client.userId, requested_at: context.deps.db.fn.now() });
    await renderPriceList(context.deps, client.userId); // the job, run again
    expect(
      readdirSync(tmpDir)
        .filter((name) => [...killed, ...others].includes(name))
        .sort(),
    ).toEqual(others.sort());
  });

  it('renders an approved buyer a PDF and XLSX with prices, theirs alone', async () => {
    const client = await buyer('approved');
    // An ampersand too: Excel's page header language and the PDF must both print it as written.
    await context.deps
      .db('trade_applications')
      .where({ user_id: client.userId })
      .update({ company_name: 'Greenway & Sons Landscapes Ltd' });
    expect((await client.get('/api/price-list')).body).toEqual({ status: 'none' });
    expect((await client.get('/downloads/price-list.xlsx')).status).toBe(404);
    const asked = await client.post('/api/price-list');
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('pending');
    await expect.poll(async () => (await client.get('/api/price-list')).body.status, { timeout: 20_000 }).toBe('ready');
    expect((await client.get('/api/price-list')).body).toMatchObject({
      pdf: '/downloads/price-list.pdf',
      xlsx: '/downloads/price-list.xlsx',
    });

    const xlsx = await client.get('/downloads/price-list.xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('cache-control')).toBe('private, no-cache');
    const keys = await context.deps.db('price_lists').where({ user_id: client.userId }).first();
    expect(keys.pdf_key).toMatch(new RegExp(`^price-lists/${client.userId}/`));
    // The list is dated the day it was made (UK calendar) and holds for 30 days.
    const issued = ukDay(new Date(keys.generated_at));
    const validUntil = ukDay(new Date(new Date(keys.generated_at).getTime() + 30 * 24 * 3600 * 1000));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Catalogue')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Code',
      'Genus',
      'Species',
      'Common name',
      'Form',
      'Height (cm)',
      'Price (£)',
      'Break 1 qty',
      'Break 1 price (£)',
      'Break 2 qty',
      'Break 2 price (£)',
      'Stock quantity',
      'Availability',
      'Ready from',
    ]);
    const rowOf = (species: string) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(3).value === species) found = row;
      });
      return found!;
    };
    const values = (row: ExcelJS.Row) => Array.from({ length: 8 }, (_, i) => row.getCell(7 + i).value);
    // Numbers a buyer can sort and multiply, shown as pounds; blanks where a line has no such figure.
    expect(values(rowOf('campestre'))).toEqual([12.5, 10, 11, null, null, 120, 'In stock (120)', null]);
    expect(values(rowOf('pendula'))).toEqual([0.85, 100, 0.75, 500, 0.65, 5000, 'In stock (5,000)', null]);
    const acerRow = rowOf('campestre');
    expect([acerRow.getCell(7).type, acerRow.getCell(8).type, acerRow.getCell(12).type]).toEqual([
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Number,
    ]);
    expect(acerRow.getCell(7).numFmt).toMatch(/£.*0\.00/);
    const readyRow = rowOf('betulus');
    expect(readyRow.getCell(7).value).toBeNull();
    expect(readyRow.getCell(13).value).toBe('Ready from 10 Jan 2027');
    // A real date cell, the calendar day itself.
    expect(readyRow.getCell(14).type).toBe(ExcelJS.ValueType.Date);
    expect(readyRow.getCell(14).value).toEqual(new Date('2027-01-10T00:00:00Z'));

    expect(workbook.title).toContain('Trade price list for Greenway & Sons Landscapes Ltd');
    const about: string[] = [];
    workbook.getWorksheet('About')!.eachRow((row) => about.push((row.values as unknown[]).slice(1).join(' ')));
    expect(about).toEqual(
      expect.arrayContaining(['Trade price list for Greenway & Sons Landscapes Ltd', `Issued ${issued}`, `Valid until ${validUntil}`]),
    );
    expect(about.join('\n')).toContain('Prices exclude VAT.');

    const pdf = await client.get('/downloads/price-list.pdf');
    expect(pdf.status).toBe(200);
    const parser = new PDFParse({ data: pdf.raw });
    const text = (await parser.getText()).text.replace(/[ \t]+/g, ' ');
    await parser.destroy();
    expect(text).toContain('Trade price list');
    expect(text).toContain('for Greenway & Sons Landscapes Ltd');
    expect(text).toContain(`Issued ${issued} · Valid until ${validUntil}`);
    expect(text).toContain('Prices exclude VAT.');
    expect(text).toContain('£12.50 · 10+ £11.00');
    expect(text).toContain('In stock (120)');
    expect(text).toMatch(/Ready from\s+10 Jan 2027/);
    expect(text).toContain('Price on request');

    // Another approved buyer gets only their own (none yet); the URL cannot name anyone else's.
    const other = await buyer('approved');
    expect((await other.get('/downloads/price-list.xlsx')).status).toBe(404);
    expect((await other.get('/api/price-list')).body).toEqual({ status: 'none' });
  });

  it.each([undefined, 'pending', 'rejected'] as const)(
    'refuses a buyer whose application is %s (403), and guests (401)',
    async (status) => {
      const client = await buyer(status);
      expect((await client.post('/api/price-list')).status).toBe(403);
      expect((await client.get('/downloads/price-list.pdf')).status).toBe(403);
      expect((await client.get('/api/price-list')).body).toEqual({ status: 'none' });
      expect((await server.client().get('/downloads/price-list.pdf')).status).toBe(401);
    },
  );
});
