import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { insertUser } from '../../../test/auth.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { acceptance, insertQuotation, setStock } from '../../../test/quotations.ts';
import { HttpError } from '../../errors.ts';
import { quotationService } from '../quotations/service.ts';
import { acceptSchema } from './schema.ts';
import { orderService } from './service.ts';

/**
 * A revision being sent (v2 supersedes v1) and an acceptance of v1 at the same moment: both take
 * the quote request's row lock, so exactly one commits and there is never an order for a
 * superseded version. Each race is made deterministic by a third connection holding a row the
 * first contender needs until the second is waiting too (seen in pg_stat_activity), so the test
 * fails on every run if either side stops taking the request's lock.
 */
let context: TestContext;
let pool: Knex;
let buyerId: number;
let staffId: number;
let itemId: number;

const db = () => context.deps.db;
const input = () => acceptSchema('2026-11-27').parse(acceptance());

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  buyerId = (await insertUser(context.deps)).user.id;
  staffId = (await insertUser(context.deps, { role: 'admin' })).user.id;
  [itemId] = (await insertCatalogueItems(db(), [{ genus: 'Taxus', species: 'baccata', form: 'Root ball', height: '125-150' }])) as [number];
  await setStock(db(), [itemId], 500);
  pool = knex({ client: 'pg', connection: context.deps.config.databaseUrl, pool: { min: 3, max: 3 } });
});
afterAll(async () => {
  await pool?.destroy();
  await context?.close();
});

/** A sent v1 and a priced draft v2 of the same request. */
async function versions() {
  const v1 = await insertQuotation(db(), { userId: buyerId, lines: [{ catalogue_item_id: itemId, quantity: 10 }] });
  const [v2] = await db()('quotations')
    .insert({
      quote_request_id: v1.requestId,
      version: 2,
      reference: `${v1.reference.slice(0, -2)}/2`,
      status: 'draft',
      delivery_pence: 0,
      valid_until: '2099-12-31',
    })
    .returning('id');
  const line = await db()('quotation_lines').where({ quotation_id: v1.id }).first();
  await db()('quotation_lines').insert({ ...line, id: undefined, quotation_id: v2.id, unit_price_pence: 230 });
  return { v1, v2Id: v2.id as number };
}

/** Waits until `n` backends of this database wait for a row lock (the contenders are queued). */
async function waiters(n: number): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = await db().raw<{ rows: { n: string }[] }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if (Number(rows[0]!.n) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never saw ${n} transactions waiting for a lock`);
}

/** What a settled contender came to: 'ok', or the HTTP status of its refusal. */
const outcome = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 'ok' : result.reason instanceof HttpError ? result.reason.status : String(result.reason);

describe('sending v2 while v1 is being accepted', () => {
  it('accept first: the order stands and the send is refused, v2 stays a draft', async () => {
    const { v1, v2Id } = await versions();
    const orders = orderService({ ...context.deps, db: pool });
    const quotations = quotationService({ ...context.deps, db: pool });
    // Hold the stock row: the acceptance takes its locks, then waits here, mid-transaction.
    const holder = await db().transaction();
    await holder('catalogue_items').where({ id: itemId }).forUpdate().first();
    const accepting = orders.accept(v1.id, { userId: buyerId }, input());
    await waiters(1);
    const sending = quotations.send(v1.requestId, v2Id, staffId);
    await waiters(2);
    await holder.commit();
    const [accepted, sent] = await Promise.allSettled([accepting, sending]);

    expect([outcome(accepted), outcome(sent)]).toEqual(['ok', 409]);
    expect(await db()('quotations').where({ quote_request_id: v1.requestId }).orderBy('version').pluck('status')).toEqual([
      'accepted',
      'draft',
    ]);
    expect(await db()('orders').where({ quotation_id: v1.id }).count({ n: '*' }).first()).toEqual({ n: '1' });
    expect(await db()('events').where({ name: 'quotation.accepted' }).whereRaw("(payload->>'quotationId')::int = ?", [v1.id])).toHaveLength(
      1,
    );
  });

  it('send first: v1 is superseded and its acceptance refused with 409, no order, no stock taken', async () => {
    const { v1, v2Id } = await versions();
    const stockBefore = (await db()('catalogue_items').where({ id: itemId }).first()).stock_quantity as number;
    const orders = orderService({ ...context.deps, db: pool });
    const quotations = quotationService({ ...context.deps, db: pool });
    // Hold v2's row: the send takes the request's lock, then waits here, mid-transaction.
    const holder = await db().transaction();
    await holder('quotations').where({ id: v2Id }).forUpdate().first();
    const sending = quotations.send(v1.requestId, v2Id, staffId);
    await waiters(1);
    const accepting = orders.accept(v1.id, { userId: buyerId }, input());
    await waiters(2);
    await holder.commit();
    const [sent, accepted] = await Promise.allSettled([sending, accepting]);

    expect([outcome(sent), outcome(accepted)]).toEqual(['ok', 409]);
    expect((accepted as PromiseRejectedResult).reason.message).toMatch(/replaced by a newer version/);
    expect(await db()('quotations').where({ quote_request_id: v1.requestId }).orderBy('version').pluck('status')).toEqual([
      'superseded',
      'sent',
    ]);
    expect(await db()('orders').where({ quotation_id: v1.id })).toHaveLength(0);
    expect((await db()('catalogue_items').where({ id: itemId }).first()).stock_quantity).toBe(stockBefore);
  });
});
