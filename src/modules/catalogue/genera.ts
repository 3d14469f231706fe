import type { Knex } from 'knex';
import type { GenusDetail, GenusSummary } from '../../../shared/api/catalogue.ts';
import { genusSlug } from '../../../shared/slug.ts';
import { ORDER_KEY_SQL } from './constants.ts';
import { genusCommonNames } from './genus-common-names.ts';
import { presentItem, type CatalogueViewer } from './presenter.ts';
import { nestTrade, tradeSelectColumns, type CatalogueRow } from './store.ts';

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

/** The genus page of an entry: its lines in catalogue order and every name buyers know it by. */
export async function genusDetail(db: Knex, entry: GenusEntry, viewer: CatalogueViewer): Promise<GenusDetail | undefined> {
  const rows = (await db('catalogue_items')
    .whereNull('retired_at')
    .select('id', 'code', 'genus', 'species', 'common_name', 'form', 'height', 'updated_at', ...(viewer.trade ? tradeSelectColumns(db) : []))
    .whereIn('genus', entry.spellings)
    .orderByRaw(ORDER_KEY_SQL)) as (CatalogueRow & { updated_at: Date })[];
  if (!rows.length) return undefined; // deleted since the entry was listed
  const names = new Map<string, string>();
  for (const name of [...genusCommonNames(entry.name), ...rows.map((r) => r.common_name)]) {
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return {
    name: entry.name,
    slug: entry.slug,
    common_names: [...names.values()],
    lines: rows.map(({ updated_at: _u, ...row }) => presentItem(viewer.trade ? nestTrade(row) : row, viewer)),
    updated_at: rows.reduce((newest, r) => (iso(r.updated_at) > newest ? iso(r.updated_at) : newest), iso(rows[0]!.updated_at)),
  };
}
