import { realisticRows } from '../src/modules/catalogue/fixtures.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext, startTestServer } from '../test/harness.ts';

/** The searches measured: an exact genus, a common name, one ranked through species-level names, and a typo that takes the fallback. */
export const SEARCH_PATHS = [
  '/api/catalogue?q=acer',
  '/api/catalogue?q=hornbeam',
  '/api/catalogue?q=laurel',
  '/api/catalogue?q=acre',
] as const;
const BASELINE_PATH = '/healthz';
/** The catalogue page's first view (no search): printed for information, no target. */
const LISTING_PATH = '/api/catalogue';

export interface SearchFigures {
  rows: number;
  /** Measured freshly loaded, before any ANALYZE. */
  fresh: boolean;
  /** p95 / p50 in ms per path, searches and the /healthz baseline measured in the same rounds. */
  p95: Record<string, number>;
  p50: Record<string, number>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * GET /api/catalogue searches on real PostgreSQL with 5,000, 20,000 and 100,000 realistic lines
 * (about 160 genera, species and cultivars, common names; src/modules/catalogue/fixtures.ts),
 * loaded straight into a database of its own, each size adding lines to the last. The 5,000 are
 * measured freshly loaded, before any ANALYZE or VACUUM (the planner knows only the table's size:
 * where search plans used to flip, issue 20); the larger sizes after an ANALYZE, as an import runs
 * one. Sequential requests over keep-alive, the paths interleaved round by round so drift hits
 * them alike; /healthz in the same rounds is the floor (HTTP + middleware, no query).
 */
export async function benchCatalogueSearch(rounds = 200, sizes = [5_000, 20_000, 100_000]): Promise<SearchFigures[]> {
  await setupTemplate();
  const context = await createTestContext({ redis: false });
  const server = await startTestServer(context);
  const db = context.deps.db;
  const figures: SearchFigures[] = [];
  const rows = realisticRows(Math.max(...sizes));
  let loaded = 0;
  try {
    // The first size stays unanalyzed while it is measured, even where autovacuum runs (this
    // database is the bench's own; the later sizes are analyzed explicitly).
    await db.raw('ALTER TABLE catalogue_items SET (autovacuum_enabled = false)');
    for (const size of sizes) {
      for (let i = loaded; i < size; i += 1000) await db('catalogue_items').insert(rows.slice(i, Math.min(i + 1000, size)));
      // A new revision, as an import makes: the service's per-revision caches (facets, genus names) refill.
      await db('catalogue_state').where({ id: 1 }).increment('revision', 1);
      const fresh = !loaded;
      if (!fresh) await db.raw('ANALYZE catalogue_items');
      loaded = size;

      const paths = [...SEARCH_PATHS, BASELINE_PATH, LISTING_PATH];
      const times: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
      for (let round = -20; round < rounds; round++) {
        for (const path of paths) {
          const started = performance.now();
          const response = await fetch(server.baseUrl + path, { headers: { accept: 'application/json' } });
          const body = await response.text();
          const elapsed = performance.now() - started;
          if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
          if (path !== BASELINE_PATH && path !== LISTING_PATH && !(JSON.parse(body) as { total: number }).total)
            throw new Error(`${path} found nothing`);
          if (round >= 0) times[path]!.push(elapsed); // the first 20 rounds warm caches and connections
        }
      }
      const sorted = Object.entries(times).map(([path, ms]) => [path, ms.sort((a, b) => a - b)] as const);
      figures.push({
        rows: size,
        fresh,
        p95: Object.fromEntries(sorted.map(([path, ms]) => [path, percentile(ms, 95)])),
        p50: Object.fromEntries(sorted.map(([path, ms]) => [path, percentile(ms, 50)])),
      });
      for (const [path, ms] of sorted) {
        console.log(
          `catalogue search, ${size} lines${fresh ? ' (fresh)' : ''}: ${path} p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await server.close();
    await context.close();
  }
  return figures;
}

// `npx tsx bench/catalogue-search.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchCatalogueSearch();
}
