import type { Deps } from '../src/deps.ts';
import type { Trx } from '../src/db.ts';
import { requestMissingWidgetRenditions } from '../src/modules/widgets/renditions.ts';
import { insertCatalogueItems, insertGalleryImage, makeGallery, makeWidget, syncGallerySequence } from './factories.ts';
import { issueDateIso } from '../src/modules/catalogue/constants.ts';
import { CATALOGUE_ROWS } from './data/catalogue.ts';
import { GALLERIES } from './data/galleries.ts';
import { seedTrade } from './data/trade.ts';
import { FIND_IMAGE, textWidgets } from './data/widgets.ts';
import { storeBannerOriginals, storeFindMap, type StoredPicture } from './files.ts';
import type { SceneName } from './images.ts';

/**
 * Demo content, run on every start: it inserts only what is missing — widgets by name, the three
 * banner galleries by id, the catalogue only when it is empty — so it never duplicates a row or
 * overwrites an admin’s change. Rows go in through the row factories (./factories.ts) the tests share.
 */

export interface SeedCounts {
  widgets: number;
  galleries: number;
  images: number;
  catalogue: number;
}

export type SeedDeps = Pick<Deps, 'db' | 'storage' | 'events' | 'log' | 'config'>;

/** Advisory lock id ("seed"), so a web and a worker process starting together take turns. */
const SEED_LOCK = 0x7365_6564;

/**
 * Seeds what is missing and returns how many rows of each kind it inserted (all zero on a second
 * run). New gallery images and a seeded catalogue record their events in the seeding transaction,
 * so their renditions and the downloads are made once it commits.
 */
export async function seed(deps: SeedDeps): Promise<SeedCounts> {
  const { db, storage } = deps;
  const started = Date.now();
  const missing = await findMissing(deps);

  // Pictures first, outside the transaction: drawing them is the slow part.
  const findMap = missing.widgets.includes(FIND_IMAGE.name) ? await storeFindMap(storage) : undefined;
  const originals = missing.galleries.length ? await storeBannerOriginals(storage, missing.galleries) : new Map<SceneName, string>();

  const result = await db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [SEED_LOCK]);
    const widgets = await insertWidgets(trx, deps, findMap);
    const { galleries, imageIds } = await insertGalleries(trx, missing.galleries, originals);
    const catalogue = await insertCatalogue(trx);
    await deps.events.recordMany(
      trx,
      'gallery_image.uploaded',
      imageIds.map((imageId) => ({ imageId })),
    );
    if (catalogue) await deps.events.record(trx, 'catalogue.changed', { reason: 'seed' });
    return { widgets, galleries, imageIds, catalogue };
  });

  // A filled catalogue gets statistics, as an import does (autovacuum may be off or not yet round).
  if (result.catalogue) await db.raw('ANALYZE catalogue_items');

  // The seeded FindImage, and any IMAGE widget whose renditions failed for good.
  await requestMissingWidgetRenditions(deps);

  const counts = { widgets: result.widgets, galleries: result.galleries, images: result.imageIds.length, catalogue: result.catalogue };
  deps.log.debug({ counts, ms: Date.now() - started }, 'seed finished');
  return counts;
}

/** Which widget names and banner galleries are absent, so only their pictures are drawn. */
async function findMissing(deps: SeedDeps) {
  const wanted = [...textWidgets(deps.config.business).map((w) => w.name), FIND_IMAGE.name];
  const names: string[] = await deps.db('widgets').pluck('name'); // a few dozen rows at most
  const present = new Set(names.map((name) => name.toLowerCase()));
  const galleryIds = GALLERIES.map((g) => g.id);
  const existing = new Set<number>(await deps.db('galleries').whereIn('id', galleryIds).pluck('id'));
  return {
    widgets: wanted.filter((name) => !present.has(name.toLowerCase())),
    galleries: galleryIds.filter((id) => !existing.has(id)),
  };
}

/** Inserts the missing widgets; an existing one (same name, any case) is left exactly as it is. */
async function insertWidgets(trx: Trx, deps: SeedDeps, findMap: StoredPicture | undefined): Promise<number> {
  const rows = textWidgets(deps.config.business).map((w) => makeWidget({ name: w.name, type: 'TEXT', html: w.html }));
  if (findMap) {
    rows.push(
      makeWidget({
        name: FIND_IMAGE.name,
        type: 'IMAGE',
        html: null,
        image_path: findMap.key,
        image_width: findMap.width,
        image_height: findMap.height,
        alt: FIND_IMAGE.alt,
      }),
    );
  }
  // ON CONFLICT DO NOTHING honours the case-insensitive unique index on the name.
  const inserted = await trx('widgets').insert(rows).onConflict().ignore().returning('id');
  return inserted.length;
}

/** Creates the missing banner galleries with their fixed ids, and their slides as processing images. */
async function insertGalleries(trx: Trx, ids: readonly number[], originals: Map<SceneName, string>) {
  let galleries = 0;
  const imageIds: number[] = [];
  for (const gallery of GALLERIES.filter((g) => ids.includes(g.id))) {
    const created = await trx('galleries')
      .insert(makeGallery({ id: gallery.id, name: gallery.name }))
      .onConflict('id')
      .ignore()
      .returning('id');
    if (!created.length) continue; // another process made it meanwhile: leave it alone
    galleries++;
    for (const [order, slide] of gallery.slides.entries()) {
      const original_path = originals.get(slide.scene);
      if (!original_path) throw new Error(`Banner picture ${slide.scene} was not rendered`);
      const image = await insertGalleryImage(trx, {
        gallery_id: gallery.id,
        original_path,
        alt: slide.alt,
        caption: slide.caption,
        caption_sub: slide.caption_sub,
        link: slide.link,
        order,
      });
      imageIds.push(image.id);
    }
  }
  // Explicit ids do not advance the sequence; without this the next admin-made gallery collides.
  if (galleries) await syncGallerySequence(trx);
  return { galleries, imageIds };
}

/**
 * Fills an empty catalogue, with trade prices and availability, and bumps its revision, so the
 * PDF and Excel downloads are rebuilt. Ready-from dates count from today in the UK.
 */
async function insertCatalogue(trx: Trx): Promise<number> {
  // Serialised by the advisory lock, so two starting processes cannot both see an empty table.
  const [row] = await trx('catalogue_items').count<{ count: string }[]>({ count: '*' });
  if (Number(row?.count ?? 0) > 0) return 0;
  const today = issueDateIso(new Date());
  const ids = await insertCatalogueItems(
    trx,
    CATALOGUE_ROWS.map((seedRow) => {
      const { kind: _kind, ...line } = seedRow;
      const trade = seedTrade(seedRow, today);
      // jsonb from a JSON string: node-postgres would send an array as a PostgreSQL array literal.
      return { ...line, ...trade, price_breaks: JSON.stringify(trade.price_breaks) };
    }),
  );
  await trx('catalogue_state')
    .insert({ id: 1, revision: 1 })
    .onConflict('id')
    .merge({ revision: trx.raw('catalogue_state.revision + 1'), changed_at: trx.fn.now() });
  return ids.length;
}
