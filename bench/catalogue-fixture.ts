import { insertRows, realisticRows } from '../src/modules/catalogue/fixtures.ts';
import { renderCatalogue } from '../src/modules/catalogue/render-job.ts';
import type { Deps } from '../src/deps.ts';

/** Catalogue size of the render benchmarks (issue 9: "5,000 rows, PDF + XLSX"). */
export const CATALOGUE_ROWS = 5_000;

/**
 * Fills an empty bench database with `rows` realistic catalogue lines (about 160 genera, cultivars,
 * blank common names) and vacuums, as PostgreSQL here runs without autovacuum.
 */
export async function seedCatalogue(deps: Pick<Deps, 'db'>, rows = CATALOGUE_ROWS): Promise<void> {
  await insertRows(deps.db, realisticRows(rows));
  await deps.db.raw('VACUUM ANALYZE catalogue_items');
}

/** Makes the catalogue's files stale, as an admin's edit does, so the next render does the work. */
export async function touchCatalogue(deps: Pick<Deps, 'db'>): Promise<void> {
  await deps.db('catalogue_state').where({ id: 1 }).increment('revision', 1);
}

/** One full render job (PDF + XLSX of every row, stored and recorded), timed in milliseconds. */
export async function timedRender(deps: Deps): Promise<number> {
  await touchCatalogue(deps);
  const started = performance.now();
  await renderCatalogue(deps);
  return performance.now() - started;
}

/** The middle value (the upper of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
