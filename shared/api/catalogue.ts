/** The catalogue as the API shows it (src/modules/catalogue/: presenter, genera, import preview). */

/** One catalogue line: an explicit field list, never the whole row. */
export interface CatalogueLine {
  /** A line keeps its id for life: an import updates it in place, removing it retires it. */
  id: number;
  /** The product code, e.g. `ACECAM-BR-6090`: unique, editable by staff, never reused for another line. */
  code: string;
  genus: string;
  species: string;
  /** Empty when the line has none. */
  common_name: string;
  form: string;
  height: string;
  /**
   * Only for an approved trade buyer (and staff): the line's trade price and availability. For
   * everyone else the field is absent, never null — the server leaves it out.
   */
  trade?: CatalogueTrade;
  /**
   * Only on a retired line (ISO 8601): one no longer in the catalogue, kept for the plant lists
   * and quote requests that name it and for staff to reinstate. Absent on every catalogue line.
   */
  retired_at?: string;
}

export const STOCK_STATUSES = ['in_stock', 'limited', 'ready_from', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** A quantity break: from `min_quantity` plants on, each costs `price_pence`. Ascending by quantity. */
export interface PriceBreak {
  min_quantity: number;
  price_pence: number;
}

/** A line's trade-only fields (null where staff have not set them). `ready_from` is YYYY-MM-DD. */
export interface CatalogueTrade {
  price_pence: number | null;
  price_breaks: PriceBreak[];
  stock_status: StockStatus | null;
  stock_quantity: number | null;
  ready_from: string | null;
}

/** Distinct values over the whole catalogue, for the page's filter menus. */
export interface CatalogueFacets {
  genus: string[];
  form: string[];
  height: string[];
}

/** GET /api/catalogue: one page of lines, the total, and the values present per filter. */
export interface CataloguePage {
  results: CatalogueLine[];
  total: number;
  facets: CatalogueFacets;
  /**
   * Empty when the search matched lines. Otherwise the genera whose lines `results` holds instead
   * (the query was a typo or a name of theirs: "Acre" → ["Acer"]), or, when even those gave
   * nothing, up to three genera nearest the query (possibly none).
   */
  did_you_mean: string[];
}

/** A genus as the genus index and the sitemap list it (GET /api/catalogue/genera). */
export interface GenusSummary {
  name: string;
  slug: string;
  /** How many catalogue lines it has. */
  lines: number;
  /** The newest `updated_at` of its lines, ISO 8601. */
  updated_at: string;
}

/** A genus page's data (GET /api/catalogue/genera/{slug}). */
export interface GenusDetail {
  name: string;
  slug: string;
  /** Its curated names first, then its lines' own common names not already listed. */
  common_names: string[];
  /** Its lines in catalogue order. */
  lines: CatalogueLine[];
  updated_at: string;
}

/** A generated file as the downloads list shows it: the public URL, never the storage key. */
export interface CatalogueDownload {
  url: string;
  bytes: number;
  rows: number;
  revision: number;
  generated_at: string;
}

/** GET /api/catalogue/downloads: each file is null until the worker has generated it. */
export interface CatalogueDownloads {
  pdf: CatalogueDownload | null;
  xlsx: CatalogueDownload | null;
}

/**
 * A catalogue line as an import preview shows it (no id). `code` is empty on an added row whose
 * file gave none: the line gets the next free code of its plant when it is stored.
 */
export type PreviewLine = Omit<CatalogueLine, 'id' | 'retired_at'>;

/**
 * POST /api/catalogue/import/preview: what an import would do, from one file against one catalogue
 * revision. Rows match lines by product code (or, in a file without codes, by genus, species,
 * form and height): a matched line is updated in place and keeps its id; a line the file lacks is
 * retired, never deleted; a retired line in the file is reinstated.
 */
export interface ImportPreview {
  /** Hands the confirm back to the server: the revision previewed and the file's SHA-256. */
  token: string;
  counts: { added: number; changed: number; retired: number; reinstated: number; unchanged: number };
  /** The first lines of each kind (a few hundred at most); `counts` has the totals. */
  added: PreviewLine[];
  changed: { before: PreviewLine; after: PreviewLine }[];
  retired: PreviewLine[];
  /** Retired lines the file brings back, as they will read. */
  reinstated: PreviewLine[];
}
