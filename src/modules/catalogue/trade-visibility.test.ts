import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication, type TradeStatus } from '../../../test/trade.ts';
import { localFilePath } from '../../storage/local.ts';
import { renderCatalogue } from './render-job.ts';
import { latestFile } from './store.ts';

/**
 * Issue 10's rule: trade prices and availability reach approved trade buyers (and staff) only —
 * never a guest, an applicant still pending, a rejected one, a server-rendered page or a public
 * download. The price is a figure no other text on a page could hold by chance.
 */
const PRICE = 987_654;
const PRICE_TEXTS = ['987654', '9876.54', '9,876.54'];

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let viewers: Record<'guest' | 'pending' | 'rejected' | 'approved' | 'admin', TestClient>;
let lineId: number;

async function buyerWithApplication(status: TradeStatus | undefined): Promise<TestClient> {
  const client = await signedIn(server, context.deps, { role: 'user' });
  if (status) await insertTradeApplication(context.deps.db, client.userId, status);
  return client;
}

beforeAll(async () => {
  context = await createTestContext();
  [lineId] = (await insertCatalogueItems(context.deps.db, [
    { genus: 'Acer', species: 'campestre', common_name: 'Field maple' },
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' },
  ])) as [number];
  await context.deps
    .db('catalogue_items')
    .where({ id: lineId })
    .update({
      price_pence: PRICE,
      price_breaks: JSON.stringify([{ min_quantity: 10, price_pence: 900_000 }]),
      stock_status: 'ready_from',
      stock_quantity: 120,
      ready_from: '2027-03-01',
    });
  server = await startTestServer(context);
  viewers = {
    guest: server.client(),
    pending: await buyerWithApplication('pending'),
    rejected: await buyerWithApplication('rejected'),
    approved: await buyerWithApplication('approved'),
    admin: await signedIn(server, context.deps, { role: 'admin' }),
  };
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

const acer = (lines: { id: number }[]) => lines.find((l) => l.id === lineId) as Record<string, unknown> | undefined;
const trade = {
  price_pence: PRICE,
  price_breaks: [{ min_quantity: 10, price_pence: 900_000 }],
  stock_status: 'ready_from',
  stock_quantity: 120,
  ready_from: '2027-03-01',
};

describe('trade fields in the catalogue API', () => {
  it.each(['guest', 'pending', 'rejected'] as const)('%s: no trade field at all from /api/catalogue or the genus API', async (who) => {
    const list = await viewers[who].get('/api/catalogue?q=acer');
    expect(list.status).toBe(200);
    const line = acer(list.body.results)!;
    expect(line).toBeDefined();
    expect('trade' in line).toBe(false);
    const genus = await viewers[who].get('/api/catalogue/genera/acer');
    expect('trade' in acer(genus.body.data.lines)!).toBe(false);
    for (const text of PRICE_TEXTS) expect(list.raw.toString() + genus.raw.toString()).not.toContain(text);
  });

  it.each(['approved', 'admin'] as const)('%s: every line carries its trade fields', async (who) => {
    const list = await viewers[who].get('/api/catalogue');
    expect(acer(list.body.results)!.trade).toEqual(trade);
    // A line without prices says so with nulls, not by leaving the field out.
    expect(list.body.results.find((l: { id: number }) => l.id !== lineId).trade).toEqual({
      price_pence: null,
      price_breaks: [],
      stock_status: null,
      stock_quantity: null,
      ready_from: null,
    });
    const genus = await viewers[who].get('/api/catalogue/genera/acer');
    expect(acer(genus.body.data.lines)!.trade).toEqual(trade);
  });
});

describe('trade fields never reach pages or public files', () => {
  it('renders /catalogue and the genus page without prices, even for an approved buyer', async () => {
    for (const who of ['guest', 'approved'] as const) {
      for (const path of ['/catalogue', '/catalogue?q=acer', '/catalogue/genus/acer']) {
        const page = await viewers[who].get(path, { accept: 'text/html' });
        expect(page.status, `${who} ${path}`).toBe(200);
        expect(page.body, `${who} ${path}`).toContain('campestre');
        expect(page.body).not.toContain('"trade"');
        expect(page.body).not.toContain('price_pence');
        for (const text of PRICE_TEXTS) expect(page.body).not.toContain(text);
      }
    }
  });

  it('leaves prices out of the public PDF and XLSX', async () => {
    await renderCatalogue(context.deps);
    const pdf = (await latestFile(context.deps.db, 'pdf'))!;
    const parser = new PDFParse({ data: readFileSync(localFilePath(context.deps.storage, pdf.storage_key)) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('campestre');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(localFilePath(context.deps.storage, (await latestFile(context.deps.db, 'xlsx'))!.storage_key));
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
    expect(cells).toContain('campestre');
    for (const t of PRICE_TEXTS) expect(text + cells.join('|')).not.toContain(t);
    // The approved buyer downloads the same public file.
    const download = await viewers.approved.get('/downloads/catalogue.xlsx');
    expect(download.status).toBe(200);
    expect(
      download.raw.equals(readFileSync(localFilePath(context.deps.storage, (await latestFile(context.deps.db, 'xlsx'))!.storage_key))),
    ).toBe(true);
  });
});
