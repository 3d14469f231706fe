import type { Knex } from 'knex';
import { FORM_POSITION_SQL, HEIGHT_POSITION_SQL, ORDER_KEY_SQL } from './constants.ts';
import { generaNamed, speciesNamed } from './common-names.ts';
import type { GenusNames } from './fallback-names.ts';
import { SPECIES_EPITHET_SQL } from './species-epithet.ts';
import type { Viewer } from '../../viewer.ts';
import { LINE_COLUMNS, tradeColumnsFor, type ViewedRow } from './store.ts';
import { CODE_PATTERN } from './schema.ts';

/**
 * The catalogue search's queries. Words match with `ILIKE '%word%'`, which the trigram GIN indexes
 * (migration 20261124000001) answer without scanning the table; the "did you mean" fallback ranks
 * genera with pg_trgm's similarity. Every function takes the knex instance or transaction to use.
 */

/** What narrows the lines: search words (every one must match), plus exact filters. */
export interface LineFilter {
  words?: string[];
  genus?: string;
  form?: string;
  height?: string;
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
  /** The same species as [genus, epithet] pairs. */
  plants: [string, string][];
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
    plants: named.flatMap(([genus, epithets]) => epithets.map((epithet): [string, string] => [genus, epithet])),
    code: CODE_PATTERN.test(word.toUpperCase()) ? word.toUpperCase() : null,
  };
}

function filtered(db: Knex, filter: LineFilter, from = 'catalogue_items'): Knex.QueryBuilder {
  // Retired lines are history (plant lists, quotes), never part of the catalogue a buyer searches.
  const builder = db(from).whereNull('retired_at');
  for (const { like, species, speciesGenera, genera, code } of (filter.words ?? []).map(wordMatch)) {
    // A curated name ("hornbeam") belongs to every line of its genus or species, even one whose
    // own common name is blank. One OR per word: for listings and words no trigram index can
    // answer (see probe), where reading the lines is the plan anyway.
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
  if (filter.genus) builder.where('genus', filter.genus);
  if (filter.form) builder.where('form', filter.form);
  if (filter.height) builder.where('height', filter.height);
  return builder;
}

/**
 * How well a matching line answers the words, as buyers mean them (0 best), as an ORDER BY
 * expression over a line's columns: 0 when every word is in a name of the line's own plant (its
 * common name or its species' curated ones: `laurel` → Prunus laurocerasus and lusitanica), 1
 * when every word is at least in a name of its genus (Laurus, "Bay laurel"), 2 for the rest
 * (botanical matches). Lines of one rank keep catalogue order, so a botanical search ("acer")
 * reads exactly as before. For words too short to index; {@link hitsQuery} grades the others
 * the same way, by the index that found the line.
 */
function searchRank(words: string[]): { sql: string; bindings: string[] } {
  const levels = words.map(wordMatch).map(({ like, species, genera, code }) => {
    const ownPlant = species.length ? `common_name ILIKE ? OR ${SPECIES_KEY_SQL} IN (${placeholders(species)})` : 'common_name ILIKE ?';
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
 * One page of lines in catalogue order, exact filters only (the page's first view, a genus, a
 * form): the rows come from a walk of the (genus, species) index, which LIMIT stops early, and
 * the count from a scalar subquery. A window count here would drag all 20,000 lines through a
 * sort (25 ms against 1 ms).
 */
function listingQuery(db: Knex, filter: LineFilter, page: number, limit: number, viewer: Viewer): Knex.QueryBuilder {
  return filtered(db, filter)
    .select(...LINE_COLUMNS, ...tradeColumnsFor(db, viewer), filtered(db, filter).count('*').as('total'))
    .orderByRaw(ORDER_KEY_SQL)
    .limit(limit)
    .offset(page * limit);
}

/**
 * {@link listingQuery}'s page and how many lines match in all. A page past the end has no row to
 * carry the count, so only then does a second query count (page 0 with no row means there are none).
 */
export async function findLines(
  db: Knex,
  filter: LineFilter,
  page: number,
  limit: number,
  viewer: Viewer,
): Promise<{ rows: ViewedRow[]; total: number }> {
  const rows = (await listingQuery(db, filter, page, limit, viewer)) as (ViewedRow & { total: string | number })[];
  if (rows.length) return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]!.total) };
  if (page === 0) return { rows: [], total: 0 };
  const [count] = await filtered(db, filter).count<{ count: string }[]>({ count: '*' });
  return { rows: [], total: Number(count?.count ?? 0) };
}

/** Runs of letters and digits pg_trgm makes trigrams of (three at least). */
const TRIGRAM_RUNS = /[\p{L}\p{N}]{3,}/gu;

/**
 * The part of a word the trigram indexes are asked for: at most six letters (four trigrams) of
 * its longest run of letters and digits, or undefined when it has no run of three (`x`, `10`),
 * which no trigram index can answer: such a word matches so many lines that reading them all
 * is the right plan, and it only narrows the lines the other words find.
 *
 * Why not the whole word: GIN prices every trigram of its condition as a random page read, and
 * before a VACUUM has counted its entries it guesses high; a long word (`pseudoplatanus`, a
 * product code) then prices the index above a table scan of 5,000 lines. A few trigrams keep the
 * index the cheap path at any size; the whole word is checked on the lines they find.
 */
function probe(word: string): string | undefined {
  const runs = word.match(TRIGRAM_RUNS) ?? [];
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest ? longest.slice(0, 6) : undefined;
}

/**
 * `column ILIKE like` through the column's trigram index, asking the index for `piece` only (see
 * {@link probe}); `column || ''` is no indexed expression, so the whole word is a filter on the
 * lines the index returns rather than more trigrams in the index condition.
 */
function likeViaIndex(column: string, like: string, piece: string): [string, string[]] {
  const probed = `%${escapeLike(piece)}%`;
  return probed === like ? [`${column} ILIKE ?`, [like]] : [`${column} ILIKE ? AND (${column} || '') ILIKE ?`, [probed, like]];
}

/**
 * The ways a word names a line, each its own SELECT of `select` with a single indexed condition:
 * the trigram indexes for the line's own fields, the (genus, species) index for curated genus and
 * species names, the unique index for a product code. Each adds `level`, how well that way names
 * the line, as {@link searchRank} grades it (0 its own plant, 1 its genus, 2 botanical).
 *
 * One OR over the same conditions is the same set, but the planner prices it as a whole against
 * a table scan; at 5,000 lines without statistics the scan won (ILIKE costs it almost nothing)
 * and took 5–40 ms. A single indexed condition has no such rival at any size.
 */
function wordArms(db: Knex, { word, piece }: IndexedWord, select: readonly (string | Knex.Raw)[]): Knex.QueryBuilder[] {
  const { like, genera, plants, code } = wordMatch(word);
  const arm = (level: number, [condition, bindings]: [string, readonly string[]]) =>
    db('catalogue_items')
      .whereNull('retired_at')
      .whereRaw(condition, bindings)
      .select(...select, db.raw(`${level} AS level`));
  const arms = [
    arm(2, likeViaIndex('genus', like, piece)),
    arm(2, likeViaIndex('species', like, piece)),
    arm(0, likeViaIndex('common_name', like, piece)),
  ];
  if (genera.length) arms.push(arm(1, [`genus IN (${placeholders(genera)})`, genera]));
  if (code) arms.push(arm(0, ['code = ?', [code]]));
  // A curated species name: its genus's lines whose species field holds the epithet (both
  // indexed), then the exact epithet rule, computed for those few lines only.
  for (const [genus, epithet] of plants) {
    const [holds, bindings] = likeViaIndex('species', `%${escapeLike(epithet)}%`, probe(epithet) ?? epithet);
    arms.push(arm(0, [`genus = ? AND ${holds} AND ${SPECIES_KEY_SQL} = ?`, [genus, ...bindings, `${genus} ${epithet}`]]));
  }
  return arms;
}

/** A search word a trigram index can answer, and the part of it the index is asked for. */
interface IndexedWord {
  word: string;
  piece: string;
}

/**
 * The arms of each indexable word as MATERIALIZED CTEs on `query` (`word0_arm0`…), and the SQL
 * reading each word's arms as one set. Materialized, each arm is planned alone: under one Append
 * the planner hands a few hundred-line arms to parallel workers at 100,000 lines, and starting
 * them costs more than the reads (q=hornbeam 19 ms instead of 5 on two shared cores).
 */
function armsOf(db: Knex, query: Knex.QueryBuilder, words: readonly IndexedWord[], columns: readonly (string | Knex.Raw)[]): string[] {
  return words.map((word, w) => {
    const arms = wordArms(db, word, w === 0 ? columns : ['id AS hit']).map((arm, a) => {
      query.withMaterialized(`word${w}_arm${a}`, arm);
      return `SELECT * FROM word${w}_arm${a}`;
    });
    return arms.join(' UNION ALL ');
  });
}

/**
 * Which of the nearest genera the fallback shows: pg_trgm scores a one-letter slip in a short name
 * low ("Acre" ~ "Acer" is 0.25, below pg_trgm's own 0.3 default), so the floor sits under that; and
 * only genera close to the best, so a strong match does not drag weak ones in beside it.
 */
const FALLBACK_MIN_SCORE = 0.2;
const FALLBACK_OF_BEST = 0.9;
const FALLBACK_MAX_GENERA = 3;
/** How many of the nearest genera are considered, and named when even the fallback finds no line. */
const NEAREST_GENERA = 10;
const NAMED_WHEN_EMPTY = 3;

/**
 * The search for words, in one statement: the page of matching lines, best first, how many match
 * in all, and — when nothing matches — the "did you mean" fallback: the genera nearest to the
 * words by pg_trgm's `strict_word_similarity` against `names` (a typo of a whole name, "Acre" ~
 * "Acer", or of a word in a longer one, "hornbem" ~ "Upright hornbeam"; plain `word_similarity`
 * is too generous for short queries), ties to the genus with more lines, and their lines in
 * catalogue order. Pass no names for no fallback.
 *
 * - `matched`: the lines the first word names, joined to the ids each other word names (every
 *   way a word names a line read by its own index: {@link wordArms}, {@link armsOf}), with the
 *   exact filters and any word too short to index applied to them.
 * - `nearest`, `picked`, `fallback` run only when nothing matched (an uncorrelated NOT EXISTS is
 *   evaluated once, before any name is scored); `fallback` reads its genera through the
 *   (genus, species) index, an array the planner always prices as a few values.
 * - One row at least (the left join), so a page past the end still carries the total.
 */
export function searchQuery(db: Knex, filter: LineFilter, page: number, limit: number, viewer: Viewer, names: GenusNames): Knex.Raw {
  const words = filter.words ?? [];
  const indexed = words.flatMap((word) => {
    const piece = probe(word);
    return piece ? [{ word, piece }] : [];
  });
  const short = words.filter((word) => !probe(word));
  const columns = [...LINE_COLUMNS, ...tradeColumnsFor(db, viewer)];
  const exact = { genus: filter.genus, form: filter.form, height: filter.height };
  const shortRank = short.length ? searchRank(short) : undefined;
  let matched: Knex.QueryBuilder;
  if (indexed.length) {
    // The first word's lines, narrowed by the others' ids, the exact filters and the short
    // words; a line ranks as its worst-graded word.
    matched = db.queryBuilder();
    const [first, ...others] = armsOf(db, matched, indexed, columns);
    // The first word's lines, with their columns (read by the arms' own scans), each once with
    // the best level the word gives it; then the other words' ids with theirs.
    matched.with('found', db.raw(`SELECT DISTINCT ON (id) * FROM (${first}) AS arms ORDER BY id, level`));
    const lines = filtered(db, { ...exact, words: short }, 'found');
    others.forEach((arms, i) =>
      lines.join(db.raw(`(SELECT hit, min(level) AS level FROM (${arms}) AS arms GROUP BY hit) AS word${i}`), `word${i}.hit`, 'found.id'),
    );
    const levels = ['found.level', ...others.map((_, i) => `word${i}.level`), ...(shortRank ? [shortRank.sql] : [])];
    lines.select(
      ...LINE_COLUMNS,
      ...(viewer.trade ? ['trade'] : []),
      db.raw(`GREATEST(${levels.join(', ')}) AS rank`, shortRank?.bindings ?? []),
    );
    matched.select('*').from(lines.as('matched_lines'));
  } else {
    matched = filtered(db, { ...exact, words }).select(...columns, db.raw(`${shortRank!.sql} AS rank`, shortRank!.bindings));
  }
  const fallback = filtered(db, exact)
    .whereRaw('genus = ANY (ARRAY(SELECT genus FROM picked))')
    .select(...columns, db.raw('0 AS rank'));
  const { genera, names: candidates, lines } = names;
  const query = words.join(' ');
  return db.raw(
    `WITH matched AS MATERIALIZED (?),
     nearest AS MATERIALIZED (
       SELECT genus, max(strict_word_similarity(?, name)) AS score, max(lines) AS lines
         FROM unnest(?::text[], ?::text[], ?::int[]) AS candidate(genus, name, lines)
        WHERE NOT EXISTS (SELECT FROM matched)
        GROUP BY genus
       HAVING max(strict_word_similarity(?, name)) > 0
        ORDER BY score DESC, lines DESC, genus
        LIMIT ${NEAREST_GENERA}),
     picked AS MATERIALIZED (
       SELECT genus, score, lines FROM nearest
        WHERE score >= ${FALLBACK_MIN_SCORE} AND score >= ${FALLBACK_OF_BEST} * (SELECT max(score) FROM nearest)
        ORDER BY score DESC, lines DESC, genus
        LIMIT ${FALLBACK_MAX_GENERA}),
     fallback AS MATERIALIZED (?),
     answer AS (SELECT * FROM matched UNION ALL SELECT * FROM fallback),
     page AS (
       SELECT *, ${FORM_POSITION_SQL} AS form_position, ${HEIGHT_POSITION_SQL} AS height_position FROM answer
        ORDER BY rank, ${ORDER_KEY_SQL} LIMIT ? OFFSET ?)
     SELECT page.*,
            (SELECT count(*) FROM answer) AS total,
            EXISTS (SELECT FROM matched) AS matched,
            CASE WHEN EXISTS (SELECT FROM matched) THEN '{}'::text[]
                 WHEN EXISTS (SELECT FROM fallback) THEN ARRAY(SELECT genus FROM picked ORDER BY score DESC, lines DESC, genus)
                 ELSE ARRAY(SELECT genus FROM nearest ORDER BY score DESC, lines DESC, genus LIMIT ${NAMED_WHEN_EMPTY})
            END AS did_you_mean,
            (SELECT revision FROM catalogue_state WHERE id = 1) AS revision
       FROM (SELECT) AS one LEFT JOIN page ON true
      ORDER BY page.rank, page.genus, page.species, page.form_position, page.height_position, page.id`,
    [matched, query, genera, candidates, lines, query, fallback, limit, page * limit],
  );
}

/** What {@link searchLines} answers: the page, the total, the genera named, and what it was read at. */
export interface SearchAnswer {
  rows: ViewedRow[];
  total: number;
  /** Whether the words themselves matched a line (otherwise the rows, if any, are the fallback's). */
  matched: boolean;
  didYouMean: string[];
  /** The catalogue revision the statement read, to tell whether `names` were current. */
  revision: number;
}

/** A row as {@link searchQuery} returns it: a line (or nulls) and the answer's own columns. */
type SearchRow = ViewedRow & {
  rank: number | null;
  form_position: number | null;
  height_position: number | null;
  total: string | number;
  matched: boolean;
  did_you_mean: string[];
  revision: string | number;
};

/** Runs {@link searchQuery}. */
export async function searchLines(
  db: Knex,
  filter: LineFilter,
  page: number,
  limit: number,
  viewer: Viewer,
  names: GenusNames,
): Promise<SearchAnswer> {
  const { rows } = (await searchQuery(db, filter, page, limit, viewer, names)) as { rows: SearchRow[] };
  const first = rows[0]!;
  return {
    // The one row of a page without lines has a null id (the left join).
    rows:
      first.id === null
        ? []
        : rows.map(
            ({ rank: _r, form_position: _f, height_position: _h, total: _t, matched: _m, did_you_mean: _d, revision: _v, ...row }) => row,
          ),
    total: Number(first.total),
    matched: first.matched,
    didYouMean: first.did_you_mean,
    revision: Number(first.revision),
  };
}
