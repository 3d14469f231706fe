import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { insertUser } from '../../../test/auth.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { acceptance, insertQuotation, setStock } from '../../../test/quotations.ts';
import { HttpError } from '../../errors.ts';
import { acceptSchema } from './schema.ts';
import { orderService, type OrderService } from './service.ts';

/**
 * Acceptance against real PostgreSQL: stock is reserved atomically (the concurrency test: twenty
 * buyers at once, each on a connection of its own, competing for the same 100 plants), refusals
 * store nothing, cancellation gives the stock back, and only an open quotation can be answered.
 */
let context: TestContext;
let orders: OrderService;
let buyerId: number;
let adminId: number;

const db = () => context.deps.db;
const input = (overrides: Record<string, unknown> = {}) => acceptSchema('2026-11-27').parse(acceptance(overrides));
const stockOf = async (id: number) => (await db()('catalogue_items').where({ id }).first('stock_quantity')).stock_quantity as number | null;
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await db()(table).where(where).count({ n: '*' }).first())!.n);

/** The rejection of a promise as an HttpError (fails the test if it resolved or threw anything else). */
async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const outcome = await promise.then(
    () => new Error('expected a refusal'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(HttpError);
  return outcome as HttpError;
}

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  orders = context.services.orders;
  buyerId = (await insertUser(context.deps)).user.id;
  adminId = (await insertUser(context.deps, { role: 'admin' })).user.id;
});
afterAll(async () => {
  await context?.close();
});

describe('twenty acceptances at once competing for 100 plants', () => {
  let pool: Knex;
  afterAll(async () => {
    await pool?.destroy();
  });

  it('lets exactly ten through, refuses ten with 409 naming the line, never takes stock below zero, and cancelling gives it back', async () => {
    const [hornbeam] = await insertCatalogueItems(db(), [{ genus: 'Carpinus', species: 'betulus', form: 'Bare root', height: '60-90' }]);
    await setStock(db(), [hornbeam!], 100);
    const quotations: Awaited<ReturnType<typeof insertQuotation>>[] = [];
    for (let i = 0; i < 20; i++)
      quotations.push(await insertQuotation(db(), { userId: buyerId, lines: [{ catalogue_item_id: hornbeam!, quantity: 10 }] }));

    // Twenty connections of their own, opened before the race, so all twenty transactions really overlap.
    pool = knex({ client: 'pg', connection: context.deps.config.databaseUrl, pool: { min: 20, max: 20 } });
    await Promise.all(Array.from({ length: 20 }, () => pool.raw('SELECT 1')));
    const racing = orderService({ ...context.deps, db: pool });
    const results = await Promise.allSettled(quotations.map((q) => racing.accept(q.id, { userId: buyerId }, input())));

    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as HttpError] : []));
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const error of refused) {
      expect(error.status).toBe(409);
      expect(error.body()).toEqual({
        message: 'Carpinus betulus Bare root 60-90: only 0 available',
        errors: { 'lines.0': ['Carpinus betulus Bare root 60-90: only 0 available'] },
      });
    }
    expect(await stockOf(hornbeam!)).toBe(0);
    // Ten orders, each with its one reserved line; the refused quotations are still open, nothing stored for them.
    expect(await count('orders')).toBe(10);
    const lines = await db()('order_lines').whereIn('order_id', db()('orders').select('id'));
    expect(lines.every((line) => line.reserved && line.quantity === 10)).toBe(true);
    expect(await count('quotations', { status: 'sent' })).toBe(10);
    expect(await count('events', { name: 'order.confirmed' })).toBe(10);

    // Cancelling one order gives its ten back, and no more.
    const first = (accepted[0] as PromiseFulfilledResult<{ id: number }>).value;
    await orders.setStatus(first.id, 'cancelled', 'Buyer rang to cancel', adminId);
    expect(await stockOf(hornbeam!)).toBe(10);
    // Which a refused buyer can now have.
    const waiting = quotations.find((q) => results[quotations.indexOf(q)]!.status === 'rejected')!;
    await orders.accept(waiting.id, { userId: buyerId }, input());
    expect(await stockOf(hornbeam!)).toBe(0);
  });
});

describe('acceptances of several lines at once', () => {
  let pool: Knex;
  afterAll(async () => {
    await pool?.destroy();
  });

  it('never deadlock, whatever order their quotations list the same rows in', async () => {
    const [a, b, c] = await insertCatalogueItems(db(), 3);
    await setStock(db(), [a!, b!], 1000);
    await setStock(db(), [c!], null);
    const quotations: Awaited<ReturnType<typeof insertQuotation>>[] = [];
    for (let i = 0; i < 20; i++) {
      const lines = [
        { catalogue_item_id: a!, quantity: 7 },
        { catalogue_item_id: c!, quantity: 1 },
        { catalogue_item_id: b!, quantity: 11 },
      ];
      // Some take both rows (listed either way round), some only the second: a transaction holding
      // the first row must never wait for one holding the second while that one waits for it.
      const chosen = [lines, [...lines].reverse(), [lines[2]!]][i % 3]!;
      quotations.push(await insertQuotation(db(), { userId: buyerId, lines: chosen }));
    }
    pool = knex({ client: 'pg', connection: context.deps.config.databaseUrl, pool: { min: 20, max: 20 } });
    await Promise.all(Array.from({ length: 20 }, () => pool.raw('SELECT 1')));
    const racing = orderService({ ...context.deps, db: pool });
    const results = await Promise.allSettled(quotations.map((q) => racing.accept(q.id, { userId: buyerId }, input())));
    expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
    const both = quotations.filter((_, i) => i % 3 !== 2).length;
    expect([await stockOf(a!), await stockOf(b!), await stockOf(c!)]).toEqual([1000 - both * 7, 1000 - 20 * 11, null]);
  });
});

describe('the content revision', () => {
  it('stays when an acceptance or a cancellation moves stock, and still moves when a line itself is edited', async () => {
    const revision = () => context.deps.contentRevision.current();
    const [a] = await insertCatalogueItems(db(), 1);
    await setStock(db(), [a!], 50);
    const q = await insertQuotation(db(), { userId: buyerId, lines: [{ catalogue_item_id: a!, quantity: 5 }] });
    const before = await revision();
    const order = await orders.accept(q.id, { userId: buyerId }, input());
    await orders.setStatus(order.id, 'cancelled', '', adminId);
    expect(await stockOf(a!)).toBe(50);
    expect(await revision()).toBe(before);
    await db()('catalogue_items').where({ id: a }).update({ common_name: 'Renamed' });
    expect(await revision()).not.toBe(before);
  });
});

describe('accepting a quotation', () => {
  it('copies the lines and totals, numbers the order SO-YYYY-NNNNNN, wins the request and starts the history', async () => {
    const [a, b] = await insertCatalogueItems(db(), 2);
    await setStock(db(), [a!], 500);
    await setStock(db(), [b!], null); // tracks no stock: reserves nothing
    const q = await insertQuotation(db(), {
      userId: buyerId,
      lines: [
        { catalogue_item_id: a!, quantity: 120, unit_price_pence: 185 },
        { catalogue_item_id: b!, quantity: 3, unit_price_pence: 8950 },
      ],
    });
    const created = await orders.accept(q.id, { userId: buyerId }, input());
    expect(created.reference).toMatch(/^SO-\d{4}-\d{6}$/);

    const order = await db()('orders').where({ id: created.id }).first();
    expect(order).toMatchObject({
      quotation_id: q.id,
      user_id: buyerId,
      status: 'confirmed',
      po_number: 'PO-4471',
      delivery_postcode: 'TN26 1AA',
      total_pence: q.totalPence,
      subtotal_pence: 120 * 185 + 3 * 8950,
    });
    const lines = await db()('order_lines').where({ order_id: created.id }).orderBy('position');
    expect(lines.map((l) => [l.catalogue_item_id, l.quantity, l.unit_price_pence, l.reserved])).toEqual([
      [a, 120, 185, true],
      [b, 3, 8950, false],
    ]);
    expect(await stockOf(a!)).toBe(380);
    expect(await stockOf(b!)).toBeNull();
    expect((await db()('quotations').where({ id: q.id }).first()).status).toBe('accepted');
    expect((await db()('quote_requests').where({ id: q.requestId }).first()).status).toBe('won');
    expect(await db()('order_status_changes').where({ order_id: created.id }).select('status', 'changed_by')).toEqual([
      { status: 'confirmed', changed_by: null },
    ]);
  });

  it('refuses when any line falls short, naming each short line, and stores and takes nothing', async () => {
    const [a, b, c] = await insertCatalogueItems(db(), [
      { genus: 'Taxus', species: 'baccata', form: 'Rootball', height: '125-150' },
      { genus: 'Ilex', species: 'aquifolium', form: '3L', height: '40-60' },
      {},
    ]);
    await setStock(db(), [a!], 40);
    await setStock(db(), [b!], 5);
    await setStock(db(), [c!], 1000);
    const q = await insertQuotation(db(), {
      userId: buyerId,
      lines: [
        { catalogue_item_id: c!, quantity: 10 },
        { catalogue_item_id: a!, quantity: 50 },
        { catalogue_item_id: b!, quantity: 6 },
      ],
    });
    const ordersBefore = await count('orders');
    const error = await refusal(orders.accept(q.id, { userId: buyerId }, input()));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({
      'lines.1': ['Taxus baccata Rootball 125-150: only 40 available'],
      'lines.2': ['Ilex aquifolium 3L 40-60: only 5 available'],
    });
    expect(error.message).toBe('Taxus baccata Rootball 125-150: only 40 available (and 1 more error)');
    // The line that could be reserved was given back with the rest: one transaction.
    expect([await stockOf(a!), await stockOf(b!), await stockOf(c!)]).toEqual([40, 5, 1000]);
    expect(await count('orders')).toBe(ordersBefore);
    expect((await db()('quotations').where({ id: q.id }).first()).status).toBe('sent');
  });

  it('sums the lines of one catalogue row before taking stock', async () => {
    const [a] = await insertCatalogueItems(db(), 1);
    await setStock(db(), [a!], 15);
    const q = await insertQuotation(db(), {
      userId: buyerId,
      lines: [
        { catalogue_item_id: a!, quantity: 10 },
        { catalogue_item_id: a!, quantity: 10 },
      ],
    });
    const error = await refusal(orders.accept(q.id, { userId: buyerId }, input()));
    expect(Object.keys(error.errors!)).toEqual(['lines.0', 'lines.1']);
    expect(await stockOf(a!)).toBe(15);
  });

  it('makes one order when the same quotation is accepted twice, even at once', async () => {
    const [a] = await insertCatalogueItems(db(), 1);
    await setStock(db(), [a!], 100);
    const q = await insertQuotation(db(), { userId: buyerId, lines: [{ catalogue_item_id: a!, quantity: 10 }] });
    const results = await Promise.allSettled([1, 2, 3].map(() => orders.accept(q.id, { userId: buyerId }, input())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: 'This quotation has already been accepted.' });
    expect(await count('orders', { quotation_id: q.id })).toBe(1);
    expect(await stockOf(a!)).toBe(90);
  });

  it('refuses an expired quotation (past its date, or marked expired), a superseded, declined or draft one', async () => {
    const [a] = await insertCatalogueItems(db(), 1);
    await setStock(db(), [a!], 100);
    const lines = [{ catalogue_item_id: a!, quantity: 1 }];
    const pastDate = await insertQuotation(db(), { userId: buyerId, lines, validUntil: '2020-01-31' });
    const marked = await insertQuotation(db(), { userId: buyerId, lines, validUntil: '2020-01-31', status: 'expired' });
    const superseded = await insertQuotation(db(), { userId: buyerId, lines, status: 'superseded' });
    const declined = await insertQuotation(db(), { userId: buyerId, lines, status: 'declined' });
    const draft = await insertQuotation(db(), { userId: buyerId, lines, status: 'draft' });

    for (const q of [pastDate, marked])
      expect((await refusal(orders.accept(q.id, { userId: buyerId }, input()))).body()).toEqual({
        message: 'This quotation expired on 31 January 2020: ask us for a new one.',
      });
    expect(await refusal(orders.accept(superseded.id, { userId: buyerId }, input()))).toMatchObject({
      status: 409,
      message: 'This quotation has been replaced by a newer version: answer that one instead.',
    });
    expect(await refusal(orders.accept(declined.id, { userId: buyerId }, input()))).toMatchObject({ status: 409 });
    expect(await refusal(orders.accept(draft.id, { userId: buyerId }, input()))).toMatchObject({ status: 404 });
    expect(await stockOf(a!)).toBe(100);
  });

  it('is valid through its last day (UK) and expired the day after', async () => {
    const [a] = await insertCatalogueItems(db(), 1);
    const q = await insertQuotation(db(), { userId: buyerId, lines: [{ catalogue_item_id: a!, quantity: 1 }], validUntil: '2026-11-27' });
    const at = (instant: string) => orderService({ ...context.deps, now: () => new Date(instant) });
    // 00:30 BST on 1 July would be 30 June in UTC; in November UK time is UTC.
    expect(await refusal(at('2026-11-28T00:00:01Z').accept(q.id, { userId: buyerId }, input()))).toMatchObject({ status: 409 });
    await expect(at('2026-11-27T23:59:59Z').accept(q.id, { userId: buyerId }, input())).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it('answers 404 to another buyer, and to nobody', async () => {
    const [a] = await insertCatalogueItems(db(), 1);
    const q = await insertQuotation(db(), { userId: buyerId, lines: [{ catalogue_item_id: a!, quantity: 1 }] });
    const other = (await insertUser(context.deps)).user.id;
    expect(await refusal(orders.accept(q.id, { userId: other }, input()))).toMatchObject({ status: 404 });
    expect(await refusal(orders.decline(q.id, { userId: other }, 'No'))).toMatchObject({ status: 404 });
    expect(await refusal(orders.accept(q.id, { userId: null, token: 'guess' }, input()))).toMatchObject({ status: 404 });
    expect((await db()('quotations').where({ id: q.id }).first()).status).toBe('sent');
  });
});

describe('declining and expiring', () => {
  it('declines with the reason, loses the request and records quotation.declined', async () => {
    const [a] = await insertCatalogueItems(db(), 1);
    const q = await insertQuotation(db(), { userId: buyerId, lines: [{ catalogue_item_id: a!, quantity: 1 }] });
    expect(await orders.decline(q.id, { userId: buyerId }, 'Went with a nearer nursery')).toEqual({ id: q.id, status: 'declined' });
    expect(await db()('quotations').where({ id: q.id }).first('status', 'decline_reason')).toEqual({
      status: 'declined',
      decline_reason: 'Went with a nearer nursery',
    });
    expect((await db()('quote_requests').where({ id: q.requestId }).first()).status).toBe('lost');
    expect(await db()('events').where({ name: 'quotation.declined' }).whereRaw("(payload->>'quotationId')::int = ?", [q.id])).toHaveLength(
      1,
    );
    expect(await refusal(orders.accept(q.id, { userId: buyerId }, input()))).toMatchObject({
      status: 409,
      message: 'This quotation has been declined.',
    });
  });

  it('expires sent quotations whose validity ended before today, each with its event, and leaves the rest', async () => {
    const [a] = await insertCatalogueItems(db(), 1);
    const lines = [{ catalogue_item_id: a!, quantity: 1 }];
    const ended = await insertQuotation(db(), { userId: buyerId, lines, validUntil: '2026-11-26' });
    const lastDay = await insertQuotation(db(), { userId: buyerId, lines, validUntil: '2026-11-27' });
    const accepted = await insertQuotation(db(), { userId: buyerId, lines, validUntil: '2026-11-01', status: 'accepted' });
    const sweeper = orderService({ ...context.deps, now: () => new Date('2026-11-27T12:00:00Z') });
    await db()('quotations').where({ status: 'sent' }).whereNotIn('id', [ended.id, lastDay.id]).update({ valid_until: '2099-12-31' });

    expect(await sweeper.expireDue()).toBe(1);
    const status = async (id: number) => (await db()('quotations').where({ id }).first()).status;
    expect([await status(ended.id), await status(lastDay.id), await status(accepted.id)]).toEqual(['expired', 'sent', 'accepted']);
    expect(
      await db()('events').where({ name: 'quotation.expired' }).whereRaw("(payload->>'quotationId')::int = ?", [ended.id]),
    ).toHaveLength(1);
    expect(await sweeper.expireDue()).toBe(0); // nothing twice
  });
});
