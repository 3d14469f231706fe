import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, sendForm, testImage } from '../test/admin.ts';
import { insertUser, logIn } from '../test/auth.ts';
import { startCluster, type Cluster, type ClusterProcess } from '../test/cluster.ts';
import { TestClient } from '../test/http-client.ts';
import { waitUntil } from '../test/wait.ts';

/**
 * Two web and two worker processes, each with its own VAR_DIR and no shared disk, on one
 * PostgreSQL, one Redis (own prefix), one s3rver bucket and one SMTP server: what runs on separate
 * hosts works here, and nothing depends on a local folder.
 */
let cluster: Cluster;
let webA: ClusterProcess;
let webB: ClusterProcess;
let admin: TestClient;
let adminEmail: string;

/** The same signed-in visitor, talking to another web process (a load balancer's choice). */
const sameVisitorOn = (client: TestClient, web: ClusterProcess) => {
  const moved = new TestClient(web.baseUrl);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
};

beforeAll(async () => {
  cluster = await startCluster({ webs: 2, workers: 2 });
  [webA, webB] = cluster.webs as [ClusterProcess, ClusterProcess];
  const { email, password } = await insertUser({ db: cluster.db }, { role: 'admin' });
  adminEmail = email;
  admin = new TestClient(webA.baseUrl);
  await logIn(admin, email, password);
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

describe('two web and two worker processes sharing no disk', () => {
  it('renders an image uploaded through web A on a worker and serves its files from web B', async () => {
    const gallery = await admin.post('/api/galleries', { name: 'Cluster banners' });
    expect(gallery.status).toBe(201);
    const upload = await sendForm(
      admin,
      'POST',
      '/api/galleriesimages',
      { gallery_id: String(gallery.body.id) },
      {
        file: { name: 'hedge.jpg', body: await testImage(1600, 900), type: 'image/jpeg' },
      },
    );
    expect(upload.status).toBe(201);

    const guestB = new TestClient(webB.baseUrl);
    let image: { status: string; image_url: string; thumb_url: string } | undefined;
    await waitUntil(
      async () => {
        image = (await guestB.get(`/api/galleries/${gallery.body.id}`)).body.images?.[0];
        return image?.status === 'ready';
      },
      60_000,
      'renditions on web B',
    );
    for (const url of [image!.image_url, image!.thumb_url]) {
      const file = await guestB.get(url);
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(file.raw.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    // Nothing went through a local folder: every file lives in the bucket.
    for (const process of [...cluster.webs, ...cluster.workers]) {
      expect(
        filesUnder(`${process.varDir}/storage`).filter((f) => !f.includes('/tmp/')),
        process.name,
      ).toEqual([]);
    }
  });

  it('keeps a session made on web A valid on web B', async () => {
    const onB = sameVisitorOn(admin, webB);
    const user = await onB.get('/api/user');
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({ email: adminEmail, role: 'admin' });
  });

  it('counts the contact rate limit across web A and web B', async () => {
    const enquiry = { name: 'Rate Limited', email: 'buyer@example.com', telephone: '01233 000000', message: 'Hedging quote' };
    const visitor = await new TestClient(webA.baseUrl).csrf();
    const onB = sameVisitorOn(visitor, webB);
    const statuses: number[] = [];
    // CONTACT_PER_MINUTE is 5 per address: alternating processes must not double it.
    for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? onB : visitor).post('/api/contact', enquiry)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('serves new downloads from web A within 10 s of a catalogue edit through web B', async () => {
    const guestA = new TestClient(webA.baseUrl);
    await waitUntil(async () => Boolean((await guestA.get('/api/catalogue/downloads')).body.xlsx), 60_000, 'first downloads');
    const before = (await guestA.get('/api/catalogue/downloads')).body.xlsx.revision as number;
    const onB = sameVisitorOn(admin, webB);
    const created = await onB.post('/api/catalogue', {
      genus: 'Taxus',
      species: 'baccata Cluster',
      common_name: 'Yew',
      form: '3L',
      height: '40-60',
    });
    expect(created.status).toBe(201);

    await waitUntil(
      async () => (await guestA.get('/api/catalogue/downloads')).body.xlsx?.revision > before,
      10_000,
      'new downloads on web A',
    );
    const xlsx = await guestA.get('/downloads/catalogue.xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
  });

  it("shows a widget edit made through web A on web B's next request", async () => {
    const created = await sendForm(admin, 'POST', '/api/widgets', { name: 'ClusterNotice' });
    expect(created.status).toBe(201);
    const guestB = new TestClient(webB.baseUrl);
    expect((await guestB.get('/api/widgets/ClusterNotice')).status).toBe(200); // now in B's cache
    const saved = await sendForm(admin, 'POST', `/api/widgets/${created.body.id}`, {
      name: 'ClusterNotice',
      type: 'TEXT',
      html: '<p>Open on Saturday</p>',
    });
    expect(saved.status).toBe(200);
    expect((await guestB.get('/api/widgets/ClusterNotice')).body.html).toBe('<p>Open on Saturday</p>');
  });

  it('keeps sessions across a web process restart', async () => {
    expect(await webA.stop('SIGTERM')).toBe(0);
    await webA.start();
    expect((await admin.get('/api/user')).status).toBe(200);
  });
});
