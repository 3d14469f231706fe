import { fork } from 'node:child_process';
import path from 'node:path';
import { realisticRows } from '../src/modules/catalogue/fixtures.ts';
import { renderCatalogue } from '../src/modules/catalogue/render-job.ts';
import { renderPriceList } from '../src/modules/trade/price-list-job.ts';
import { signedIn } from '../test/admin.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext, startTestServer } from '../test/harness.ts';
import type { TestClient } from '../test/http-client.ts';
import { insertTradeApplication } from '../test/trade.ts';
import { median } from './catalogue-fixture.ts';
import type { ClientJob } from './trade-api-client.ts';

export interface TradeFigures {
  rows: number;
  /** One buyer's price list job (PDF + XLSX with prices, stored), median ms. */
  priceListMs: number;
  /** The public catalogue render job of the same rows (PDF + XLSX, stored), median ms. */
  publicMs: number;
  apiRows: number;
  /** GET /api/catalogue p95 (ms) as an approved trade buyer and as a guest, per path. */
  buyerP95: Record<string, number>;
  guestP95: Record<string, number>;
  /** The same for a signed-in buyer without a trade account: what a session costs, prices aside. */
  memberP95: Record<string, number>;
  /** Medians of the same samples, printed beside the p95s: a p95 of a few ms moves with the machine's noise. */
  buyerMedian: Record<string, number>;
  guestMedian: Record<string, number>;
}

const RENDER_ROUNDS = 9;
const API_ROUNDS = 600;
/** The catalogue page's first view and a search, as the buyer uses them. */
export const TRADE_API_PATHS = ['/api/catalogue', '/api/catalogue?q=acer'] as const;

/** Runs trade-api-client.ts in a child process and returns its times (ms) by identity and path. */
function runClient(job: ClientJob): Promise<Record<'buyer' | 'guest' | 'member', Record<string, number[]>>> {
  const child = fork(path.join(import.meta.dirname, 'trade-api-client.ts'), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { times: Record<'buyer' | 'guest' | 'member', Record<string, number[]>> }) => resolve(message.times));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the API load generator exited with ${code} before answering`)));
    child.send(job);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Issue 10's two costs of trade prices, on real PostgreSQL, each against its baseline in the same
 * run: (1) rendering one buyer's 200-line price list (PDF + XLSX, stored) against the public
 * catalogue render of the same lines, alternating rounds after a warm-up; (2) the catalogue API's
 * p95 for an approved trade buyer against a guest (and a signed-in buyer without trade) on 5,000
 * priced lines, sent from a separate process (trade-api-client.ts) and interleaved round by round
 * so drift hits every identity alike.
 */
export async function benchTrade(renderRows = 200, apiRows = 5_000): Promise<TradeFigures> {
  await setupTemplate();
  const context = await createTestContext({ redis: false });
  const server = await startTestServer(context);
  const { db } = context.deps;
  try {
    const load = async (count: number) => {
      await db('catalogue_items').delete();
      const rows = realisticRows(count).map((row, i) => ({
        ...row,
        price_pence: 350 + (i % 40) * 25,
        price_breaks: JSON.stringify([
          { min_quantity: 10, price_pence: 300 },
          { min_quantity: 50, price_pence: 275 },
        ]),
        stock_status: i % 3 ? 'in_stock' : 'ready_from',
        stock_quantity: i % 3 ? 100 + i : null,
        ready_from: i % 3 ? null : '2027-03-01',
      }));
      for (let i = 0; i < rows.length; i += 1000) await db('catalogue_items').insert(rows.slice(i, i + 1000));
      await db('catalogue_state').where({ id: 1 }).increment('revision', 1);
      await db.raw('VACUUM ANALYZE catalogue_items');
    };

    const buyer = await signedIn(server, context.deps, { role: 'user' });
    await insertTradeApplication(db, buyer.userId, 'approved');

    // (1) Renders: each round asks for a fresh public render and a fresh price list.
    await load(renderRows);
    const publicTimes: number[] = [];
    const priceListTimes: number[] = [];
    for (let round = -2; round < RENDER_ROUNDS; round++) {
      await db('catalogue_state').where({ id: 1 }).increment('revision', 1);
      let started = performance.now();
      await renderCatalogue(context.deps);
      if (round >= 0) publicTimes.push(performance.now() - started);
      await db('price_lists').insert({ user_id: buyer.userId, requested_at: db.fn.now() }).onConflict('user_id').merge(['requested_at']);
      started = performance.now();
      await renderPriceList(context.deps, buyer.userId);
      if (round >= 0) priceListTimes.push(performance.now() - started);
    }
    const stored = await db('price_lists').where({ user_id: buyer.userId }).first();
    if (!stored?.pdf_key) throw new Error('the price list was not rendered');

    // (2) The API: the buyer's session against a guest and a signed-in buyer without trade, from a
    // load generator in its own process (trade-api-client.ts), after checking who sees prices.
    await load(apiRows);
    const guest: TestClient = server.client();
    const member = await signedIn(server, context.deps, { role: 'user' });
    const identities = { buyer, guest, member };
    for (const p of TRADE_API_PATHS) {
      for (const [who, client] of Object.entries(identities)) {
        const response = await client.get(p);
        if (response.status !== 200) throw new Error(`${who} ${p}: ${response.status}`);
        const hasTrade = 'trade' in (response.body as { results: object[] }).results[0]!;
        if (hasTrade !== (who === 'buyer')) throw new Error(`${who} ${p}: trade field ${hasTrade ? 'present' : 'missing'}`);
      }
    }
    const cookies = Object.fromEntries(
      Object.entries(identities).map(([who, client]) => [who, [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')]),
    );
    const times = await runClient({ baseUrl: guest.baseUrl, cookies, paths: TRADE_API_PATHS, rounds: API_ROUNDS, warmup: 30 });
    const at = (p: number) => (list: Record<string, number[]>) =>
      Object.fromEntries(
        Object.entries(list).map(([url, ms]) => [
          url,
          percentile(
            ms.sort((a, b) => a - b),
            p,
          ),
        ]),
      );
    const p95 = at(95);
    return {
      rows: renderRows,
      priceListMs: median(priceListTimes),
      publicMs: median(publicTimes),
      apiRows,
      buyerP95: p95(times.buyer),
      guestP95: p95(times.guest),
      memberP95: p95(times.member),
      buyerMedian: at(50)(times.buyer),
      guestMedian: at(50)(times.guest),
    };
  } finally {
    await server.close();
    await context.close();
  }
}
