import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { filesUnder, sendForm, testImage, useAdminApp } from '../../../test/admin.ts';
import { insertWidget } from '../../../test/factories.ts';
import { requestMissingWidgetRenditions } from './renditions.ts';
import { localFilePath } from '../../storage/local.ts';

// The in-process queue driver: a saved picture's renditions job runs here through the real processor.
const app = useAdminApp({ redis: false });

const storagePath = (key: string) => localFilePath(app.context.deps.storage, key);
const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/media\//, '').replace(/ \d+w$/, ''));
/** Every file under widgets/, and the rendition folders among them (`{id}-{8 hex}`). */
const widgetFiles = () => filesUnder(storagePath('widgets'));
const renditionFolders = (id: number) =>
  [
    ...new Set(
      widgetFiles()
        .filter((f) => f.includes('/'))
        .map((f) => path.dirname(f)),
    ),
  ].filter((f) => f.startsWith(`${id}-`));
const save = (id: number, fields: Record<string, string>, image?: { name: string; body: Buffer }) =>
  sendForm(app.admin, 'POST', `/api/widgets/${id}`, fields, image ? { image } : {});
const publicRead = async (name: string) => (await app.server.client().get(`/api/widgets/${name}`)).body;
const drain = () => app.context.deps.settle();

describe('IMAGE widget renditions', () => {
  it('builds AVIF, WebP and JPEG widths after an upload and presents them as srcsets, keeping the original as image_url', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'RenditionMap' });
    const saved = await save(
      widget.id,
      { name: widget.name, type: 'IMAGE', alt: 'Map' },
      { name: 'map.png', body: await testImage(1200, 800, 'png') },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.srcset).toBeNull(); // not built yet: the original is the picture meanwhile
    await drain();

    const body = await publicRead('renditionmap');
    expect(body).toMatchObject({ type: 'IMAGE', image_url: saved.body.image_url, width: 1200, height: 800, alt: 'Map' });
    const [folder] = renditionFolders(widget.id);
    expect(folder).toMatch(new RegExp(`^${widget.id}-[0-9a-f]{8}$`));
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      expect(body.srcset[format]).toBe([480, 960, 1200].map((w) => `/media/widgets/${folder}/${w}.${format} ${w}w`).join(', '));
    }
    const largest = await sharp(storagePath(keyOf(body.srcset.avif.split(', ').at(-1)))).metadata();
    expect(largest).toMatchObject({ width: 1200, height: 800 });
    const media = await app.server.client().get(body.srcset.webp.split(', ')[0].split(' ')[0]);
    expect(media.status).toBe(200);
  });

  it('removes the old picture’s renditions when the picture is replaced, dropped for TEXT, or the widget deleted', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'ReplaceMap' });
    const first = await save(widget.id, { name: widget.name, type: 'IMAGE' }, { name: 'a.jpg', body: await testImage(700, 500) });
    await drain();
    const firstFolder = renditionFolders(widget.id);
    expect(firstFolder).toHaveLength(1);
    expect((await publicRead('ReplaceMap')).srcset.jpeg).toContain(`/${firstFolder[0]}/480.jpeg 480w`);

    const second = await save(widget.id, { name: widget.name, type: 'IMAGE' }, { name: 'b.webp', body: await testImage(500, 400, 'webp') });
    expect(second.body.srcset).toBeNull();
    expect(existsSync(storagePath(`widgets/${firstFolder[0]}`))).toBe(false);
    await drain();
    const secondFolder = renditionFolders(widget.id);
    expect(secondFolder).toHaveLength(1);
    expect(secondFolder[0]).not.toBe(firstFolder[0]);
    const originals = widgetFiles().filter((f) => f.startsWith(`${widget.id}-`) && !f.includes('/'));
    expect(originals).toEqual([path.basename(second.body.image_url)]);
    expect(existsSync(storagePath(keyOf(first.body.image_url)))).toBe(false);
    expect((await publicRead('ReplaceMap')).srcset.avif).toBe(
      `/media/widgets/${secondFolder[0]}/480.avif 480w, /media/widgets/${secondFolder[0]}/500.avif 500w`,
    );

    const asText = await save(widget.id, { name: widget.name, type: 'TEXT', html: '<p>Directions</p>' });
    expect(asText.body).not.toHaveProperty('srcset');
    expect(renditionFolders(widget.id)).toEqual([]);
    expect(await app.context.deps.db('widgets').where({ id: widget.id }).first('renditions')).toEqual({ renditions: null });

    await save(widget.id, { name: widget.name, type: 'IMAGE' }, { name: 'c.png', body: await testImage(480, 300, 'png') });
    await drain();
    expect(renditionFolders(widget.id)).toHaveLength(1);
    expect((await app.admin.delete(`/api/widgets/${widget.id}`)).status).toBe(204);
    expect(widgetFiles().filter((f) => f.startsWith(`${widget.id}-`))).toEqual([]);
  });

  it('keeps the renditions when only the alt text is saved', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'AltOnly' });
    await save(widget.id, { name: widget.name, type: 'IMAGE' }, { name: 'a.jpg', body: await testImage(600, 400) });
    await drain();
    const before = (await publicRead('AltOnly')).srcset;
    expect(before).not.toBeNull();
    const kept = await save(widget.id, { name: widget.name, type: 'IMAGE', alt: 'New alt' });
    expect(kept.body).toMatchObject({ alt: 'New alt', srcset: before });
    await drain();
    expect(renditionFolders(widget.id)).toHaveLength(1);
  });

  it('queues renditions for seeded or missed IMAGE widgets, once', async () => {
    const key = 'widgets/seeded-map-0123abcd.png';
    await app.context.deps.storage.put(key, await testImage(900, 600, 'png'));
    const widget = await insertWidget(app.context.deps.db, {
      name: 'SeededMap',
      type: 'IMAGE',
      html: null,
      image_path: key,
      image_width: 900,
      image_height: 600,
      alt: 'Map',
    });
    expect((await publicRead('SeededMap')).srcset).toBeNull();

    expect(await requestMissingWidgetRenditions(app.context.deps)).toBeGreaterThanOrEqual(1);
    await drain(); // the job's write bumps the content revision, which moves the cached read on
    const body = await publicRead('SeededMap');
    expect(body.image_url).toBe(`/media/${key}`);
    expect(body.srcset.jpeg).toMatch(new RegExp(`^/media/widgets/${widget.id}-[0-9a-f]{8}/480\\.jpeg 480w, .*/900\\.jpeg 900w$`));
    expect(await requestMissingWidgetRenditions(app.context.deps)).toBe(0);
  });
});
