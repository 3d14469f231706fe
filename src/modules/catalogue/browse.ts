import type { CatalogueFacets, CataloguePage, GenusDetail, GenusSummary } from '../../../shared/api/catalogue.ts';
import type { Deps } from '../../deps.ts';
import type { Viewer } from '../../viewer.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from './constants.ts';
import { genusNames, NameIndex, NO_NAMES } from './fallback-names.ts';
import { genusDetail, genusEntries, type GenusEntry } from './genera.ts';
import { presentItem } from './presenter.ts';
import type { CatalogueQuery } from './schema.ts';
import { findLines, searchLines, searchWords } from './search.ts';
import { currentRevision } from './store.ts';

/** Sorts by position in a vocabulary; values outside it (legacy data) go last, alphabetically. */
const byVocabulary = (vocabulary: readonly string[]) => (a: string, b: string) => {
  const pa = vocabulary.indexOf(a);
  const pb = vocabulary.indexOf(b);
  return (pa < 0 ? Infinity : pa) - (pb < 0 ? Infinity : pb) || a.localeCompare(b);
};

/**
 * The catalogue as visitors browse it: the searched page with its facets, and the genus index and
 * pages. What they read besides the lines changes only with the catalogue, so it is cached per
 * revision in this process.
 */
export function catalogueBrowsing(deps: Pick<Deps, 'db'>) {
  // Facets cover the whole catalogue, which changes rarely: cache them per revision, so every
  // process sees an edit at once but a page view costs one tiny query instead of three scans.
  let facetCache: { revision: number; facets: CatalogueFacets } | undefined;

  /** `at`: the catalogue revision the caller's search statement read, else it is read here. */
  async function facets(at?: number): Promise<CatalogueFacets> {
    const revision = at ?? (await currentRevision(deps.db));
    if (facetCache?.revision === revision) return facetCache.facets;
    const distinct = async (column: 'genus' | 'form' | 'height') =>
      (await deps.db('catalogue_items').whereNull('retired_at').distinct(column).orderBy(column)).map(
        (r: Record<string, string>) => r[column]!,
      );
    const [genus, form, height] = await Promise.all([distinct('genus'), distinct('form'), distinct('height')]);
    const value = { genus, form: form.sort(byVocabulary(CATALOGUE_FORMS)), height: height.sort(byVocabulary(CATALOGUE_HEIGHTS)) };
    facetCache = { revision, facets: value };
    return value;
  }

  // The genus list changes only with the catalogue: cached per revision, like the facets.
  let genusCache: { revision: number; entries: GenusEntry[] } | undefined;
  // The names the search's fallback ranks, with the revision they were read at. A search sends
  // them without checking that revision first (one round trip, not two) and gets back the revision
  // it read: only a search that needed the fallback and read a newer catalogue reads them anew.
  let namesCache: { revision: number; index: NameIndex } | undefined;

  async function freshNames(): Promise<NameIndex> {
    const revision = await currentRevision(deps.db);
    const index = new NameIndex(await genusNames(deps.db));
    namesCache = { revision, index };
    return index;
  }

  async function entries(): Promise<GenusEntry[]> {
    const revision = await currentRevision(deps.db);
    if (genusCache?.revision === revision) return genusCache.entries;
    const value = await genusEntries(deps.db);
    genusCache = { revision, entries: value };
    return value;
  }

  return {
    /**
     * One page of the catalogue. Every word of `q` must appear (case-insensitively) in the genus,
     * species or common name, or in a curated common name of its species or genus
     * (common-names.ts); lines of the plant a name belongs to come first (`laurel` → the laurels
     * before other Prunus), then the rest in catalogue order (search.ts). The other filters are
     * exact. When a search matches nothing, the lines of the genera nearest to it by trigram
     * similarity stand in, named in `did_you_mean` (unless `match` is `exact`). Facets cover the
     * whole catalogue. Each line carries its `trade` fields for a trade viewer only.
     */
    async list(query: Partial<CatalogueQuery>, viewer: Viewer): Promise<CataloguePage> {
      const page = query.page ?? 0;
      const limit = query.limit ?? 50;
      const exact = { genus: query.genus, form: query.form, height: query.height };
      const words = searchWords(query.q);
      if (!words.length) {
        const [found, facetValues] = await Promise.all([findLines(deps.db, exact, page, limit, viewer), facets()]);
        return { results: found.rows.map((row) => presentItem(row, viewer)), total: found.total, facets: facetValues, did_you_mean: [] };
      }
      // The words, their total and (unless `match` is `exact`) the fallback are one statement.
      const fallback = query.match !== 'exact';
      const search = (index: NameIndex | undefined) =>
        searchLines(deps.db, { ...exact, words }, page, limit, viewer, fallback && index ? index.candidates(words.join(' ')) : NO_NAMES);
      const known = namesCache;
      const first = await search(known?.index);
      const stale = fallback && !first.matched && known?.revision !== first.revision;
      const answer = stale ? await search(await freshNames()) : first;
      return {
        results: answer.rows.map((row) => presentItem(row, viewer)),
        total: answer.total,
        // At the revision the search read: no query of its own unless the catalogue has changed.
        facets: await facets(answer.revision),
        did_you_mean: answer.didYouMean,
      };
    },

    /** Every genus with its line count and newest update, sorted by name (the genus index, the sitemap). */
    async genera(): Promise<GenusSummary[]> {
      return (await entries()).map(({ spellings: _spellings, ...summary }) => summary);
    },

    /** A genus page by its slug (see shared/slug.ts); undefined when no line has that genus. */
    async genus(slug: string, viewer: Viewer): Promise<GenusDetail | undefined> {
      const entry = (await entries()).find((e) => e.slug === slug);
      return entry && genusDetail(deps.db, entry, viewer);
    },
  };
}
