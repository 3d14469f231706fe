import type { Knex } from 'knex';
import { genusCommonNames, speciesCommonNames } from './common-names.ts';
import { SPECIES_EPITHET_SQL } from './species-epithet.ts';

/**
 * The names the "did you mean" fallback ranks genera by (search.ts), and the few of them a query
 * can score against at all. Built by the service once per catalogue revision.
 */

/**
 * Every name a genus goes by, as parallel arrays for the search query: the genus itself, its
 * lines' common names, its curated names and those of its species in the catalogue, each with
 * the genus's line count (the tie-break). Only genera the catalogue holds.
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

const ASCII = /^[\x20-\x7e]*$/;

/**
 * pg_trgm's trigrams of an ASCII text, as `show_trgm` lists them: lower case, split into words
 * of letters and digits, each padded with two spaces before and one after. (Outside ASCII,
 * "letter" and lower case are the database locale's, so this does not guess: see {@link NameIndex}.)
 */
export function asciiTrigrams(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3));
  }
  return trigrams;
}

/**
 * {@link GenusNames} with an inverted index of their trigrams. A name sharing no trigram with the
 * query scores 0 in `strict_word_similarity` and can never be suggested, so the search sends only
 * the names that share one: about a tenth of them, which keeps every search's parameters small
 * (all 2,800 names of a 100,000-line catalogue are 90 KB and 5 ms of similarity per query).
 * Names outside ASCII are always sent, as is every name for a query outside ASCII: there
 * PostgreSQL's own rules decide, and the answer is the same as if every name had been sent.
 */
export class NameIndex {
  private readonly byTrigram = new Map<string, number[]>();
  private readonly always: number[] = [];

  constructor(readonly names: GenusNames) {
    names.names.forEach((name, i) => {
      if (!ASCII.test(name)) return void this.always.push(i);
      for (const trigram of asciiTrigrams(name)) {
        const list = this.byTrigram.get(trigram);
        if (list) list.push(i);
        else this.byTrigram.set(trigram, [i]);
      }
    });
  }

  /** The names `query` shares a trigram with (and those outside ASCII), in their original order. */
  candidates(query: string): GenusNames {
    if (!ASCII.test(query)) return this.names;
    const picked = new Set(this.always);
    for (const trigram of asciiTrigrams(query)) for (const i of this.byTrigram.get(trigram) ?? []) picked.add(i);
    const order = [...picked].sort((a, b) => a - b);
    return {
      genera: order.map((i) => this.names.genera[i]!),
      names: order.map((i) => this.names.names[i]!),
      lines: order.map((i) => this.names.lines[i]!),
    };
  }
}

/** No candidates: a search that must not fall back (`match=exact`), or before any names are read. */
export const NO_NAMES: GenusNames = Object.freeze({ genera: [], names: [], lines: [] });
