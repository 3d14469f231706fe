import { existsSync, openAsBlob } from 'node:fs';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, hostileFiles, sendForm, testImage, useAdminApp } from '../../../test/admin.ts';
import { insertGallery } from '../../../test/factories.ts';
import { insertGalleryImage, syncGallerySequence } from '../../../seeds/factories.ts';
import type { Renditions } from './model.ts';
import { localFilePath } from '../../storage/local.ts';

const app = useAdminApp({ workers: ['images'] });

const MiB = 1024 * 1024;
const tmpFiles = () => filesUnder(path.join(app.context.deps.config.varDir, 'tmp'));
const galleryFiles = (id: number) => filesUnder(localFilePath(app.context.deps.storage, `galleries/${id}`));
const upload = (galleryId: number, file: { name: string; body: Buffer; type?: string }) =>
  sendForm(app.admin, 'POST', '/api/galleriesimages', { gallery_id: String(galleryId) }, { file });
const row = (id: number) =>
  app.context.deps.db('gallery_images').where({ id }).first() as Promise<
    | { status: string; width: number; height: number; original_path: string; renditions: Renditions | null; error: string | null }
    | undefined
  >;
const waitForStatus = (id: number, status: string) =>
  expect.poll(async () => (await row(id))?.status, { timeout: 20_000, interval: 100 }).toBe(status);
const renditionFiles = (renditions: Renditions | null) =>
  renditions ? [renditions.thumb, ...renditions.widths.flatMap((w) => [w.avif, w.webp, w.jpeg])] : [];
const stored = (key: string) => existsSync(localFilePath(app.context.deps.storage, key));
const newGallery = async (name = 'Trade show 2026') => {
  const response = await app.admin.post('/api/galleries', { name });
  expect(response.status).toBe(201);
  return response.body.id as number;
};

describe('galleries admin', () => {
  it('lists galleries a page at a time with a picture and an image count; bad paging → 422', async () => {
    const a = await insertGallery(app.context.deps.db, { name: 'List A' });
    const b = await insertGallery(app.context.deps.db, { name: 'List B' });
    const renditions: Renditions = {
      thumb: 'g/t.jpg',
      widths: [
        { width: 480, height: 360, avif: 'g/s.avif', webp: 'g/s.webp', jpeg: 'g/s.jpg' },
        { width: 960, height: 720, avif: 'g/l.avif', webp: 'g/l.webp', jpeg: 'g/l.jpg' },
      ],
    };
    await insertGalleryImage(app.context.deps.db, { gallery_id: a.id, status: 'processing', order: 0 });
    await insertGalleryImage(app.context.deps.db, { gallery_id: a.id, status: 'ready', order: 1, renditions });
    const all = await app.admin.get('/api/galleries?limit=100&page=0');
    expect(all.status).toBe(200);
    expect(all.body.results).toContainEqual({
      id: a.id,
      name: 'List A',
      image_url: '/media/g/s.jpg',
      thumb_url: '/media/g/t.jpg',
      image_count: 2,
    });
    expect(all.body.results).toContainEqual({ id: b.id, name: 'List B', image_url: null, thumb_url: null, image_count: 0 });
    const total = all.body.total as number;
    const page = await app.admin.get('/api/galleries?limit=1&page=1');
    expect(page.body.results).toHaveLength(1);
    expect(page.body.total).toBe(total);
    expect((await app.admin.get('/api/galleries')).body.results.length).toBeLessThanOrEqual(12);
    for (const query of ['limit=0', 'limit=101', 'page=-1', 'page=abc', 'limit=1.5']) {
      const response = await app.admin.get(`/api/galleries?${query}`);
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.body.errors)).toHaveLength(1);
    }
  });

  it('creates and renames (JSON or multipart), 422 without a name, 404 for unknown ids', async () => {
    const id = await newGallery('Before');
    expect((await app.admin.post(`/api/galleries/${id}`, { name: 'After' })).body).toEqual({ id, name: 'After' });
    expect((await sendForm(app.admin, 'POST', `/api/galleries/${id}`, { name: 'Via form' })).body).toEqual({ id, name: 'Via form' });
    expect((await app.admin.post('/api/galleries', { name: '' })).body.errors).toEqual({ name: ['The name field is required.'] });
    expect((await app.admin.post(`/api/galleries/${id}`, {})).status).toBe(422);
    expect((await app.admin.post('/api/galleries/999999', { name: 'X' })).status).toBe(404);
    expect((await app.admin.get('/api/admin/galleries/999999')).status).toBe(404);
    expect((await app.admin.delete('/api/galleries/999999')).status).toBe(404);
  });

  it('never deletes the banner galleries 1, 2 and 3', async () => {
    // Earlier tests may already have taken ids 1–3; make sure all three exist either way.
    await app.context.deps
      .db('galleries')
      .insert([1, 2, 3].map((id) => ({ id, name: `Banner ${id}` })))
      .onConflict('id')
      .ignore();
    await syncGallerySequence(app.context.deps.db);
    for (const id of [1, 2, 3]) {
      const response = await app.admin.delete(`/api/galleries/${id}`);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ id: ['The about, shows and home banner galleries cannot be deleted.'] });
    }
    expect(await app.context.deps.db('galleries').whereIn('id', [1, 2, 3]).count({ n: '*' }).first()).toEqual({ n: '3' });
  });

  it('runs the whole lifecycle: upload, process, order, edit, rotate, delete — leaving no file', async () => {
    const galleryId = await newGallery();
    const sizes: [number, number][] = [
      [800, 600],
      [600, 400],
      [500, 500],
    ];
    const ids: number[] = [];
    for (const [i, [w, h]] of sizes.entries()) {
      const response = await upload(galleryId, { name: `photo${i}.jpg`, body: await testImage(w, h), type: 'image/jpeg' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ gallery_id: galleryId, status: 'processing', order: i, image_url: null, width: w, height: h });
      expect(JSON.stringify(response.body)).not.toContain('original_path');
      ids.push(response.body.id);
    }
    for (const id of ids) await waitForStatus(id, 'ready');
    expect(tmpFiles()).toEqual([]);

    const publicView = await app.server.client().get(`/api/galleries/${galleryId}`);
    expect(publicView.body.images.map((i: { id: number }) => i.id)).toEqual(ids);

    // Order: reversed.
    const reversed = [...ids].reverse();
    const ordered = await app.admin.post('/api/galleriesimages/order', { id: galleryId, images: reversed.map((id) => ({ id })) });
    expect(ordered.status).toBe(200);
    expect(ordered.body.images.map((i: { id: number }) => i.id)).toEqual(reversed);
    expect((await app.server.client().get(`/api/galleries/${galleryId}`)).body.images.map((i: { order: number }) => i.order)).toEqual([
      0, 1, 2,
    ]);
    const other = await insertGalleryImage(app.context.deps.db, { gallery_id: (await insertGallery(app.context.deps.db)).id });
    const foreign = await app.admin.post('/api/galleriesimages/order', { id: galleryId, images: [{ id: ids[0] }, { id: other.id }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.images[0]).toContain(String(other.id));
    expect((await app.admin.post('/api/galleriesimages/order', { id: galleryId, images: 'nope' })).status).toBe(422);

    // Edit: the link is saved (the old site dropped it); only the four fields change.
    const [first, second, third] = ids as [number, number, number];
    const edited = await app.admin.post(`/api/galleriesimages/${first}`, {
      alt: 'Hawthorn hedge',
      link: '/catalogue',
      caption: 'Hedging',
      caption_sub: 'Bare root from November',
      original_path: '../../etc/passwd',
      status: 'ready',
      gallery_id: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      alt: 'Hawthorn hedge',
      link: '/catalogue',
      url: '/catalogue',
      caption: 'Hedging',
      caption_sub: 'Bare root from November',
      gallery_id: galleryId,
    });
    expect((await row(first))!.original_path).toMatch(new RegExp(`^galleries/${galleryId}/originals/`));
    expect((await app.admin.post(`/api/galleriesimages/${first}`, { link: 'https://example.com/shows?year=2026' })).body.link).toBe(
      'https://example.com/shows?year=2026',
    );
    for (const link of ['javascript:alert(1)', '//evil.example', 'ftp://example.com', 'about', `/${'x'.repeat(2048)}`]) {
      const bad = await app.admin.post(`/api/galleriesimages/${first}`, { link });
      expect(bad.status, link).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['link']);
    }

    // Rotate: dimensions swap, new files, old files gone.
    const before = (await row(first))!;
    expect([before.width, before.height]).toEqual([800, 600]);
    const rotated = await app.admin.post(`/api/galleriesimages/${first}/rotate`);
    expect(rotated.status).toBe(202);
    expect(rotated.body).toMatchObject({ id: first, status: 'processing', rotation: 90 });
    await waitForStatus(first, 'ready');
    const after = (await row(first))!;
    expect([after.width, after.height]).toEqual([600, 800]);
    for (const key of renditionFiles(before.renditions)) expect(stored(key), key).toBe(false);
    for (const key of renditionFiles(after.renditions)) expect(stored(key), key).toBe(true);
    expect(stored(after.original_path)).toBe(true);

    // Delete one image: all its files go.
    const gone = (await row(second))!;
    expect((await app.admin.delete(`/api/galleriesimages/${second}`)).status).toBe(204);
    for (const key of [gone.original_path, ...renditionFiles(gone.renditions)]) expect(stored(key), key).toBe(false);
    expect((await app.admin.delete(`/api/galleriesimages/${second}`)).status).toBe(404);
    expect((await row(third))?.status).toBe('ready');

    // Delete the gallery: every file goes.
    expect(galleryFiles(galleryId).length).toBeGreaterThan(0);
    expect((await app.admin.delete(`/api/galleries/${galleryId}`)).status).toBe(204);
    expect(galleryFiles(galleryId)).toEqual([]);
    expect(await app.context.deps.db('gallery_images').where({ gallery_id: galleryId }).first()).toBeUndefined();
    expect((await app.server.client().get(`/api/galleries/${galleryId}`)).status).toBe(404);
  });

  it('shows admins every image with its status; the public only ready ones', async () => {
    const galleryId = await newGallery();
    const ready = await upload(galleryId, { name: 'a.png', body: await testImage(300, 200, 'png') });
    await waitForStatus(ready.body.id, 'ready');
    const waiting = await insertGalleryImage(app.context.deps.db, { gallery_id: galleryId, status: 'processing' });
    const failed = await insertGalleryImage(app.context.deps.db, {
      gallery_id: galleryId,
      status: 'failed',
      error: 'The image file is incomplete or corrupt.',
    });
    const adminView = await app.admin.get(`/api/admin/galleries/${galleryId}`);
    expect(adminView.body.images.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [ready.body.id, 'ready'],
      [waiting.id, 'processing'],
      [failed.id, 'failed'],
    ]);
    expect(adminView.body.images[2].error).toBe('The image file is incomplete or corrupt.');
    const publicView = await app.server.client().get(`/api/galleries/${galleryId}`);
    expect(publicView.body.images.map((i: { id: number }) => i.id)).toEqual([ready.body.id]);
  });
});

describe('hostile gallery uploads', () => {
  it('refuses wrong types (415), bombs (422) and missing fields (422) at upload, writing nothing', async () => {
    const galleryId = await newGallery('Hostile');
    const { textAsJpeg, svgWithScript, svgAsPng, hugePng } = await hostileFiles();
    for (const file of [textAsJpeg, svgWithScript, svgAsPng]) {
      const response = await upload(galleryId, file);
      expect(response.status, file.name).toBe(415);
      expect(response.body).toEqual({
        message: 'The file must be an image (JPEG, PNG, WebP, AVIF or GIF).',
        errors: { file: ['The file must be an image (JPEG, PNG, WebP, AVIF or GIF).'] },
      });
    }
    const bomb = await upload(galleryId, hugePng);
    expect(bomb.status).toBe(422);
    expect(bomb.body.errors.file[0]).toMatch(/^The image is too large \(30000×30000, 900 megapixels; the limit is 100\)\.$/);

    const noFile = await sendForm(app.admin, 'POST', '/api/galleriesimages', { gallery_id: String(galleryId) });
    expect(noFile.body.errors).toEqual({ file: ['The file field is required.'] });
    const jpeg = { name: 'ok.jpg', body: await testImage(40, 40) };
    expect((await sendForm(app.admin, 'POST', '/api/galleriesimages', {}, { file: jpeg })).body.errors).toEqual({
      gallery_id: ['The gallery id field is required.'],
    });
    expect((await sendForm(app.admin, 'POST', '/api/galleriesimages', { gallery_id: '999999' }, { file: jpeg })).body.errors).toEqual({
      gallery_id: ['The selected gallery id is invalid.'],
    });
    expect((await sendForm(app.admin, 'POST', '/api/galleriesimages', { gallery_id: 'abc' }, { file: jpeg })).body.errors).toEqual({
      gallery_id: ['The selected gallery id is invalid.'],
    });
    const two = await sendForm(app.admin, 'POST', '/api/galleriesimages', { gallery_id: String(galleryId) }, { file: jpeg, other: jpeg });
    expect(two.status).toBe(422);
    expect(two.body.errors).toEqual({ file: ['Only one file may be uploaded at a time.'] });

    expect(await app.context.deps.db('gallery_images').where({ gallery_id: galleryId }).first()).toBeUndefined();
    expect(galleryFiles(galleryId)).toEqual([]);
    await expect.poll(tmpFiles).toEqual([]);
  });

  it('lets the worker mark a truncated JPEG failed, without crashing or leaving renditions', async () => {
    const galleryId = await newGallery('Truncated');
    const { truncatedJpeg } = await hostileFiles();
    const response = await upload(galleryId, truncatedJpeg);
    expect(response.status).toBe(201); // right magic bytes and a readable header
    await waitForStatus(response.body.id, 'failed');
    const failed = (await row(response.body.id))!;
    expect(failed.error).toBe('The image file is incomplete or corrupt.');
    expect(failed.renditions).toBeNull();
    // Only the original remains, owned by the failed row the admin sees…
    expect(galleryFiles(galleryId)).toEqual([path.relative(`galleries/${galleryId}`, failed.original_path)]);
    // …and the worker is still alive: the next upload is processed.
    const good = await upload(galleryId, { name: 'good.jpg', body: await testImage(200, 100) });
    await waitForStatus(good.body.id, 'ready');
    // Deleting the failed image removes its original: nothing of it is left.
    expect((await app.admin.delete(`/api/galleriesimages/${response.body.id}`)).status).toBe(204);
    expect(stored(failed.original_path)).toBe(false);
    expect((await app.admin.delete(`/api/galleries/${galleryId}`)).status).toBe(204);
    expect(galleryFiles(galleryId)).toEqual([]);
  });

  it('retries a failed image: back to processing, rendered again, ready; 422 for an image that has not failed', async () => {
    const galleryId = await newGallery('Retry');
    const response = await upload(galleryId, { name: 'retry.jpg', body: await testImage(300, 200) });
    await waitForStatus(response.body.id, 'ready');
    const id = response.body.id as number;
    const notFailed = await app.admin.post(`/api/galleriesimages/${id}/retry`);
    expect(notFailed.status).toBe(422);
    expect(notFailed.body.errors).toEqual({ status: ['Only an image that failed to process can be retried.'] });
    // As the recovery sweep leaves an image whose jobs kept dying.
    await app.context.deps
      .db('gallery_images')
      .where({ id })
      .update({ status: 'failed', error: 'The image could not be processed. Please try again.', render_attempts: 3 });

    const retried = await app.admin.post(`/api/galleriesimages/${id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id, status: 'processing', error: null });
    await waitForStatus(id, 'ready');
    expect(await app.context.deps.db('gallery_images').where({ id }).first()).toMatchObject({ render_attempts: 0, error: null });
    expect((await app.admin.post('/api/galleriesimages/99999999/retry')).status).toBe(404);
  });

  it('answers 413 for a file over 256 MiB, declared or streamed, and removes the temp file', async () => {
    const galleryId = await newGallery('Too big');
    for (const size of [257 * MiB, 256 * MiB + 1]) {
      const file = path.join(app.context.deps.config.varDir, `sparse-${size}.jpg`);
      await writeFile(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      await truncate(file, size); // sparse: no real disk use
      const form = new FormData();
      form.append('gallery_id', String(galleryId));
      form.append('file', await openAsBlob(file, { type: 'image/jpeg' }), 'huge.jpg');
      const response = await app.admin.request('POST', '/api/galleriesimages', { body: form });
      expect(response.status, String(size)).toBe(413);
      expect(response.body).toEqual({ message: 'File too large.' });
      await expect.poll(tmpFiles, { timeout: 5000 }).toEqual([]);
    }
    expect(await app.context.deps.db('gallery_images').where({ gallery_id: galleryId }).first()).toBeUndefined();
    expect(galleryFiles(galleryId)).toEqual([]);
  }, 60_000);
});
