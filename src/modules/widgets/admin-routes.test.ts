import { existsSync } from 'node:fs';
import { truncate, writeFile } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { filesUnder, hostileFiles, sendForm, testImage, useAdminApp } from '../../../test/admin.ts';
import { insertWidget } from '../../../test/factories.ts';
import { sanitizeWidgetHtml } from './sanitize.ts';
import { localFilePath } from '../../storage/local.ts';

const app = useAdminApp({ redis: false });

const storagePath = (key: string) => localFilePath(app.context.deps.storage, key);
const tmpFiles = () => filesUnder(path.join(app.context.deps.config.varDir, 'tmp'));
const widgetFiles = () => filesUnder(storagePath('widgets'));
/** Uploaded originals only (top level of widgets/); their renditions live in folders below (renditions.test.ts). */
const widgetOriginals = () => widgetFiles().filter((file) => !file.includes('/'));
/** Lets queued renditions jobs finish (in-process driver), so file checks see a settled state. */
const settled = () => app.context.deps.settle();
const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/media\//, ''));
const save = (id: number, fields: Record<string, string>, image?: { name: string; body: Buffer; type?: string }) =>
  sendForm(app.admin, 'POST', `/api/widgets/${id}`, fields, image ? { image } : {});

describe('sanitizeWidgetHtml', () => {
  it.each([
    ['<p onclick="steal()">Hello<script>alert(1)</script> world</p>', '<p>Hello world</p>'],
    ['<a href="javascript:alert(1)">click</a>', '<a>click</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">click</a>', '<a>click</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href="/about" target="_blank">About</a>', '<a href="/about" target="_blank" rel="noopener noreferrer">About</a>'],
    [
      '<a href="mailto:sales@example.com">Mail</a> <a href="tel:+441233712400">Call</a>',
      '<a href="mailto:sales@example.com">Mail</a> <a href="tel:+441233712400">Call</a>',
    ],
    ['<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>body{display:none}</style>', ''],
    ['<p style="text-align:center;position:fixed">Centred</p>', '<p style="text-align:center">Centred</p>'],
    [
      '<span style="color:#c33;background-color:rgb(255, 255, 0);font-size:99px">Hi</span>',
      '<span style="color:#c33;background-color:rgb(255, 255, 0)">Hi</span>',
    ],
    ['<span style="color:expression(alert(1))">x</span>', '<span>x</span>'],
    [
      '<h1>Big</h1><h2>Sub</h2><ul><li><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></li></ul><blockquote>q</blockquote><pre><code>c</code></pre>',
      'Big<h2>Sub</h2><ul><li><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></li></ul><blockquote>q</blockquote><pre><code>c</code></pre>',
    ],
  ])('%s → %s', (input, output) => {
    expect(sanitizeWidgetHtml(input)).toBe(output);
  });
});

describe('widgets admin', () => {
  it('creates TEXT widgets (201 {id}) and lists them', async () => {
    const created = await app.admin.post('/api/widgets', { name: 'AdminNewText', type: 'IMAGE' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number) });
    const list = await app.admin.get('/api/widgets');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({ id: created.body.id, name: 'AdminNewText', type: 'TEXT' });
    for (const row of list.body) expect(Object.keys(row).sort()).toEqual(['id', 'name', 'type']);
  });

  it('answers 422 for a missing, taken (any case) or unusable name', async () => {
    await insertWidget(app.context.deps.db, { name: 'TakenName' });
    expect((await app.admin.post('/api/widgets', {})).body.errors).toEqual({ name: ['The name field is required.'] });
    const taken = await app.admin.post('/api/widgets', { name: 'takenNAME' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect((await app.admin.post('/api/widgets', { name: '123' })).status).toBe(422);
    expect((await app.admin.post('/api/widgets', { name: '../x' })).status).toBe(422);
  });

  it('saves a TEXT widget with sanitised HTML and the public read sees it at once', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'CachedText', html: '<p>Old</p>' });
    expect((await app.server.client().get('/api/widgets/CachedText')).body.html).toBe('<p>Old</p>'); // now cached
    const response = await save(widget.id, {
      name: 'CachedText',
      type: 'TEXT',
      html: '<p onmouseover="x()">New <a href="javascript:alert(1)">link</a></p><script>alert(1)</script>',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: widget.id, name: 'CachedText', type: 'TEXT', html: '<p>New <a>link</a></p>' });
    expect((await app.server.client().get('/api/widgets/cachedtext')).body.html).toBe('<p>New <a>link</a></p>');
    const row = await app.context.deps.db('widgets').where({ id: widget.id }).first();
    expect(row.html).toBe('<p>New <a>link</a></p>');
  });

  it('accepts JSON too, and answers 422 for a bad type or a taken name, 404 for an unknown id', async () => {
    const widget = await insertWidget(app.context.deps.db);
    await insertWidget(app.context.deps.db, { name: 'OtherName' });
    expect((await app.admin.post(`/api/widgets/${widget.id}`, { name: widget.name, type: 'TEXT', html: '<b>x</b>' })).body.html).toBe(
      '<b>x</b>',
    );
    expect((await app.admin.post(`/api/widgets/${widget.id}`, { name: widget.name, type: 'VIDEO' })).body.errors).toEqual({
      type: ['The selected type is invalid.'],
    });
    expect((await app.admin.post(`/api/widgets/${widget.id}`, { name: 'othername', type: 'TEXT' })).body.errors).toEqual({
      name: ['The name has already been taken.'],
    });
    expect((await app.admin.post('/api/widgets/999999', { name: 'Nope', type: 'TEXT' })).status).toBe(404);
  });

  it('stores an IMAGE widget, keeps the image on a save without a file, replaces and deletes files', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'FindImageAdmin' });
    const missing = await save(widget.id, { name: widget.name, type: 'IMAGE', alt: 'Map' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ image: ['The image field is required.'] });

    const first = await save(
      widget.id,
      { name: widget.name, type: 'IMAGE', alt: 'Map of the nursery' },
      { name: 'map.png', body: await testImage(640, 480, 'png') },
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ type: 'IMAGE', alt: 'Map of the nursery', width: 640, height: 480 });
    expect(first.body.image_url).toMatch(new RegExp(`^/media/widgets/${widget.id}-[0-9a-f]{12}\\.png$`));
    const firstKey = keyOf(first.body.image_url);
    expect(existsSync(storagePath(firstKey))).toBe(true);
    expect((await app.server.client().get(first.body.image_url)).status).toBe(200);

    const kept = await save(widget.id, { name: widget.name, type: 'IMAGE', alt: 'New alt' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ image_url: first.body.image_url, alt: 'New alt', width: 640 });

    const second = await save(
      widget.id,
      { name: widget.name, type: 'IMAGE', alt: 'New alt' },
      { name: 'map2.jpg', body: await testImage(300, 200) },
    );
    expect(second.status).toBe(200);
    expect(second.body.image_url).toMatch(/\.jpg$/);
    expect(existsSync(storagePath(firstKey))).toBe(false);
    expect(existsSync(storagePath(keyOf(second.body.image_url)))).toBe(true);
    expect(widgetOriginals()).toEqual([path.basename(second.body.image_url)]);

    const asText = await save(widget.id, { name: widget.name, type: 'TEXT', html: '<p>Directions</p>' });
    expect(asText.body).toMatchObject({ type: 'TEXT', html: '<p>Directions</p>' });
    await settled(); // a renditions job still building the dropped picture discards its files
    expect(widgetFiles()).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses hostile images and leaves no file anywhere', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'HostileTarget' });
    const good = await save(widget.id, { name: widget.name, type: 'IMAGE' }, { name: 'ok.webp', body: await testImage(100, 80, 'webp') });
    expect(good.status).toBe(200);
    const files = hostileFiles();
    const { textAsJpeg, svgWithScript, svgAsPng, truncatedJpeg, hugePng } = await files;
    const wrongType = {
      message: 'The file must be an image (JPEG, PNG, WebP, AVIF or GIF).',
      errors: { image: ['The file must be an image (JPEG, PNG, WebP, AVIF or GIF).'] },
    };
    for (const file of [textAsJpeg, svgWithScript, svgAsPng]) {
      const response = await save(widget.id, { name: widget.name, type: 'IMAGE' }, file);
      expect(response.status, file.name).toBe(415);
      expect(response.body).toEqual(wrongType);
    }
    const truncated = await save(widget.id, { name: widget.name, type: 'IMAGE' }, truncatedJpeg);
    expect(truncated.status).toBe(422);
    expect(truncated.body.errors).toEqual({ image: ['The image file is incomplete or corrupt.'] });
    const bomb = await save(widget.id, { name: widget.name, type: 'IMAGE' }, hugePng);
    expect(bomb.status).toBe(422);
    expect(bomb.body.errors.image[0]).toMatch(/^The image is too large \(30000×30000/);

    // The widget still shows its good image, and only that file exists.
    expect((await app.admin.get(`/api/widgets/${widget.id}`)).body.image_url).toBe(good.body.image_url);
    expect(widgetOriginals()).toEqual([path.basename(good.body.image_url)]);
    await expect.poll(tmpFiles).toEqual([]);
  });

  it('answers 413 for an image over 20 MiB and removes the temp file', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'TooBig' });
    const file = path.join(app.context.deps.config.varDir, 'big.jpg');
    await writeFile(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    await truncate(file, 21 * 1024 * 1024);
    const form = new FormData();
    form.append('name', widget.name);
    form.append('type', 'IMAGE');
    form.append('image', await openAsBlob(file), 'big.jpg');
    const response = await app.admin.request('POST', `/api/widgets/${widget.id}`, { body: form });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'File too large.' });
    await expect.poll(tmpFiles).toEqual([]);
  });

  it('deletes a widget (204) with its image file; unknown → 404', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'DeleteMe' });
    const saved = await save(widget.id, { name: widget.name, type: 'IMAGE' }, { name: 'x.gif', body: await testImage(50, 50, 'gif') });
    expect(saved.status).toBe(200);
    expect((await sharp(storagePath(keyOf(saved.body.image_url))).metadata()).format).toBe('gif');
    expect((await app.admin.delete(`/api/widgets/${widget.id}`)).status).toBe(204);
    expect(existsSync(storagePath(keyOf(saved.body.image_url)))).toBe(false);
    expect((await app.server.client().get('/api/widgets/DeleteMe')).status).toBe(404);
    expect((await app.admin.delete(`/api/widgets/${widget.id}`)).status).toBe(404);
  });
});
