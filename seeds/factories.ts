import type { Knex } from 'knex';
import type { Renditions } from '../src/modules/galleries/model.ts';

/**
 * Row factories the seeds insert their demo content with, and the tests build their rows with
 * (Epic Stack style): `make*` builds a plain row with sensible defaults, `insert*` writes it with
 * knex and returns what the database stored. They live here, not in test/, because seeding runs
 * in production (every start) and production code never loads a test helper; test/factories.ts
 * holds the rows only tests need. Pass a transaction as `db` inside a transaction (PGlite has a
 * single connection).
 */

let sequence = 0;
/** A number unique within this process, so made-up names never collide. */
const next = () => ++sequence;

export interface WidgetInput {
  name: string;
  type: 'TEXT' | 'IMAGE';
  html: string | null;
  image_path: string | null;
  image_width: number | null;
  image_height: number | null;
  alt: string | null;
}

/** A TEXT widget with a unique name unless overridden. */
export function makeWidget(overrides: Partial<WidgetInput> = {}): WidgetInput {
  const n = next();
  return {
    name: `TestWidget${n}`,
    type: 'TEXT',
    html: `<p>Test widget ${n}.</p>`,
    image_path: null,
    image_width: null,
    image_height: null,
    alt: null,
    ...overrides,
  };
}

export interface GalleryInput {
  /** Explicit ids are for the fixed banner galleries (1, 2, 3); otherwise the sequence decides. */
  id?: number;
  name: string;
}

export function makeGallery(overrides: Partial<GalleryInput> = {}): GalleryInput {
  return { name: `Test gallery ${next()}`, ...overrides };
}

/** Moves the galleries id sequence past the largest id (after inserts with explicit ids). */
export async function syncGallerySequence(db: Knex): Promise<void> {
  await db.raw("SELECT setval(pg_get_serial_sequence('galleries', 'id'), GREATEST((SELECT max(id) FROM galleries), 1))");
}

interface GalleryImageInput {
  gallery_id: number;
  status: 'processing' | 'ready' | 'failed';
  original_path: string;
  renditions: Renditions | null;
  width: number | null;
  height: number | null;
  alt: string;
  link: string;
  caption: string;
  caption_sub: string;
  order: number;
  rotation: number;
  error: string | null;
}
interface GalleryImageRecord extends GalleryImageInput {
  id: number;
  created_at: Date;
  updated_at: Date;
}

/** A gallery image waiting for its renditions; its original file is the caller's business. */
function makeGalleryImage(overrides: Partial<GalleryImageInput> & { gallery_id: number }): GalleryImageInput {
  const n = next();
  return {
    status: 'processing',
    original_path: `galleries/${overrides.gallery_id}/originals/test-${n}.jpg`,
    renditions: null,
    width: null,
    height: null,
    alt: `Test image ${n}`,
    link: '',
    caption: '',
    caption_sub: '',
    order: n,
    rotation: 0,
    error: null,
    ...overrides,
  };
}

export async function insertGalleryImage(
  db: Knex,
  overrides: Partial<GalleryImageInput> & { gallery_id: number },
): Promise<GalleryImageRecord> {
  const image = makeGalleryImage(overrides);
  const [row] = await db('gallery_images')
    .insert({ ...image, renditions: image.renditions ? JSON.stringify(image.renditions) : null })
    .returning('*');
  return row as GalleryImageRecord;
}

interface CatalogueItemInput {
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
}

/** A few real lines, cycled through so made-up catalogues still look like the real thing. */
const SAMPLE_ITEMS: readonly CatalogueItemInput[] = [
  { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn', form: 'Bare root', height: '40-60' },
  { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: 'Bare root', height: '60-90' },
  { genus: 'Acer', species: "platanoides 'Crimson King'", common_name: 'Norway maple', form: '10L', height: '175-200' },
  { genus: 'Cornus', species: "alba 'Sibirica'", common_name: 'Red-barked dogwood', form: '3L', height: '40-60' },
  { genus: 'Malus', species: 'MM106', common_name: 'Apple rootstock, semi-vigorous', form: 'Bare root', height: 'Rootstock' },
  { genus: 'Lavandula', species: "angustifolia 'Hidcote'", common_name: 'English lavender', form: '9cm', height: '10-20' },
];

let catalogueItems = 0;

/**
 * The next sample line. A catalogue holds each plant in each form and height once (a unique
 * index), so each later round of the samples is another selection of them: "monogyna 2"…
 */
function makeCatalogueItem(overrides: Partial<CatalogueItemInput> = {}): CatalogueItemInput {
  const n = catalogueItems++;
  const sample = SAMPLE_ITEMS[n % SAMPLE_ITEMS.length]!;
  const round = Math.floor(n / SAMPLE_ITEMS.length);
  return { ...sample, species: round ? `${sample.species} ${round + 1}` : sample.species, ...overrides };
}

/**
 * Inserts catalogue lines: `n` made-up ones, or the given rows (each completed by makeCatalogueItem).
 * Returns the new ids in insertion order; large lists go in chunks to stay under PostgreSQL's
 * parameter limit.
 */
export async function insertCatalogueItems(db: Knex, rows: number | Partial<CatalogueItemInput>[]): Promise<number[]> {
  const items = typeof rows === 'number' ? Array.from({ length: rows }, () => makeCatalogueItem()) : rows.map((r) => makeCatalogueItem(r));
  const ids: number[] = [];
  for (let start = 0; start < items.length; start += 500) {
    const inserted = await db('catalogue_items')
      .insert(items.slice(start, start + 500))
      .returning('id');
    ids.push(...inserted.map((r: { id: number }) => r.id));
  }
  return ids;
}
