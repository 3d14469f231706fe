import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  server = await startTestServer(context);
  await context.deps.db('widgets').insert([
    { name: 'HomeText', type: 'TEXT', html: '<p>Welcome to the nursery</p>' },
    { name: 'FindImage', type: 'IMAGE', image_path: 'widgets/map.png', image_width: 1200, image_height: 800, alt: 'Map' },
  ]);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('GET /api/widgets/:idOrName', () => {
  it('finds a TEXT widget by name, case-insensitively', async () => {
    const response = await server.client().get('/api/widgets/hometext');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'HomeText', type: 'TEXT', html: '<p>Welcome to the nursery</p>' });
  });

  it('finds a widget by id and presents an IMAGE widget without its storage path', async () => {
    const { id } = await context.deps.db('widgets').where({ name: 'FindImage' }).first('id');
    const response = await server.client().get(`/api/widgets/${id}`);
    expect(response.body).toMatchObject({ id, type: 'IMAGE', image_url: '/media/widgets/map.png', alt: 'Map', width: 1200 });
    expect(JSON.stringify(response.body)).not.toContain('image_path');
  });

  it('answers 404 for an unknown name and never creates a row', async () => {
    const before = await context.deps.db('widgets').count({ n: '*' }).first();
    const response = await server.client().get('/api/widgets/NoSuchWidget');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
    const after = await context.deps.db('widgets').count({ n: '*' }).first();
    expect(after).toEqual(before);
  });
});

describe('GET /api/galleries/:id', () => {
  it('returns a gallery with only its ready images, in order', async () => {
    const [gallery] = await context.deps.db('galleries').insert({ name: 'Home banner' }).returning('id');
    const galleryId = (gallery as { id: number }).id;
    const renditions = { thumb: 'g/t.jpg', widths: [{ width: 480, height: 250, avif: 'g/a.avif', webp: 'g/a.webp', jpeg: 'g/a.jpg' }] };
    await context.deps.db('gallery_images').insert([
      {
        gallery_id: galleryId,
        status: 'ready',
        original_path: 'o1',
        order: 2,
        caption: 'Second',
        renditions: JSON.stringify(renditions),
        link: '/about',
      },
      { gallery_id: galleryId, status: 'ready', original_path: 'o2', order: 1, caption: 'First', renditions: JSON.stringify(renditions) },
      { gallery_id: galleryId, status: 'processing', original_path: 'o3', order: 0, caption: 'Hidden' },
    ]);
    const response = await server.client().get(`/api/galleries/${galleryId}`);
    expect(response.status).toBe(200);
    expect(response.body.images.map((i: { caption: string }) => i.caption)).toEqual(['First', 'Second']);
    expect(response.body.images[1]).toMatchObject({ url: '/about', link: '/about', thumb_url: '/media/g/t.jpg' });
    expect(response.body.images[0].srcset.avif).toBe('/media/g/a.avif 480w');
    expect(JSON.stringify(response.body)).not.toContain('original_path');
  });

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await server.client().get('/api/galleries/999999')).status).toBe(404);
    expect((await server.client().get('/api/galleries/abc')).status).toBe(404);
    expect((await server.client().get('/api/galleries/99999999999999')).status).toBe(404);
  });
});
