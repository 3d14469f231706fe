import { fork } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { logIn } from '../test/auth.ts';
import { TestClient } from '../test/http-client.ts';

export interface UploadFigures {
  fileMiB: number;
  rssGrowthMiB: number;
  /** RSS growth as a share of the file's size: 1.0 would mean the whole file sat in memory. */
  ratio: number;
  status: number;
}

type Ready = { baseUrl: string; email: string; password: string; galleryId: number };

/**
 * Uploads a 200 MiB file through POST /api/galleriesimages as an admin and reports how much the
 * web process's resident memory grew while it streamed to disk.
 */
export async function benchUploadMemory(fileMiB = 200): Promise<UploadFigures> {
  const child = fork(path.join(import.meta.dirname, 'upload-server.ts'), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: 'inherit',
  });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const ready = await next<Ready>();
  const dir = await mkdtemp(path.join(tmpdir(), 'nursery-upload-'));
  const file = path.join(dir, 'big.jpg');
  try {
    // A real 3000×2000 JPEG padded to the full size after its end marker: a valid image upload
    // whose every byte the server must stream to disk.
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3b7d3a' } })
      .jpeg()
      .toBuffer();
    const handle = await open(file, 'w');
    await handle.write(jpeg);
    await handle.truncate(fileMiB * 1024 * 1024);
    await handle.close();

    const client = new TestClient(ready.baseUrl);
    await logIn(client, ready.email, ready.password);
    child.send('reset');
    await next();
    const form = new FormData();
    form.set('gallery_id', String(ready.galleryId));
    form.set('file', await openAsBlob(file, { type: 'image/jpeg' }), 'big.jpg');
    const response = await client.request('POST', '/api/galleriesimages', { body: form });
    child.send('report');
    const { baseline, peak } = await next<{ baseline: number; peak: number }>();
    const growth = (peak - baseline) / (1024 * 1024);
    return { fileMiB, rssGrowthMiB: growth, ratio: growth / fileMiB, status: response.status };
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
  }
}
