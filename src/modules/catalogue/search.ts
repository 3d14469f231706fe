import type { Knex } from 'knex';
import { ORDER_KEY_SQL } from './constants.ts';
import { genusCommonNames, generaNamed } from './genus-common-names.ts';
import type { CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { TRADE_KEYS } from './import-preview.ts';
import { tradeObjectColumn, type CatalogueRow } from './store.ts';

/**
 * The catalogue search's queries. Words match with `ILIKE '%word%'`, which the trigram GIN indexes
 * (migration 20261124000001) answer without scanning the table; the "did you mean" fallback ranks
 * genera with pg_trgm's similarity. Every function takes the knex instance or transaction to use.
 */

/** What narrows the lines: search words (every one must match) or whole genera, plus exact filters. */
export interface LineFilter {
  words?: string[];
  /** Lines of these genera only (the fallback's pick). */
  genera?: string[];
  genus?: string;
  form?: string;
  height?: string;
}

/** A fallback candidate: a genus and how close the query is to its name or one of its common names (0–1). */
export interface GenusMatch {
  genus: string;
  score: number;
}

/** At most ten words: q is capped at 100 characters anyway, this bounds the WHERE clause. */
export const searchWords = (q: string | undefined): string[] => (q ?? '').split(/\s+/).filter(Boolean).slice(0, 10);

/** LIKE wildcards in a visitor's search are literal characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function filtered(db: Knex, filter: LineFilter): Knex.QueryBuilder {
  // Retired lines are history (plant lists, quotes), never part of the catalogue a buyer searches.
  const builder = db('catalogue_items').whereNull('retired_at');
  for (const word of filter.words ?? []) {
    const like = `%${escapeLike(word)}%`;
    // A curated name ("hornbeam") belongs to every line of its genus, even one whose own common
    // name is blank; the genus list is a constant, so the planner sees a plain `genus IN (…)`.
    const named = generaNamed(word);
    builder.where((w) => {
      w.whereILike('genus', like).orWhereILike('species', like).orWhereILike('common_name', like);
      if (named.length) w.orWhereIn('genus', named);
    });
  }
  if (filter.genera) builder.whereIn('genus', filter.genera);
  if (filter.genus) builder.where('genus', filter.genus);
  if (filter.form) builder.where('form', filter.form);
  if (filter.height) builder.where('height', filter.height);
  return builder;
}

const COLUMNS = ['id', 'code', 'genus', 'species', 'common_name', 'form', 'height'] as const;

/**
 * The query behind {@link findLines}: the page's rows, each carrying the total match count. Two
 * shapes, each the fast one for its case (exported for the plan checks):
 *
 * - Search words: the matches are a MATERIALIZED CTE, found the cheapest way (the trigram
 *   indexes), then counted by a window and sorted. Left to itself the planner may walk the
 *   (genus, species) index in page order reasoning that LIMIT stops it early, but the count needs
 *   every match first, so that walk reads the whole table.
 * - No words (the page's first view, exact filters, the fallback's genera): the rows come from
 *   that index walk, which LIMIT does stop early, and the count from a scalar subquery. A window
 *   count here would drag all 20,000 lines through a sort (25 ms against 1 ms).
 */
export function pageQuery(db: Knex, filter: LineFilter, page: number, limit: number, trade = false): Knex.QueryBuilder {
  // A trade viewer's page carries the trade fields in the same query (no second round trip), as
  // one object per line built by PostgreSQL for the page's rows only.
  const columns = trade ? [...COLUMNS, tradeObjectColumn(db)] : COLUMNS;
  const query: Knex.QueryBuilder = filter.words?.length
    ? db
        .withMaterialized('matched', filtered(db, filter).select(...COLUMNS, ...(trade ? TRADE_KEYS : [])))
        .from('matched')
        .select(...columns, db.raw('count(*) OVER () AS total'))
    : filtered(db, filter).select(...columns, filtered(db, filter).count('*').as('total'));
  return query
    .orderByRaw(ORDER_KEY_SQL)
    .limit(limit)
    .offset(page * limit);
}

/**
 * One page of matching lines in catalogue order and how many match in all, in one query. A page
 * past the end has no row to carry the count, so only then does a second query count (page 0
 * with no row means there are none).
 */
export async function findLines(
  db: Knex,
  filter: LineFilter,
  page: number,
  limit: number,
  trade = false,
): Promise<{ rows: (CatalogueRow & { trade?: CatalogueTrade })[]; total: number }> {
  const rows = (await pageQuery(db, filter, page, limit, trade)) as (CatalogueRow & { total: string | number })[];
  if (rows.length) return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]!.total) };
  if (page === 0) return { rows: [], total: 0 };
  const [count] = await filtered(db, filter).count<{ count: string }[]>({ count: '*' });
  return { rows: [], total: Number(count?.count ?? 0) };
}

/**
 * Every name a genus goes by, as parallel arrays for the fallback query: the genus itself, its
 * lines' common names and its curated names, each with the genus's line count (the tie-break).
 * Only genera the catalogue holds. Built by the service once per catalogue revision.
 */
export interface GenusNames {
  genera: string[];
  names: string[];
  lines: number[];
}

/** Reads {@link GenusNames} in one grouped scan. */
export async function genusNames(db: Knex): Promise<GenusNames> {
  const rows = (await db('catalogue_items').whereNull('retired_at').select('genus', 'common_name').count({ lines: '*' }).groupBy('genus', 'common_name')) as {
    genus: string;
    common_name: string;
    lines: string | number;
  }[];
  const byGenus = new Map<string, { names: Set<string>; lines: number }>();
  for (const row of rows) {
    const entry = byGenus.get(row.genus) ?? { names: new Set([row.genus, ...genusCommonNames(row.genus)]), lines: 0 };
    if (row.common_name) entry.names.add(row.common_name);
    entry.lines += Number(row.lines);
    byGenus.set(row.genus, entry);
  }
  const result: GenusNames = { genera: [], names: [], lines: [] };
  for (const [genus, { names, lines }] of byGenus) {
    for (const name of names) {
      result.genera.push(genus);
      result.names.push(name);
      result.lines.push(lines);
    }
  }
  return result;
}

/**
 * The genera nearest to `query`, best first, scored by pg_trgm's `strict_word_similarity` of the
 * query against their best name: a typo of a whole name ("Acre" ~ "Acer") or of a word in a
 * longer one ("hornbem" ~ "Upright hornbeam"). Plain `word_similarity` is too generous for short
 * queries (it counts only the query's trigrams: "acre" would match "acacia" as well as "Acer").
 * Ties go to the genus with more lines. Genera sharing no trigram with the query are left out.
 */
export async function nearestGenera(db: Knex, query: string, candidates: GenusNames, limit: number): Promise<GenusMatch[]> {
  const { rows } = (await db.raw(
    `SELECT genus, max(strict_word_similarity(:query, name)) AS score, max(lines) AS lines
       FROM unnest(:genera::text[], :names::text[], :lines::int[]) AS candidate(genus, name, lines)
      GROUP BY genus
     HAVING max(strict_word_similarity(:query, name)) > 0
      ORDER BY score DESC, lines DESC, genus
      LIMIT :limit`,
    { query, genera: candidates.genera, names: candidates.names, lines: candidates.lines, limit },
  )) as { rows: { genus: string; score: number }[] };
  return rows.map((r) => ({ genus: r.genus, score: Number(r.score) }));
}
