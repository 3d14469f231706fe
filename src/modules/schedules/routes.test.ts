import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_ROWS } from '../../../seeds/data/catalogue.ts';
import { filesUnder, sendForm, signedIn } from '../../../test/admin.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication } from '../../../test/trade.ts';
import { xlsxBomb } from '../../../test/zip.ts';
import type { ScheduleResult } from '../../../shared/api/schedules.ts';
import { SCHEDULES_PER_MINUTE } from './routes.ts';
import { MATCH_INLINE_MAX_LINES } from './service.ts';

/**
 * POST /api/schedules and GET /api/schedules/{id} over HTTP on the demo catalogue: real
 * PostgreSQL, Redis and a BullMQ worker running the `schedules.match` processor.
 */
let ctx: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let visitors = 0;

const db = () => ctx.deps.db;
const count = async (table: string) => Number((await db()(table).count({ n: '*' }).first())!.n);
/** A fresh client from an address of its own (the per-address limit never spans tests). */
const visitor = async () => {
  const client = server.client();
  visitors++;
  client.ip = `10.9.${visitors & 255}.${(visitors >> 8) + 1}`;
  return client.csrf();
};
const buyer = async () => {
  const client = await signedIn(server, ctx.deps, { role: 'user' });
  client.ip = `10.8.${++visitors & 255}.1`;
  return client;
};
const paste = (client: TestClient, text: string, name?: string) => client.post('/api/schedules', { text, ...(name ? { name } : {}) });
const upload = (client: TestClient, name: string, body: Buffer, fields: Record<string, string> = {}) =>
  sendForm(client, 'POST', '/api/schedules', fields, { file: { name, body } });

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Schedule');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const SMALL = [
  'Acer campestre 60-90 BR x 250',
  'Hornbeam 40-60 bare root 100',
  'Cherry laurel 40-60 BR 300',
  'Taxus baccata 125-150cm RB 3',
  'Ulex europaeus 2L x 10',
].join('\n');

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.startWorkers(['schedules']);
  server = await startTestServer(ctx);
  const rows = CATALOGUE_ROWS.map(({ genus, species, common_name, form, height }) => ({ genus, species, common_name, form, height }));
  await db()('catalogue_items').insert(rows);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('POST /api/schedules', () => {
  it('matches a guest paste at once: each line matched, ambiguous, substitutable or not stocked', async () => {
    const guest = await visitor();
    const response = await paste(guest, SMALL);
    expect(response.status).toBe(201);
    const result = response.body as ScheduleResult;
    expect(result).toMatchObject({ name: 'Pasted schedule', status: 'done', line_count: 5, error: null });
    expect(result.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(result.counts).toEqual({ matched: 2, ambiguous: 1, substitutable: 1, not_stocked: 1 });
    const [maple, hornbeam, laurel, yew, gorse] = result.lines;
    expect(maple).toMatchObject({
      row: 1,
      text: 'Acer campestre 60-90 BR x 250',
      parsed: { name: 'Acer campestre', form: 'Bare root', height: '60-90' },
      quantity: 250,
      status: 'matched',
      match: { line: { genus: 'Acer', species: 'campestre', form: 'Bare root', height: '60-90' } },
      substitution: null,
    });
    expect(maple!.match!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(maple!.candidates[0]).toEqual(maple!.match);
    expect(maple!.match!.line.trade).toBeUndefined(); // a guest sees no trade prices
    expect(hornbeam).toMatchObject({ status: 'matched', match: { line: { genus: 'Carpinus', species: 'betulus', height: '40-60' } } });
    expect(laurel!.status).toBe('ambiguous');
    expect(laurel!.candidates[0]!.line).toMatchObject({ species: "laurocerasus 'Rotundifolia'", form: 'Bare root', height: '40-60' });
    expect(yew).toMatchObject({
      status: 'substitutable',
      match: { line: { genus: 'Taxus', form: '10L', height: '90-120' } },
      substitution: '125-150 asked, 90-120 offered; Rootball asked, 10L offered',
    });
    expect(gorse).toMatchObject({ status: 'not_stocked', match: null, quantity: 10 });

    // The owner reads it back; nobody else can, signed in or not, by id or by a guessed one.
    const again = await guest.get(`/api/schedules/${result.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(result);
    expect(again.headers.get('cache-control')).toMatch(/private/);
    expect((await (await visitor()).get(`/api/schedules/${result.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/schedules/${result.id}`)).status).toBe(404);
    expect((await (await buyer()).get(`/api/schedules/${result.id}`)).status).toBe(404);
    // A guessed id: the owner's own with its last character changed (never the same one).
    const guessed = `${result.id.slice(0, -1)}${result.id.endsWith('x') ? 'y' : 'x'}`;
    expect((await guest.get(`/api/schedules/${guessed}`)).status).toBe(404);
    expect((await guest.get('/api/schedules/1')).status).toBe(404);
  });

  it('names an uploaded workbook after its file and keeps it for the signed-in buyer only', async () => {
    const client = await buyer();
    const body = await workbook([
      ['Botanical name', 'Size', 'Form', 'Qty'],
      ['Fagus sylvatica', '60-90', 'BR', 500],
      ['Crataegus monogyna', '0.6-0.9m', 'bare root', 2500],
    ]);
    const response = await upload(client, 'Riverside Park phase 2.xlsx', body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Riverside Park phase 2', status: 'done', line_count: 2, counts: { matched: 2 } });
    const id = response.body.id as string;
    expect(await db()('schedules').where({ id }).first()).toMatchObject({ user_id: client.userId, guest_key: null });
    expect((await client.get(`/api/schedules/${id}`)).status).toBe(200);
    expect((await (await buyer()).get(`/api/schedules/${id}`)).status).toBe(404);
    expect((await (await visitor()).get(`/api/schedules/${id}`)).status).toBe(404);
    // The uploaded file is gone once read: only the lines' text is kept.
    expect(filesUnder(path.join(ctx.deps.config.varDir, 'tmp'))).toEqual([]);
  });

  it('shows an approved trade buyer the lines with their trade prices, when sent and when read again', async () => {
    const client = await buyer();
    await insertTradeApplication(db(), client.userId, 'approved');
    const [line] = await db()('catalogue_items')
      .where({ genus: 'Acer', species: 'campestre', height: '60-90' })
      .update({ price_pence: 95 }, ['id']);
    const sent = (await paste(client, 'Acer campestre 60-90 BR x 250')).body as ScheduleResult;
    expect(sent.lines[0]!.match!.line).toMatchObject({ id: line.id, trade: { price_pence: 95 } });
    expect(((await client.get(`/api/schedules/${sent.id}`)).body as ScheduleResult).lines[0]!.match!.line.trade).toMatchObject({
      price_pence: 95,
    });
  });

  it('takes a name given with the upload or the paste', async () => {
    const client = await visitor();
    const named = await upload(client, 'export.csv', Buffer.from('Plant,Qty\nAcer campestre 60-90 BR,5\n'), { name: 'Old Rectory hedge' });
    expect(named.body).toMatchObject({ name: 'Old Rectory hedge', line_count: 1 });
    expect((await paste(client, 'Yew 3L 40-60 x 100', '  North\u0007 bed ')).body).toMatchObject({ name: 'North  bed' });
  });

  it('hands a schedule of more than 200 lines to the worker, which matches it', async () => {
    const guest = await visitor();
    const stocked = CATALOGUE_ROWS.filter((r) => r.height !== 'Rootstock');
    const rows = Array.from({ length: 300 }, (_, i) => {
      const r = stocked[i % stocked.length]!;
      return [`${r.genus} ${r.species}`, r.height, r.form === 'Bare root' ? 'BR' : r.form, i + 1];
    });
    const response = await upload(guest, 'big.xlsx', await workbook([['Plant', 'Height', 'Form', 'Quantity'], ...rows]));
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ status: 'matching', line_count: 300, lines: [] });
    expect(rows.length).toBeGreaterThan(MATCH_INLINE_MAX_LINES);
    const id = response.body.id as string;
    expect(await db()('events').where({ name: 'schedule.submitted' }).whereRaw("payload->>'id' = ?", [id]).first()).toBeTruthy();

    await expect.poll(async () => (await guest.get(`/api/schedules/${id}`)).body.status, { timeout: 15_000 }).toBe('done');
    const done = (await guest.get(`/api/schedules/${id}`)).body as ScheduleResult;
    expect(done.lines).toHaveLength(300);
    expect(done.lines.map((l) => l.row)).toEqual(rows.map((_, i) => i + 1));
    // Every line names a stocked line exactly: all of them are matched (or ambiguous between twins).
    expect(done.counts.matched + done.counts.ambiguous).toBe(300);
    expect(done.lines[0]!.quantity).toBe(1);
    expect((await (await visitor()).get(`/api/schedules/${id}`)).status).toBe(404);

    // The job is idempotent: run again (a redelivered job) it leaves the matched schedule as it is;
    // a schedule pruned before its job ran is no error.
    const lines = await db()('schedule_lines').where({ schedule_id: id }).orderBy('row');
    await ctx.services.schedules.matchStored(id, { lastAttempt: true });
    expect(await db()('schedule_lines').where({ schedule_id: id }).orderBy('row')).toEqual(lines);
    await expect(ctx.services.schedules.matchStored('gone-gone-gone-gone-gone', { lastAttempt: true })).resolves.toBeUndefined();
  });

  it('refuses a state change without the CSRF token, storing nothing', async () => {
    const before = await count('schedules');
    const guest = await visitor();
    expect((await guest.post('/api/schedules', { text: SMALL }, { csrf: false })).status).toBe(419);
    expect(await count('schedules')).toBe(before);
  });

  it('refuses what is not a schedule with 422 and the field, storing nothing', async () => {
    const before = [await count('schedules'), await count('schedule_lines')];
    const client = await visitor();
    const refusals: [string, Promise<{ status: number; body: { errors?: Record<string, string[]> } }>, string][] = [
      ['20 MB', upload(client, 'huge.xlsx', Buffer.alloc(20 * 1024 * 1024, 65)), 'file'],
      ['20,000 lines', upload(client, 'long.csv', Buffer.from('Acer campestre 60-90 BR x 5\n'.repeat(20_000))), 'file'],
      ['a binary renamed .xlsx', upload(client, 'plants.xlsx', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 1)])), 'file'],
      ['a zip bomb', upload(client, 'bomb.xlsx', await xlsxBomb(200_000)), 'file'],
      ['an empty file', upload(client, 'empty.csv', Buffer.alloc(0)), 'file'],
      ['no plant names', upload(client, 'prices.csv', Buffer.from('Ref,Price\n1,2.50\n2,3.75\n')), 'file'],
      ['no file', sendForm(client, 'POST', '/api/schedules', { name: 'x' }), 'file'],
      ['empty text', paste(client, '   '), 'text'],
      ['text without plants', paste(client, '1\t2\n3\t4'), 'text'],
      ['text not a string', client.post('/api/schedules', { text: 42 }), 'text'],
      ['2,001 pasted lines', paste(client, 'Acer campestre 60-90 BR\n'.repeat(2001)), 'text'],
    ];
    for (const [what, request, field] of refusals) {
      const response = await request;
      expect(response.status, what).toBe(422);
      expect(response.body.errors?.[field]?.[0], what).toEqual(expect.any(String));
    }
    expect([await count('schedules'), await count('schedule_lines')]).toEqual(before);
    expect(filesUnder(path.join(ctx.deps.config.varDir, 'tmp'))).toEqual([]);
  });

  it(`limits one address to ${SCHEDULES_PER_MINUTE} schedules a minute`, async () => {
    const guest = await visitor();
    for (let i = 0; i < SCHEDULES_PER_MINUTE; i++) expect((await paste(guest, 'Yew 3L 40-60 x 1')).status).toBe(201);
    const refused = await paste(guest, 'Yew 3L 40-60 x 1');
    expect(refused.status).toBe(429);
    expect((await (await visitor()).post('/api/schedules', { text: 'Yew 3L 40-60 x 1' })).status).toBe(201);
  });
});

describe('housekeeping', () => {
  it('deletes schedules after a week, their lines with them', async () => {
    const guest = await visitor();
    const { id } = (await paste(guest, SMALL)).body as ScheduleResult;
    const { id: fresh } = (await paste(guest, SMALL)).body as ScheduleResult;
    await db()('schedules')
      .where({ id })
      .update({ created_at: db().raw("now() - interval '8 days'") });
    await ctx.services.schedules.prune();
    expect(await db()('schedules').whereIn('id', [id, fresh]).pluck('id')).toEqual([fresh]);
    expect(await db()('schedule_lines').where({ schedule_id: id }).count({ n: '*' }).first()).toEqual({ n: '0' });
    expect((await guest.get(`/api/schedules/${id}`)).status).toBe(404);
  });
});
