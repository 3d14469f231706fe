import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../src/deps.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from '../src/modules/catalogue/constants.ts';
import type { Renditions } from '../src/modules/galleries/model.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { renditionKeys } from '../src/images/renditions.ts';
import { seed, type SeedCounts } from './run.ts';
import { localFilePath } from '../src/storage/local.ts';

// The shared harness with the in-process queue driver: jobs run here through the real processors.
/** The reasons of every recorded `catalogue.changed` event, oldest first. */
const catalogueEvents = async () =>
  (await deps.db('events').where({ name: 'catalogue.changed' }).orderBy('id').pluck('payload')).map((p: { reason: string }) => p.reason);
let deps: Deps;
let context: TestContext;
let first: SeedCounts;

const WIDGETS = [
  'HomeText',
  'HomeText2',
  'AboutText',
  'AboutText2',
  'ShowsText',
  'CatalogueText',
  'FindText',
  'PrivacyPolicy',
  'BioSecurityPolicy',
  'EnvironmentalPolicy',
  'CookiePolicy',
  'FindImage',
];

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  deps = context.deps;

  first = await seed(deps);
  await deps.settle();
  // How long seeding takes is a figure for `npm run bench` (bench/seed.ts), not an assertion here.
}, 180_000);

afterAll(async () => {
  await context?.close();
});

describe('seed', () => {
  it('inserts every widget, the three banner galleries with their slides and the catalogue', async () => {
    expect(first).toMatchObject({ widgets: 12, galleries: 3, images: 10 });
    expect(first.catalogue).toBeGreaterThanOrEqual(320);
    expect(await catalogueEvents()).toEqual(['seed']);
  });

  it('writes real copy in allowed HTML only', async () => {
    const rows = await deps.db('widgets').select('name', 'type', 'html', 'image_path', 'image_width', 'image_height', 'alt');
    expect(rows.map((r) => r.name).sort()).toEqual([...WIDGETS].sort());
    for (const row of rows.filter((r) => r.type === 'TEXT')) {
      expect(row.html.length, row.name).toBeGreaterThan(400);
      expect(row.html).not.toMatch(/lorem|ipsum|todo|\{\w+\}/i);
      const tags = new Set([...(row.html as string).matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
      for (const tag of tags)
        expect(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote'], `${row.name} <${tag}>`).toContain(tag);
    }
    const find = rows.find((r) => r.name === 'FindText')!;
    expect(find.html).toMatch(/junction 9/);
    // The hours come from configuration (shown by the page), so the copy must not state its own.
    expect(find.html).not.toMatch(/\d:\d\d to \d/);
  });

  it('draws the FindImage map and stores it with its size, alt text and renditions', async () => {
    const widget = await deps.db('widgets').where({ name: 'FindImage' }).first();
    expect(widget).toMatchObject({ type: 'IMAGE', image_width: 1200, image_height: 800 });
    expect(widget.image_path).toMatch(/^widgets\/find-map-[0-9a-f]{8}\.png$/);
    expect(widget.alt).toMatch(/A20/);
    const meta = await sharp(localFilePath(deps.storage, widget.image_path)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 800]);
    // Queued by the seed like an upload's, and built by the same job (drained above).
    expect(widget.renditions).toMatchObject({ source: widget.image_path });
    expect(widget.renditions.widths.map((w: { width: number }) => w.width)).toEqual([480, 960, 1200]);
  });

  it('fills the catalogue with allowed forms and heights only, and bumps its revision', async () => {
    const rows = await deps.db('catalogue_items').select('genus', 'species', 'common_name', 'form', 'height');
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const row of rows) {
      expect(CATALOGUE_FORMS).toContain(row.form);
      expect(CATALOGUE_HEIGHTS).toContain(row.height);
      expect(row.common_name).not.toBe('');
    }
    expect(rows.filter((r) => r.height === 'Rootstock').every((r) => r.form === 'Bare root')).toBe(true);
    expect(rows.some((r) => r.genus === 'Malus' && r.species === 'M9')).toBe(true);
    const state = await deps.db('catalogue_state').where({ id: 1 }).first();
    expect(state.revision).toBe(2);
    // Analyzed once filled, as after an import: inserts alone leave the planner no row count.
    const { rows: stats } = await deps.db.raw(`SELECT reltuples FROM pg_class WHERE relname = 'catalogue_items'`);
    expect(Number(stats[0].reltuples)).toBe(rows.length);
  });

  it('stores trade prices, breaks and availability on most lines, ready-from dates after today', async () => {
    const rows = await deps
      .db('catalogue_items')
      .select(
        'price_pence',
        'price_breaks',
        'stock_status',
        'stock_quantity',
        deps.db.raw(`to_char(ready_from, 'YYYY-MM-DD') AS ready_from`),
        deps.db.raw(`to_char(now() AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS today`),
      );
    const priced = rows.filter((r) => r.price_pence !== null);
    expect(priced.length / rows.length).toBeGreaterThan(0.8);
    expect(priced.every((r) => Array.isArray(r.price_breaks) && r.price_breaks.length > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.stock_status))).toEqual(new Set(['in_stock', 'limited', 'ready_from', 'out_of_stock']));
    for (const row of rows.filter((r) => r.stock_status === 'ready_from')) expect(row.ready_from > row.today, row.ready_from).toBe(true);
  });

  it('creates galleries 1-3 whose images all become ready with renditions on disk', async () => {
    const galleries = await deps.db('galleries').orderBy('id').select('id', 'name');
    expect(galleries).toEqual([
      { id: 1, name: 'About banner' },
      { id: 2, name: 'Shows banner' },
      { id: 3, name: 'Home banner' },
    ]);
    const images = await deps.db('gallery_images').orderBy(['gallery_id', 'order']);
    expect(images.map((i) => i.gallery_id)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 3]);
    for (const image of images) {
      expect(image).toMatchObject({ status: 'ready', width: 1920, height: 1000, error: null });
      expect(image.alt).not.toBe('');
      expect(image.caption).not.toBe('');
      expect(image.link).toMatch(/^\//);
      const keys = renditionKeys(image.renditions as Renditions);
      expect(keys).toHaveLength(1 + 4 * 3);
      for (const key of [image.original_path, ...keys]) expect(existsSync(localFilePath(deps.storage, key)), key).toBe(true);
    }
  });

  it('moves the gallery id sequence past the fixed ids', async () => {
    const [row] = await deps.db('galleries').insert({ name: 'Made by an admin' }).returning('id');
    expect(row.id).toBe(4);
    await deps.db('galleries').where({ id: row.id }).delete();
  });

  it('inserts nothing on a second run and keeps what an admin changed', async () => {
    await deps.db('widgets').where({ name: 'HomeText' }).update({ html: '<p>Edited by the admin.</p>' });
    const slide = await deps.db('gallery_images').where({ gallery_id: 3 }).orderBy('order').first('id');
    await deps.db('gallery_images').where({ id: slide.id }).delete();
    await deps.db('catalogue_items').where({ genus: 'Malus', species: 'M9' }).delete();
    const revision = (await deps.db('catalogue_state').where({ id: 1 }).first()).revision;

    const again = await seed(deps);
    expect(again).toEqual({ widgets: 0, galleries: 0, images: 0, catalogue: 0 });
    expect((await deps.db('widgets').where({ name: 'HomeText' }).first()).html).toBe('<p>Edited by the admin.</p>');
    expect(await deps.db('gallery_images').where({ gallery_id: 3 }).count({ n: '*' })).toEqual([{ n: '3' }]);
    expect((await deps.db('catalogue_state').where({ id: 1 }).first()).revision).toBe(revision);
    expect(await catalogueEvents()).toEqual(['seed']);
  });

  it('puts back a widget that is missing by name, whatever the case of the others', async () => {
    await deps.db('widgets').where({ name: 'CookiePolicy' }).delete();
    await deps.db('widgets').where({ name: 'AboutText' }).update({ name: 'abouttext' });
    expect(await seed(deps)).toEqual({ widgets: 1, galleries: 0, images: 0, catalogue: 0 });
    expect(await deps.db('widgets').whereRaw('lower(name) = ?', ['abouttext']).count({ n: '*' })).toEqual([{ n: '1' }]);
  });
});
