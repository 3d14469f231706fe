import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../test/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication, type TradeStatus } from '../../../test/trade.ts';

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
  const [acer] = await insertCatalogueItems(context.deps.db, [
    { genus: 'Acer', species: 'campestre', common_name: 'Field maple' },
    { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' },
  ]);
  await context.deps.db('catalogue_items').where({ id: acer }).update({
    price_pence: 1250,
    price_breaks: JSON.stringify([{ min_quantity: 10, price_pence: 1100 }]),
    stock_status: 'in_stock',
    stock_quantity: 120,
  });
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('personal price list', () => {
  it('renders an approved buyer a PDF and XLSX with prices, theirs alone', async () => {
    const client = await buyer('approved');
    expect((await client.get('/api/price-list')).body).toEqual({ status: 'none' });
    expect((await client.get('/downloads/price-list.xlsx')).status).toBe(404);
    const asked = await client.post('/api/price-list');
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('pending');
    await expect.poll(async () => (await client.get('/api/price-list')).body.status, { timeout: 20_000 }).toBe('ready');
    expect((await client.get('/api/price-list')).body).toMatchObject({ pdf: '/downloads/price-list.pdf', xlsx: '/downloads/price-list.xlsx' });

    const xlsx = await client.get('/downloads/price-list.xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('cache-control')).toBe('private, no-cache');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.getWorksheet('Catalogue')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
    expect(rows[0]).toEqual(['Code', 'Genus', 'Species', 'Common name', 'Form', 'Height (cm)', 'Price', 'Availability']);
    expect(rows.find((r) => r[2] === 'campestre')!.slice(6)).toEqual(['£12.50; 10+ £11.00', 'In stock (120)']);

    const pdf = await client.get('/downloads/price-list.pdf');
    expect(pdf.status).toBe(200);
    const parser = new PDFParse({ data: pdf.raw });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('£12.50');

    const keys = await context.deps.db('price_lists').where({ user_id: client.userId }).first();
    expect(keys.pdf_key).toMatch(new RegExp(`^price-lists/${client.userId}/`));

    // Another approved buyer gets only their own (none yet); the URL cannot name anyone else's.
    const other = await buyer('approved');
    expect((await other.get('/downloads/price-list.xlsx')).status).toBe(404);
    expect((await other.get('/api/price-list')).body).toEqual({ status: 'none' });
  });

  it.each([undefined, 'pending', 'rejected'] as const)('refuses a buyer whose application is %s (403), and guests (401)', async (status) => {
    const client = await buyer(status);
    expect((await client.post('/api/price-list')).status).toBe(403);
    expect((await client.get('/downloads/price-list.pdf')).status).toBe(403);
    expect((await client.get('/api/price-list')).body).toEqual({ status: 'none' });
    expect((await server.client().get('/downloads/price-list.pdf')).status).toBe(401);
  });
});
