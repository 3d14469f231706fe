import type { Knex } from 'knex';
import type { Renditions } from '../src/modules/galleries/model.ts';

/**
 * Row factories shared by the tests and the seeds (Epic Stack style): `make*` builds a plain row
 * with sensible defaults, `insert*` writes it with knex and returns what the database stored.
 * Pass a transaction as `db` inside a transaction (PGlite has a single connection).
 */

let sequence = 0;
/** A number unique within this process, so made-up names and emails never collide. */
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
export interface WidgetRecord extends WidgetInput {
  id: number;
  created_at: Date;
  updated_at: Date;
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

export async function insertWidget(db: Knex, overrides: Partial<WidgetInput> = {}): Promise<WidgetRecord> {
  const [row] = await db('widgets').insert(makeWidget(overrides)).returning('*');
  return row as WidgetRecord;
}

export interface GalleryInput {
  /** Explicit ids are for the fixed banner galleries (1, 2, 3); otherwise the sequence decides. */
  id?: number;
  name: string;
}
export interface GalleryRecord {
  id: number;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export function makeGallery(overrides: Partial<GalleryInput> = {}): GalleryInput {
  return { name: `Test gallery ${next()}`, ...overrides };
}

/**
 * Inserts a gallery. With an explicit id the id sequence is moved past it, or the next gallery
 * created without one would collide.
 */
export async function insertGallery(db: Knex, overrides: Partial<GalleryInput> = {}): Promise<GalleryRecord> {
  const [row] = await db('galleries').insert(makeGallery(overrides)).returning('*');
  if (overrides.id !== undefined) await syncGallerySequence(db);
  return row as GalleryRecord;
}

/** Moves the galleries id sequence past the largest id (after inserts with explicit ids). */
export async function syncGallerySequence(db: Knex): Promise<void> {
  await db.raw("SELECT setval(pg_get_serial_sequence('galleries', 'id'), GREATEST((SELECT max(id) FROM galleries), 1))");
}

export interface GalleryImageInput {
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
export interface GalleryImageRecord extends GalleryImageInput {
  id: number;
  created_at: Date;
  updated_at: Date;
}

/** A gallery image waiting for its renditions; its original file is the caller's business. */
export function makeGalleryImage(overrides: Partial<GalleryImageInput> & { gallery_id: number }): GalleryImageInput {
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

export interface CatalogueItemInput {
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

export function makeCatalogueItem(overrides: Partial<CatalogueItemInput> = {}): CatalogueItemInput {
  return { ...SAMPLE_ITEMS[next() % SAMPLE_ITEMS.length]!, ...overrides };
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
    const inserted = await db('catalogue_items').insert(items.slice(start, start + 500)).returning('id');
    ids.push(...inserted.map((r: { id: number }) => r.id));
  }
  return ids;
}

export interface ContactMessageInput {
  name: string;
  telephone: string;
  email: string;
  message: string;
  ip: string | null;
}
export interface ContactMessageRecord extends ContactMessageInput {
  id: number;
  emailed_at: Date | null;
  email_attempts: number;
  email_error: string | null;
  handled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function makeContactMessage(overrides: Partial<ContactMessageInput> = {}): ContactMessageInput {
  const n = next();
  return {
    name: `Test Buyer ${n}`,
    telephone: '01233 000 000',
    email: `buyer${n}@example.com`,
    message: 'Please send a quotation for 500 bare-root hawthorn, 60-90 cm, for delivery in December.',
    ip: '127.0.0.1',
    ...overrides,
  };
}

export async function insertContactMessage(db: Knex, overrides: Partial<ContactMessageInput> = {}): Promise<ContactMessageRecord> {
  const [row] = await db('contact_messages').insert(makeContactMessage(overrides)).returning('*');
  return row as ContactMessageRecord;
}
