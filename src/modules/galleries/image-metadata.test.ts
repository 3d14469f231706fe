import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sendForm, useAdminApp } from '../../../test/admin.ts';
import { insertGallery, insertWidget } from '../../../test/factories.ts';

/**
 * Privacy of uploaded photos: a phone picture carries its GPS position, the camera owner's name, an
 * XMP packet and an ICC profile. None of it may reach the public in any file /media serves (every
 * rendition; the stored original is never served), and the picture must still stand the right way
 * up (orientation applied to the pixels, not left to a tag that is gone).
 */

const app = useAdminApp({ workers: ['images'] });

/** A 600×300 JPEG (landscape pixels) tagged "rotate 90° to view" with GPS, owner, XMP and ICC data. */
const phonePhoto = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#4a7a3a' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: 'Camera Owner Jo', Copyright: 'Jo Owner', Make: 'PhoneCo', Model: 'Phone 12' },
      IFD2: { BodySerialNumber: 'SN-123456', CameraOwnerName: 'Jo Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 9/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 45/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jo Owner</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe('served gallery images', () => {
  it('carry no EXIF, GPS, XMP or ICC data, in any rendition, never serve the original, and stand upright', async () => {
    const upload = await phonePhoto();
    const meta = await sharp(upload).metadata();
    expect(meta).toMatchObject({ orientation: 6, width: 600, height: 300 });
    expect(meta.exif && meta.xmp && meta.icc).toBeTruthy();

    const galleryId = (await insertGallery(app.context.deps.db)).id;
    const response = await sendForm(
      app.admin,
      'POST',
      '/api/galleriesimages',
      { gallery_id: String(galleryId) },
      { file: { name: 'phone.jpg', body: upload, type: 'image/jpeg' } },
    );
    expect(response.status).toBe(201);
    const id = response.body.id as number;
    await expect
      .poll(async () => (await app.context.deps.db('gallery_images').where({ id }).first()).status, { timeout: 20_000, interval: 100 })
      .toBe('ready');

    const image = (await app.admin.get(`/api/admin/galleries/${galleryId}`)).body.images.find((i: { id: number }) => i.id === id);
    const srcsetUrls = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
      (image.srcset[format] as string).split(', ').map((entry) => entry.split(' ')[0]!),
    );
    const original = (await app.context.deps.db('gallery_images').where({ id }).first()).original_path as string;
    const urls = [image.thumb_url, image.image_url, ...srcsetUrls];
    expect(urls.length).toBeGreaterThanOrEqual(4);

    const visitor = app.server.client();
    for (const url of urls) {
      const served = await visitor.get(url);
      expect(served.status, url).toBe(200);
      const info = await sharp(served.raw).metadata();
      expect({ url, exif: info.exif, xmp: info.xmp, icc: info.icc, iptc: info.iptc, orientation: info.orientation }).toEqual({
        url,
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      const bytes = served.raw.toString('latin1');
      for (const secret of ['Jo Owner', 'Camera Owner', 'SN-123456', 'PhoneCo'])
        expect(bytes, `${url} contains ${secret}`).not.toContain(secret);
      // Upright: the 600×300 pixels turned a quarter, so every file is portrait (the thumbnail is square).
      if (url !== image.thumb_url) expect(info.height!, url).toBeGreaterThan(info.width!);
    }
    // The stored original still holds the camera's data (the worker's input): it must not be served.
    expect((await sharp(await app.context.deps.storage.get(original)).metadata()).exif).toBeTruthy();
    expect((await visitor.get(`/media/${original}`)).status).toBe(404);
  });

  it('is true of widget images too: stored without metadata, upright', async () => {
    const widget = await insertWidget(app.context.deps.db, { name: 'PrivacyWidget' });
    const saved = await sendForm(
      app.admin,
      'POST',
      `/api/widgets/${widget.id}`,
      { name: widget.name, type: 'IMAGE', alt: 'Yard' },
      { image: { name: 'yard.jpg', body: await phonePhoto(), type: 'image/jpeg' } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ width: 300, height: 600 });
    const served = await app.server.client().get(saved.body.image_url);
    expect(served.status).toBe(200);
    const info = await sharp(served.raw).metadata();
    expect({
      exif: info.exif,
      xmp: info.xmp,
      icc: info.icc,
      orientation: info.orientation,
      width: info.width,
      height: info.height,
    }).toEqual({
      exif: undefined,
      xmp: undefined,
      icc: undefined,
      orientation: undefined,
      width: 300,
      height: 600,
    });
    expect(served.raw.toString('latin1')).not.toContain('Jo Owner');
  });
});
