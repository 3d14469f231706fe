/** A rendered page as the cache keeps it: the full document, and its gzip when it is the same for everyone. */
export interface CachedPage {
  status: number;
  html: string;
  /** Absent when the page carries a per-visitor CSRF token (it is compressed per response). */
  gzip?: Buffer;
}

/** Options of {@link pageCache}. */
export interface PageCacheOptions {
  /** The most pages kept; the least recently used go first. */
  maxEntries: number;
  /** The most bytes of HTML (plus gzip) kept. */
  maxBytes: number;
}

/**
 * Rendered public pages by content revision + path + query. A new revision simply misses (the
 * key changes) and old entries age out of the LRU, so nothing has to be invalidated. Bounded in
 * entries and bytes, because the query string is the visitor's to choose.
 */
export function pageCache(options: PageCacheOptions) {
  const entries = new Map<string, CachedPage & { bytes: number }>();
  let bytes = 0;
  const keyOf = (revision: number, pathAndQuery: string) => `${revision}\u0000${pathAndQuery}`;

  return {
    get(revision: number, pathAndQuery: string): CachedPage | undefined {
      const key = keyOf(revision, pathAndQuery);
      const hit = entries.get(key);
      if (!hit) return undefined;
      // Map order is insertion order: re-inserting marks it most recently used.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    },

    /** Stores a page, with its gzip when it is the same for everyone (page-gzip.ts). */
    set(revision: number, pathAndQuery: string, page: CachedPage): CachedPage {
      const entry: CachedPage & { bytes: number } = { ...page, bytes: 0 };
      entry.bytes = Buffer.byteLength(page.html) + (entry.gzip?.length ?? 0) + pathAndQuery.length;
      if (entry.bytes > options.maxBytes) return entry;
      const key = keyOf(revision, pathAndQuery);
      const previous = entries.get(key);
      if (previous) bytes -= previous.bytes;
      entries.delete(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const [oldest, value] of entries) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        entries.delete(oldest);
        bytes -= value.bytes;
      }
      return entry;
    },

    /** Figures for tests and the dashboard. */
    stats(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes };
    },
  };
}
