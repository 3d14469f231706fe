import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows, sampleRows } from '../src/modules/catalogue/fixtures.ts';
import { sendForm, testImage } from '../test/admin.ts';
import { insertUser, logIn } from '../test/auth.ts';
import { startCluster, type Cluster, type ClusterProcess } from '../test/cluster.ts';
import { TestClient } from '../test/http-client.ts';
import { waitUntil } from '../test/wait.ts';

/**
 * A worker killed mid-job (SIGKILL: no chance to clean up) and one asked to stop (SIGTERM). A killed
 * worker's job is taken back once its lock lapses (WORKER_LOCK_MS, short here) and completes
 * exactly once; a terminated worker finishes the job it is running and takes no other.
 */
let cluster: Cluster;
let worker: ClusterProcess;
let admin: TestClient;

const queue = (name: string) =>
  new Queue(name, { connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix: cluster.redisPrefix });
const bucketKeys = async (prefix: string) => {
  const s3 = new S3Client({
    endpoint: cluster.s3.url,
    region: 'eu-west-2',
    forcePathStyle: true,
    credentials: { accessKeyId: cluster.s3.accessKeyId, secretAccessKey: cluster.s3.secretAccessKey },
  });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: cluster.s3.bucket, Prefix: prefix }));
  s3.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!);
};
/** Records a catalogue change as the service does: revision bump and event in one transaction. */
const catalogueChanged = (reason: string) =>
  cluster.db.transaction(async (trx) => {
    await trx('catalogue_state')
      .where({ id: 1 })
      .update({ revision: trx.raw('revision + 1'), changed_at: trx.fn.now() });
    await trx('events').insert({ name: 'catalogue.changed', payload: JSON.stringify({ reason }) });
  });
const currentRevision = async () => Number((await cluster.db('catalogue_state').where({ id: 1 }).first('revision')).revision);
const filesOf = (revision: number) => cluster.db('catalogue_files').where({ revision }).orderBy('format').pluck('format');

beforeAll(async () => {
  cluster = await startCluster({ webs: 1, workers: 1, env: { WORKER_LOCK_MS: '2000' } });
  worker = cluster.workers[0]!;
  const { email, password } = await insertUser({ db: cluster.db }, { role: 'admin' });
  admin = new TestClient(cluster.webs[0]!.baseUrl);
  await logIn(admin, email, password);
  await insertRows(cluster.db, sampleRows(5000));
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

describe('a worker killed with SIGKILL', () => {
  it('during a rendition: the job is taken back, completes once and leaves only its own files', async () => {
    const gallery = (await admin.post('/api/galleries', { name: 'Killed mid-render' })).body.id as number;
    const upload = await sendForm(
      admin,
      'POST',
      '/api/galleriesimages',
      { gallery_id: String(gallery) },
      {
        file: { name: 'large.jpg', body: await testImage(6000, 4000), type: 'image/jpeg' }, // 24 MP: seconds of work
      },
    );
    expect(upload.status).toBe(201);
    const imageId = upload.body.id as number;
    const row = () => cluster.db('gallery_images').where({ id: imageId }).first();
    await waitUntil(async () => Boolean((await row()).rendering_folder), 30_000, 'the rendition job to start');
    expect(await worker.stop('SIGKILL')).toBeNull();
    const killedFolder = (await row()).rendering_folder as string;

    await worker.start();
    await waitUntil(async () => (await row()).status === 'ready', 90_000, 'the image to be ready', worker.output);
    const images = queue('images');
    try {
      const jobs = (await images.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed'])).filter(
        (j) => j.data.payload.imageId === imageId,
      );
      expect(jobs.map((j) => j.finishedOn !== undefined && !j.failedReason)).toEqual([true]); // one job, completed once
    } finally {
      await images.close();
    }
    const ready = await row();
    const folders = new Set((await bucketKeys(`galleries/${gallery}/${imageId}-`)).map((key) => key.split('/').slice(0, 3).join('/')));
    expect([...folders]).toEqual([ready.renditions.thumb.split('/').slice(0, 3).join('/')]);
    expect(folders.has(killedFolder)).toBe(false);
  }, 180_000);

  it('during a catalogue render: the render is taken back, its files recorded once and its temp files removed', async () => {
    await catalogueChanged('killed render');
    const revision = await currentRevision();
    const catalogue = queue('catalogue');
    const tmpDir = path.join(worker.varDir, 'tmp');
    const renderTempFiles = () => (existsSync(tmpDir) ? readdirSync(tmpDir).filter((name) => name.startsWith('catalogue-')) : []);
    try {
      await waitUntil(async () => renderTempFiles().length === 2, 30_000, 'the render to write its temp files');
      expect(await worker.stop('SIGKILL')).toBeNull();
      expect(await filesOf(revision)).toEqual([]);
      expect(renderTempFiles()).toHaveLength(2); // the killed render's, half-written
      await worker.start(); // the same host and VAR_DIR
      await waitUntil(async () => (await filesOf(revision)).length === 2, 120_000, 'the files of the killed render', worker.output);
      expect(await filesOf(revision)).toEqual(['pdf', 'xlsx']);
      expect(renderTempFiles()).toEqual([]);
    } finally {
      await catalogue.close();
    }
  }, 240_000);
});

describe('a worker asked to stop with SIGTERM', () => {
  it('finishes the render it is running, then exits', async () => {
    await catalogueChanged('render under way at shutdown');
    const revision = await currentRevision();
    const catalogue = queue('catalogue');
    try {
      await waitUntil(async () => (await catalogue.getActiveCount()) > 0, 30_000, 'the render to start');
      expect(await worker.stop('SIGTERM')).toBe(0);
      // No other worker runs: the files can only come from the one that was stopping.
      expect(await filesOf(revision)).toEqual(['pdf', 'xlsx']);
    } finally {
      await catalogue.close();
      await worker.start();
    }
  }, 240_000);
});
