import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in key pair. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  /** The server's endpoint, e.g. http://127.0.0.1:41234. */
  url: string;
  bucket: string;
  /** STORAGE_URL for the app: the bucket, path-style, at this endpoint. */
  storageUrl: string;
  /** The key pair it accepts (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment the app needs to use it: STORAGE_URL plus the key pair. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, storing into its own temp folder,
 * with one empty bucket. Several processes may share it (the multi-process test): give each the
 * same `env`.
 */
export async function startS3rver(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'nursery-s3-'));
  const bucket = `nursery-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const storageUrl = `s3://${bucket}?endpoint=${encodeURIComponent(url)}&region=eu-west-2&forcePathStyle=true`;
  return {
    url,
    bucket,
    storageUrl,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: { STORAGE_URL: storageUrl, S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
