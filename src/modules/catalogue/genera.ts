import type { Knex } from 'knex';
import type { GenusDetail, GenusSummary } from '../../../shared/api/catalogue.ts';
import { genusSlug } from '../../../shared/slug.ts';
import { ORDER_KEY_SQL } from './constants.ts';
import { genusCommonNames, speciesCommonNames } from './common-names.ts';
import { speciesEpithet } from './species-epithet.ts';
import type { Viewer } from '../../viewer.ts';
import { presentItem } from './presenter.ts';
import { LINE_COLUMNS, tradeColumnsFor, type CatalogueRow, type ViewedRow } from './store.ts';

/** A summary plus the stored spellings behind its slug (two spellings may share one slug). */
export interface GenusEntry extends GenusSummary {
  spellings: string[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Every genus with its line count and newest update, sorted by name. Genera whose names give the
 * same slug ("Cuprocyparis" and "× Cuprocyparis") are one page, so they are one entry here.
 */
export async function genusEntries(db: Knex): Promise<GenusEntry[]> {
  const rows = (await db('catalogue_items')
    .whereNull('retired_at')
    .select('genus')
    .count({ lines: '*' })
    .max({ updated_at: 'updated_at' })
    .groupBy('genus')
    .orderBy('genus')) as { genus: string; lines: string | number; updated_at: Date | string }[];
  const bySlug = new Map<string, GenusEntry>();
  const entries: GenusEntry[] = [];
  for (const row of rows) {
    const slug = genusSlug(row.genus);
    if (!slug) continue; // a genus of punctuation only has no page
    const known = bySlug.get(slug);
    if (known) {
      known.lines += Number(row.lines);
      if (iso(row.updated_at) > known.updated_at) known.updated_at = iso(row.updated_at);
      known.spellings.push(row.genus);
      continue;
    }
    const entry = { name: row.genus, slug, lines: Number(row.lines), updated_at: iso(row.updated_at), spellings: [row.genus] };
    bySlug.set(slug, entry);
    entries.push(entry);
  }
  return entries;
}

/** " purple cherry plum ": a name as lower-case words between spaces, to find one name inside another. */
const words = (name: string) =>
  ` ${name
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()} `;

/**
 * The names a genus page lists: the genus's curated names, then those of each species on the page
 * in catalogue order — "Prunus (Cherry, Plum, Wild cherry, …)" — then the lines' own names that
 * add one. A line's name holding a listed one as whole words is a variant of it ("Double wild
 * cherry", "Plum rootstock, dwarfing") and stays in that line's row, not in the genus's names.
 */
function pageCommonNames(entry: GenusEntry, rows: CatalogueRow[]): string[] {
  const epithets = [...new Set(rows.map((r) => speciesEpithet(r.species)))];
  const curated = entry.spellings.flatMap((genus) => [
    ...genusCommonNames(genus),
    ...epithets.flatMap((e) => speciesCommonNames(genus, e)),
  ]);
  const listed: string[] = [];
  const known = new Set<string>();
  for (const name of curated) {
    if (!known.has(words(name))) listed.push(name);
    known.add(words(name));
  }
  for (const { common_name: name } of rows) {
    const own = words(name);
    if (!name || [...known].some((k) => own.includes(k))) continue;
    listed.push(name);
    known.add(own);
  }
  return listed;
}

/** The genus page of an entry: its lines in catalogue order and every name buyers know it by. */
export async function genusDetail(db: Knex, entry: GenusEntry, viewer: Viewer): Promise<GenusDetail | undefined> {
  const rows = (await db('catalogue_items')
    .whereNull('retired_at')
    .select(...LINE_COLUMNS, 'updated_at', ...tradeColumnsFor(db, viewer))
    .whereIn('genus', entry.spellings)
    .orderByRaw(ORDER_KEY_SQL)) as (ViewedRow & { updated_at: Date })[];
  if (!rows.length) return undefined; // deleted since the entry was listed
  return {
    name: entry.name,
    slug: entry.slug,
    common_names: pageCommonNames(entry, rows),
    lines: rows.map(({ updated_at: _u, ...row }) => presentItem(row, viewer)),
    updated_at: rows.reduce((newest, r) => (iso(r.updated_at) > newest ? iso(r.updated_at) : newest), iso(rows[0]!.updated_at)),
  };
}
