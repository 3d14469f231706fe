import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../test/s3.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createStorage } from './index.ts';

const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-storage-config-'));
afterAll(() => rmSync(varDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ VAR_DIR: varDir, ...env });
const problems = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

const KEY_ID = 'AKIAEXAMPLEKEYID1234';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('STORAGE_URL', () => {
  it('defaults to the folder VAR_DIR/storage; file:/// names another folder', () => {
    expect(load({}).storage).toEqual({ driver: 'local', root: path.join(varDir, 'storage') });
    expect(load({ STORAGE_URL: ' ' }).storage).toEqual({ driver: 'local', root: path.join(varDir, 'storage') });
    expect(load({ STORAGE_URL: 'file:///srv/nursery%20files' }).storage).toEqual({ driver: 'local', root: '/srv/nursery files' });
  });

  it('reads a bucket, a key prefix, the endpoint, region and path style', () => {
    const url = 's3://nursery-media/site-a/?endpoint=http://127.0.0.1:4569&region=eu-west-2&forcePathStyle=true';
    expect(load({ STORAGE_URL: url }).storage).toEqual({
      driver: 's3',
      bucket: 'nursery-media',
      prefix: 'site-a/',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-2',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(load({ STORAGE_URL: 's3://nursery-media' }).storage).toMatchObject({
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it.each([
    ['ftp://bucket', /s3:\/\/ or file:\/\//],
    ['bucket-only', /must be s3:\/\/bucket/],
    ['s3://Bad_Bucket', /bucket name/],
    ['s3://nursery?endpoint=localhost:9000', /endpoint must be an http\(s\) URL/],
    ['s3://nursery?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['s3://nursery?regoin=eu-west-2', /unknown option regoin/],
    ['file://host/srv', /absolute path only/],
  ])('refuses %s with a readable message', (value, message) => {
    const found = problems({ STORAGE_URL: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^STORAGE_URL: /);
    expect(found[0]).toMatch(message);
  });

  it('refuses credentials inside the URL without repeating them', () => {
    const found = problems({ STORAGE_URL: `s3://${KEY_ID}:${encodeURIComponent(SECRET)}@nursery?region=eu-west-2` });
    expect(found.join()).toMatch(/S3_ACCESS_KEY_ID/);
    expect(found.join()).not.toContain(KEY_ID);
  });

  it('takes the key pair from S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, both or neither', () => {
    const config = load({ STORAGE_URL: 's3://nursery', S3_ACCESS_KEY_ID: KEY_ID, S3_SECRET_ACCESS_KEY: SECRET });
    expect(config.storage.driver === 's3' && config.storage.credentials?.forSdk()).toEqual({
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
    });
    expect(problems({ S3_ACCESS_KEY_ID: KEY_ID })).toEqual(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']);
    expect(problems({ S3_SECRET_ACCESS_KEY: SECRET })).toHaveLength(1);
  });
});

describe('S3 credentials in logs', () => {
  it('never reach a log line, JSON or inspect output, even when the whole config or an S3 failure is logged', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const log = createLogger('info', 'test', sink);
    const s3 = await startS3rver();
    try {
      // A bucket that does not exist: the SDK's error, with its request metadata, goes to the log.
      const config = load({
        STORAGE_URL: s3.storageUrl.replace(s3.bucket, 'no-such-bucket'),
        S3_ACCESS_KEY_ID: KEY_ID,
        S3_SECRET_ACCESS_KEY: SECRET,
      });
      const storage = createStorage(config.storage, { tmpDir: path.join(varDir, 'tmp') });
      const err = await storage.get('a/b.jpg').catch((error: unknown) => error);
      expect(err).toBeInstanceOf(Error);
      log.info({ config }, 'starting');
      log.error({ err }, 'storage failed');
      const output = [lines.join(''), JSON.stringify(config), inspect(config, { depth: 10 }), inspect(err, { depth: 10 })].join('\n');
      expect(output).toContain('[redacted]');
      expect(output).toContain('no-such-bucket');
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(KEY_ID);
    } finally {
      await s3.close();
    }
  });
});
