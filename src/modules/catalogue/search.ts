import type { Knex } from 'knex';
import { ORDER_KEY_SQL } from './constants.ts';
import { genusCommonNames, generaNamed, speciesCommonNames, speciesNamed } from './common-names.ts';
import { SPECIES_EPITHET_SQL } from './species-epithet.ts';
import type { Viewer } from '../../viewer.ts';
import { TRADE_KEYS } from './import-preview.ts';
import { LINE_COLUMNS, tradeColumnsFor, type ViewedRow } from './store.ts';
import { CODE_PATTERN } from './schema.ts';

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

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** "Prunus laurocerasus": a line's genus and species epithet, the key of its curated species names. */
const SPECIES_KEY_SQL = `genus || ' ' || ${SPECIES_EPITHET_SQL}`;

/**
 * The ways one search word can name a line: in its own fields (a substring, as `ILIKE '%word%'`),
 * by a curated name of its species, or by a curated name of its genus (common-names.ts). The
 * curated lists are constants, so the planner sees plain `genus IN (…)` / `key IN (…)` lists.
 */
interface WordMatch {
  like: string;
  /** "Genus epithet" of the species a curated name of contains the word, and their genera. */
  species: string[];
  speciesGenera: string[];
  /** Genera a curated genus name of contains the word. */
  genera: string[];
  /** The word as a product code ("acecam-br-6090" → ACECAM-BR-6090), if it has a code's shape. */
  code: string | null;
}

function wordMatch(word: string): WordMatch {
  const named = [...speciesNamed(word)];
  return {
    like: `%${escapeLike(word)}%`,
    species: named.flatMap(([genus, epithets]) => epithets.map((epithet) => `${genus} ${epithet}`)),
    speciesGenera: named.map(([genus]) => genus),
    genera: generaNamed(word),
    code: CODE_PATTERN.test(word.toUpperCase()) ? word.toUpperCase() : null,
  };
}

function filtered(db: Knex, filter: LineFilter): Knex.QueryBuilder {
  // Retired lines are history (plant lists, quotes), never part of the catalogue a buyer searches.
  const builder = db('catalogue_items').whereNull('retired_at');
  for (const { like, species, speciesGenera, genera, code } of (filter.words ?? []).map(wordMatch)) {
    // A curated name ("hornbeam") belongs to every line of its genus or species, even one whose
    // own common name is blank. The species' genera come first, so the (genus, species) index
    // answers that arm of the OR as it does the genera's.
    builder.where((w) => {
      w.whereILike('genus', like).orWhereILike('species', like).orWhereILike('common_name', like);
      if (genera.length) w.orWhereIn('genus', genera);
      // A code copied from a price list or a quote finds its line (whole codes only: the unique
      // index answers that; a part of a code is no name a buyer types).
      if (code) w.orWhere('code', code);
      if (species.length)
        w.orWhere((s) => s.whereIn('genus', speciesGenera).whereRaw(`${SPECIES_KEY_SQL} IN (${placeholders(species)})`, species));
    });
  }
  if (filter.genera) builder.whereIn('genus', filter.genera);
  if (filter.genus) builder.where('genus', filter.genus);
  if (filter.form) builder.where('form', filter.form);
  if (filter.height) builder.where('height', filter.height);
  return builder;
}

/**
 * How well a matching line answers the words, as buyers mean them (0 best), as an ORDER BY
 * expression over {@link pageQuery}'s matches (which carry `species_key`): 0 when every word is
 * in a name of the line's own plant (its common name or its species' curated ones: `laurel` →
 * Prunus laurocerasus and lusitanica), 1 when every word is at least in a name of its genus
 * (Laurus, "Bay laurel"), 2 for the rest (botanical matches). Lines of one rank keep catalogue
 * order, so a botanical search ("acer") reads exactly as before.
 */
function searchRank(words: string[]): { sql: string; bindings: string[] } {
  const levels = words.map(wordMatch).map(({ like, species, genera, code }) => {
    const ownPlant = species.length ? `common_name ILIKE ? OR species_key IN (${placeholders(species)})` : 'common_name ILIKE ?';
    const ownCode = code ? ' OR code = ?' : '';
    const genus = genera.length ? ` WHEN genus IN (${placeholders(genera)}) THEN 1` : '';
    return {
      sql: `CASE WHEN ${ownPlant}${ownCode} THEN 0${genus} ELSE 2 END`,
      bindings: [like, ...species, ...(code ? [code] : []), ...genera],
    };
  });
  // A line ranks as its worst-matched word.
  return { sql: `GREATEST(${levels.map((l) => l.sql).join(', ')})`, bindings: levels.flatMap((l) => l.bindings) };
}

/**
 * The query behind {@link findLines}: the page's rows, each carrying the total match count. Two
 * shapes, each the fast one for its case (exported for the plan checks):
 *
 * - Search words: the matches are a MATERIALIZED CTE, found the cheapest way (the trigram
 *   indexes), each with its species key computed once, then counted by a window and sorted by
 *   {@link searchRank}. Left to itself the planner may walk the (genus, species) index in page
 *   order reasoning that LIMIT stops it early, but the count needs every match first, so that
 *   walk reads the whole table.
 * - No words (the page's first view, exact filters, the fallback's genera): the rows come from
 *   that index walk, which LIMIT does stop early, and the count from a scalar subquery. A window
 *   count here would drag all 20,000 lines through a sort (25 ms against 1 ms).
 */
export function pageQuery(db: Knex, filter: LineFilter, page: number, limit: number, viewer: Viewer): Knex.QueryBuilder {
  // A trade viewer's page carries the trade fields in the same query (no second round trip), as
  // one object per line built by PostgreSQL for the page's rows only.
  const columns = [...LINE_COLUMNS, ...tradeColumnsFor(db, viewer)];
  if (filter.words?.length) {
    const rank = searchRank(filter.words);
    return db
      .withMaterialized(
        'matched',
        filtered(db, filter).select(...LINE_COLUMNS, ...(viewer.trade ? TRADE_KEYS : []), db.raw(`${SPECIES_KEY_SQL} AS species_key`)),
      )
      .from('matched')
      .select(...columns, db.raw('count(*) OVER () AS total'))
      .orderByRaw(`${rank.sql}, ${ORDER_KEY_SQL}`, rank.bindings)
      .limit(limit)
      .offset(page * limit);
  }
  return filtered(db, filter)
    .select(...columns, filtered(db, filter).count('*').as('total'))
    .orderByRaw(ORDER_KEY_SQL)
    .limit(limit)
    .offset(page * limit);
}

/**
 * One page of matching lines, best first for search words ({@link searchRank}) and otherwise in
 * catalogue order, and how many match in all, in one query. A page past the end has no row to
 * carry the count, so only then does a second query count (page 0 with no row means there are none).
 */
export async function findLines(
  db: Knex,
  filter: LineFilter,
  page: number,
  limit: number,
  viewer: Viewer,
): Promise<{ rows: ViewedRow[]; total: number }> {
  const rows = (await pageQuery(db, filter, page, limit, viewer)) as (ViewedRow & { total: string | number })[];
  if (rows.length) return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]!.total) };
  if (page === 0) return { rows: [], total: 0 };
  const [count] = await filtered(db, filter).count<{ count: string }[]>({ count: '*' });
  return { rows: [], total: Number(count?.count ?? 0) };
}

/**
 * Every name a genus goes by, as parallel arrays for the fallback query: the genus itself, its
 * lines' common names, its curated names and those of its species in the catalogue, each with
 * the genus's line count (the tie-break).
 * Only genera the catalogue holds. Built by the service once per catalogue revision.
 */
export interface GenusNames {
  genera: string[];
  names: string[];
  lines: number[];
}

/** Reads {@link GenusNames} in one grouped scan. */
export async function genusNames(db: Knex): Promise<GenusNames> {
  const rows = (await db('catalogue_items')
    .whereNull('retired_at')
    .select('genus', 'common_name', db.raw(`${SPECIES_EPITHET_SQL} AS epithet`))
    .count({ lines: '*' })
    .groupBy('genus', 'common_name', 'epithet')) as { genus: string; common_name: string; epithet: string; lines: string | number }[];
  const byGenus = new Map<string, { names: Set<string>; lines: number }>();
  for (const row of rows) {
    const entry = byGenus.get(row.genus) ?? { names: new Set([row.genus, ...genusCommonNames(row.genus)]), lines: 0 };
    if (row.common_name) entry.names.add(row.common_name);
    // The curated names of the species the catalogue holds, not of every species of the genus.
    for (const name of speciesCommonNames(row.genus, row.epithet)) entry.names.add(name);
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
