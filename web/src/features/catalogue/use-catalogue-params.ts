import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CatalogueSearch } from './api.ts';
import { PAGE_SIZE } from './constants.ts';

/** The catalogue's filters, as kept in the URL (?q=&genus=&form=&height=&page=). */
export interface CatalogueFilters {
  q: string;
  genus: string;
  form: string;
  height: string;
  /** Zero-based. */
  page: number;
}

const FILTER_KEYS = ['q', 'genus', 'form', 'height'] as const;

/** Options of the URL update. */
export interface UpdateOptions {
  /** Replace the history entry (typing) instead of adding one (choices Back should undo). */
  replace?: boolean;
}

/**
 * The filters read from and written to the query string, so a search can be bookmarked, shared
 * and undone with Back. Changing any filter returns to the first page; empty values and page 0
 * are left out of the URL.
 */
export function useCatalogueParams(): [CatalogueFilters, (changes: Partial<CatalogueFilters>, options?: UpdateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);

  const update = useCallback(
    (changes: Partial<CatalogueFilters>, options: UpdateOptions = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of FILTER_KEYS) {
            const value = changes[key];
            if (value === undefined) continue;
            if (value === '') next.delete(key);
            else next.set(key, value);
          }
          const filterChanged = FILTER_KEYS.some((key) => changes[key] !== undefined && changes[key] !== (current.get(key) ?? ''));
          const nextPage = filterChanged ? 0 : (changes.page ?? Number.parseInt(current.get('page') ?? '0', 10));
          if (nextPage > 0) next.set('page', String(nextPage));
          else next.delete('page');
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  return [filters, update];
}

/** The filters a query string asks for; anything missing or malformed means "no filter" / page 0. */
function filtersFromParams(params: URLSearchParams): CatalogueFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    q: params.get('q') ?? '',
    genus: params.get('genus') ?? '',
    form: params.get('form') ?? '',
    height: params.get('height') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 0,
  };
}

/** The search GET /api/catalogue is asked for, given the filters. */
export function searchFromFilters(filters: CatalogueFilters): CatalogueSearch {
  return { q: filters.q.trim(), genus: filters.genus, form: filters.form, height: filters.height, page: filters.page, limit: PAGE_SIZE };
}

/**
 * The search a catalogue URL asks for. The page component and the server's prefetch both use
 * it, so the query the server fills is exactly the one the hydrated page reads.
 */
export function searchFromParams(params: URLSearchParams): CatalogueSearch {
  return searchFromFilters(filtersFromParams(params));
}

/**
 * The catalogue URL for some filters (empty values and page 0 left out), e.g. for paging links
 * and "did you mean" links that must work without JavaScript.
 */
export function catalogueHref(filters: Partial<CatalogueFilters>): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.page && filters.page > 0) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `/catalogue?${query}` : '/catalogue';
}
