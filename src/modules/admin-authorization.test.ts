import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, sendForm, signedIn, testImage } from '../../test/admin.ts';
import { insertUser } from '../../test/auth.ts';
import { insertContactMessage, insertGallery, insertWidget } from '../../test/factories.ts';
import { insertCatalogueItems, insertGalleryImage } from '../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { expectAdminOnly, matrixClients, type AdminRouteCase, type MatrixClients } from '../../test/admin-matrix.ts';
import { previewToken } from './catalogue/import-preview.ts';
import { currentRevision } from './catalogue/store.ts';

/**
 * The authorization matrix (CONTRACT "Conventions": authorization on the server for every route):
 * every admin route called as a guest (401), a verified user (403), an unverified admin (403) and
 * a verified admin (its success status). Refused calls must change nothing and write no file.
 * The sales routes' rows (quote requests, quotations, orders, trade accounts) are in
 * admin-sales-authorization.test.ts.
 */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let clients: MatrixClients;
let jpeg: Buffer;

beforeAll(async () => {
  context = await createTestContext();
  server = await startTestServer(context);
  clients = await matrixClients(server, context.deps);
  jpeg = await testImage(64, 48);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

const db = () => context.deps.db;
const gallery = async () => (await insertGallery(db())).id;
const image = async () => (await insertGalleryImage(db(), { gallery_id: await gallery(), status: 'ready' })).id;
const csv = 'Genus,Species,Common name,Form,Height (cm)\nCrataegus,monogyna,Hawthorn,Bare root,40-60\n';

const cases: AdminRouteCase[] = [
  { route: 'GET /api/users', success: 200, prepare: async () => (c) => c.get('/api/users') },
  {
    route: 'POST /api/users',
    success: 201,
    prepare: async () => (c) =>
      c.post('/api/users', {
        firstname: 'New',
        lastname: 'Person',
        email: `matrix${Date.now()}@example.com`,
        role: 'user',
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
      }),
  },
  {
    route: 'GET /api/users/{id}',
    success: 200,
    prepare: async () => {
      const { user } = await insertUser(context.deps);
      return (c) => c.get(`/api/users/${user.id}`);
    },
  },
  {
    route: 'PATCH /api/users/{id}',
    success: 200,
    prepare: async () => {
      const { user } = await insertUser(context.deps);
      return (c) => c.patch(`/api/users/${user.id}`, { firstname: 'Changed' });
    },
  },
  {
    route: 'DELETE /api/users/{id}',
    success: 204,
    prepare: async () => {
      const { user } = await insertUser(context.deps);
      return (c) => c.delete(`/api/users/${user.id}`);
    },
  },

  { route: 'GET /api/widgets', success: 200, prepare: async () => (c) => c.get('/api/widgets') },
  { route: 'POST /api/widgets', success: 201, prepare: async () => (c) => c.post('/api/widgets', { name: `Matrix${Date.now()}` }) },
  {
    route: 'POST /api/widgets/{id}',
    success: 200,
    prepare: async () => {
      const widget = await insertWidget(db());
      return (c) => sendForm(c, 'POST', `/api/widgets/${widget.id}`, { name: widget.name, type: 'TEXT', html: '<p>Hi</p>' });
    },
  },
  {
    route: 'DELETE /api/widgets/{id}',
    success: 204,
    prepare: async () => {
      const widget = await insertWidget(db());
      return (c) => c.delete(`/api/widgets/${widget.id}`);
    },
  },

  { route: 'GET /api/galleries', success: 200, prepare: async () => (c) => c.get('/api/galleries?limit=12&page=0') },
  {
    route: 'GET /api/admin/galleries/{id}',
    success: 200,
    prepare: async () => {
      const id = await gallery();
      return (c) => c.get(`/api/admin/galleries/${id}`);
    },
  },
  { route: 'POST /api/galleries', success: 201, prepare: async () => (c) => c.post('/api/galleries', { name: 'Matrix gallery' }) },
  {
    route: 'POST /api/galleries/{id}',
    success: 200,
    prepare: async () => {
      const id = await gallery();
      return (c) => c.post(`/api/galleries/${id}`, { name: 'Renamed' });
    },
  },
  {
    route: 'DELETE /api/galleries/{id}',
    success: 204,
    prepare: async () => {
      const id = await gallery();
      return (c) => c.delete(`/api/galleries/${id}`);
    },
  },

  {
    route: 'POST /api/galleriesimages',
    success: 201,
    prepare: async () => {
      const id = await gallery();
      return (c) =>
        sendForm(
          c,
          'POST',
          '/api/galleriesimages',
          { gallery_id: String(id) },
          { file: { name: 'photo.jpg', body: jpeg, type: 'image/jpeg' } },
        );
    },
  },
  {
    route: 'POST /api/galleriesimages/order',
    success: 200,
    prepare: async () => {
      const galleryId = await gallery();
      const a = await insertGalleryImage(db(), { gallery_id: galleryId });
      const b = await insertGalleryImage(db(), { gallery_id: galleryId });
      return (c) => c.post('/api/galleriesimages/order', { id: galleryId, images: [{ id: b.id }, { id: a.id }] });
    },
  },
  {
    route: 'POST /api/galleriesimages/{id}',
    success: 200,
    prepare: async () => {
      const id = await image();
      return (c) => c.post(`/api/galleriesimages/${id}`, { alt: 'A', link: '/about' });
    },
  },
  {
    route: 'POST /api/galleriesimages/{id}/rotate',
    success: 202,
    prepare: async () => {
      const id = await image();
      return (c) => c.post(`/api/galleriesimages/${id}/rotate`);
    },
  },
  {
    route: 'POST /api/galleriesimages/{id}/retry',
    success: 202,
    prepare: async () => {
      const { id } = await insertGalleryImage(db(), {
        gallery_id: await gallery(),
        status: 'failed',
        error: 'The image could not be processed. Please try again.',
      });
      return (c) => c.post(`/api/galleriesimages/${id}/retry`);
    },
  },
  {
    route: 'DELETE /api/galleriesimages/{id}',
    success: 204,
    prepare: async () => {
      const id = await image();
      return (c) => c.delete(`/api/galleriesimages/${id}`);
    },
  },

  {
    route: 'POST /api/catalogue',
    success: 201,
    prepare: async () => (c) => c.post('/api/catalogue', { genus: 'Fagus', species: 'sylvatica', form: '1L', height: '20-40' }),
  },
  {
    route: 'PATCH /api/catalogue/{id}',
    success: 200,
    prepare: async () => {
      const [id] = await insertCatalogueItems(db(), 1);
      return (c) => c.patch(`/api/catalogue/${id}`, { height: '60-90' });
    },
  },
  {
    route: 'DELETE /api/catalogue/{id}',
    success: 204,
    prepare: async () => {
      const [id] = await insertCatalogueItems(db(), 1);
      return (c) => c.delete(`/api/catalogue/${id}`);
    },
  },
  {
    route: 'POST /api/catalogue/import/preview',
    success: 200,
    prepare: async () => (c) =>
      sendForm(
        c,
        'POST',
        '/api/catalogue/import/preview',
        {},
        { file: { name: 'catalogue.csv', body: Buffer.from(csv), type: 'text/csv' } },
      ),
  },
  {
    route: 'POST /api/catalogue/import',
    success: 200,
    prepare: async () => {
      // The token a preview of this file on the current catalogue returns (refused callers change nothing).
      const token = previewToken(await currentRevision(db()), createHash('sha256').update(csv).digest('hex'));
      return (c) =>
        sendForm(
          c,
          'POST',
          '/api/catalogue/import',
          { token },
          { file: { name: 'catalogue.csv', body: Buffer.from(csv), type: 'text/csv' } },
        );
    },
  },
  {
    route: 'GET /api/admin/catalogue/workbook.xlsx',
    success: 200,
    prepare: async () => {
      await insertCatalogueItems(db(), 1);
      return (c) => c.get('/api/admin/catalogue/workbook.xlsx');
    },
  },

  { route: 'GET /api/enquiries', success: 200, prepare: async () => (c) => c.get('/api/enquiries') },
  {
    route: 'GET /api/enquiries/{id}',
    success: 200,
    prepare: async () => {
      const m = await insertContactMessage(db());
      return (c) => c.get(`/api/enquiries/${m.id}`);
    },
  },
  {
    route: 'PATCH /api/enquiries/{id}',
    success: 200,
    prepare: async () => {
      const m = await insertContactMessage(db());
      return (c) => c.patch(`/api/enquiries/${m.id}`, { handled: true });
    },
  },
  {
    route: 'DELETE /api/enquiries/{id}',
    success: 204,
    prepare: async () => {
      const m = await insertContactMessage(db());
      return (c) => c.delete(`/api/enquiries/${m.id}`);
    },
  },

  { route: 'GET /api/admin/stats', success: 200, prepare: async () => (c) => c.get('/api/admin/stats') },
  { route: 'GET /api/admin/mails', success: 200, prepare: async () => (c) => c.get('/api/admin/mails') },
  {
    route: 'POST /api/admin/mails/{id}/resend',
    success: 200,
    prepare: async () => {
      const [{ id }] = await db()('mails')
        .insert({
          kind: 'account.verify-email',
          params: { userId: 1 },
          cause_key: `matrix-refused-${Date.now()}-${Math.random()}`,
          status: 'refused',
        })
        .returning('id');
      return (c) => c.post(`/api/admin/mails/${id}/resend`);
    },
  },
  { route: 'GET /admin/queues', success: 200, prepare: async () => (c) => c.get('/admin/queues') },
  { route: 'GET /admin/queues/api/queues', success: 200, prepare: async () => (c) => c.get('/admin/queues/api/queues') },
  {
    route: 'PUT /admin/queues/api/queues/images/retry/failed',
    success: 200,
    prepare: async () => (c) => c.request('PUT', '/admin/queues/api/queues/images/retry/failed'),
  },
];

describe('every admin route', () => {
  it.each(cases)('$route: guest 401, user 403, unverified admin 403, admin $success', async ({ prepare, success }) => {
    await expectAdminOnly(clients, await prepare(), success);
  });

  it("gives an admin no buyer's planting schedule: GET /api/schedules/{id} is the sender's only (404)", async () => {
    const buyer = await signedIn(server, context.deps, { role: 'user' });
    const { id } = (await buyer.post('/api/schedules', { text: 'Taxus baccata 40-60 BR x 10' })).body as { id: string };
    expect((await buyer.get(`/api/schedules/${id}`)).status).toBe(200);
    for (const client of [clients.admin, clients.unverifiedAdmin, clients.user, clients.guest]) {
      expect((await client.get(`/api/schedules/${id}`)).status).toBe(404);
    }
  });

  it('left no temp file behind from refused uploads', () => {
    expect(filesUnder(path.join(context.deps.config.varDir, 'tmp'))).toEqual([]);
  });

  it('serves the queue dashboard as bull-board HTML to admins, not the SPA', async () => {
    const page = await clients.admin.get('/admin/queues');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('__UI_CONFIG__');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await clients.admin.get(`/admin/queues/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await clients.user.get(`/admin/queues/${script}`)).status).toBe(403);
    const unknown = await clients.admin.get('/admin/queues/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found.' });
  });

  it('keeps CSRF on for bull-board actions: no X-XSRF-TOKEN → 419', async () => {
    const response = await clients.admin.request('PUT', '/admin/queues/api/queues/images/retry/failed', { csrf: false });
    expect(response.status).toBe(419);
  });

  it('keeps CSRF on for an image Retry: no X-XSRF-TOKEN → 419 and the image stays failed', async () => {
    const { id } = await insertGalleryImage(db(), {
      gallery_id: await gallery(),
      status: 'failed',
      error: 'The image could not be processed. Please try again.',
    });
    const response = await clients.admin.request('POST', `/api/galleriesimages/${id}/retry`, { csrf: false });
    expect(response.status).toBe(419);
    expect((await db()('gallery_images').where({ id }).first()).status).toBe('failed');
  });
});
