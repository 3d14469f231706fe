import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../../test/s3.ts';
import { loadConfig } from '../config.ts';
import { createStorage } from './index.ts';
import { MissingFileError, type Storage } from './types.ts';

/**
 * The contract every driver keeps, run against the local folder and against a real S3-compatible
 * server (s3rver), each built from the environment as the app builds it.
 */
describe.each(['local', 's3'] as const)('%s storage', (driver) => {
  let storage: Storage;
  let varDir: string;
  let s3: TestS3 | undefined;
  const tmpDir = () => path.join(varDir, 'tmp');
  const tmpFiles = () => (existsSync(tmpDir()) ? readdirSync(tmpDir()) : []);
  const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();

  beforeAll(async () => {
    varDir = mkdtempSync(path.join(tmpdir(), 'nursery-storage-'));
    s3 = driver === 's3' ? await startS3rver() : undefined;
    const config = loadConfig({ NODE_ENV: 'test', VAR_DIR: varDir, ...s3?.env });
    expect(config.storage.driver).toBe(driver);
    storage = createStorage(config.storage, { tmpDir: tmpDir() });
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(varDir, { recursive: true, force: true });
  });

  it('puts a Buffer and reads it back whole, as a stream and by stat', async () => {
    await storage.put('a/hello.txt', Buffer.from('hello world'));
    expect((await storage.get('a/hello.txt')).toString()).toBe('hello world');
    expect(await text(await storage.stream('a/hello.txt'))).toBe('hello world');
    const info = await storage.stat('a/hello.txt');
    expect(info).toMatchObject({ bytes: 11, contentType: 'application/octet-stream' });
    expect(info!.etag).toMatch(/^"[^"]+"$/);
    expect(info!.modifiedAt.getTime()).not.toBeNaN();
    await storage.put('a/pic.webp', Buffer.from('not really'));
    expect((await storage.stat('a/pic.webp'))?.contentType).toBe('image/webp');
    expect((await storage.stat('a/x.pdf')) ?? 'none').toBe('none');
  });

  it('streams a large body in and out without changing a byte (S3: a multipart upload)', async () => {
    const chunk = randomBytes(1024 * 1024);
    const chunks = 20; // over two 8 MiB parts
    const expected = createHash('sha256');
    for (let i = 0; i < chunks; i++) expected.update(chunk);
    await storage.put(
      'big/file.bin',
      Readable.from(
        (function* () {
          for (let i = 0; i < chunks; i++) yield chunk;
        })(),
      ),
    );
    expect((await storage.stat('big/file.bin'))?.bytes).toBe(chunks * chunk.length);
    const actual = createHash('sha256');
    for await (const part of await storage.stream('big/file.bin')) actual.update(part as Buffer);
    expect(actual.digest('hex')).toBe(expected.digest('hex'));
  });

  it('streams one inclusive byte range', async () => {
    await storage.put('r/digits.txt', Buffer.from('0123456789'));
    expect(await text(await storage.stream('r/digits.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.stream('r/digits.txt', { start: 7, end: 9 }))).toBe('789');
    expect(await text(await storage.stream('r/digits.txt', { start: 9, end: 9 }))).toBe('9');
  });

  it('moves a file in with putFile: the bytes arrive, the source is gone', async () => {
    await writeFile(path.join(varDir, 'upload.tmp'), 'uploaded bytes');
    await storage.putFile('files/upload.pdf', path.join(varDir, 'upload.tmp'));
    expect(existsSync(path.join(varDir, 'upload.tmp'))).toBe(false);
    expect((await storage.get('files/upload.pdf')).toString()).toBe('uploaded bytes');
    expect((await storage.stat('files/upload.pdf'))?.contentType).toBe('application/pdf');
  });

  it('gives a new ETag when a key is written again with other bytes', async () => {
    await storage.put('e/v.txt', Buffer.from('first'));
    const before = (await storage.stat('e/v.txt'))!.etag;
    await storage.put('e/v.txt', Buffer.from('second version'));
    expect((await storage.stat('e/v.txt'))!.etag).not.toBe(before);
    expect((await storage.get('e/v.txt')).toString()).toBe('second version');
  });

  it('hands a path on disk to withLocalFile and leaves no temp file, even when the callback throws', async () => {
    await storage.put('w/photo.jpg', Buffer.from('jpeg bytes'));
    let seen = '';
    const result = await storage.withLocalFile('w/photo.jpg', async (file) => {
      seen = file;
      return readFile(file, 'utf8');
    });
    expect(result).toBe('jpeg bytes');
    if (driver === 's3') expect(seen.startsWith(tmpDir())).toBe(true);
    await expect(storage.withLocalFile('w/photo.jpg', () => Promise.reject(new Error('sharp failed')))).rejects.toThrow('sharp failed');
    expect(tmpFiles()).toEqual([]);
    expect(existsSync(path.join(varDir, 'storage', 'w', 'photo.jpg'))).toBe(driver === 'local');
  });

  it('reports a missing key: stat → undefined, the readers → MissingFileError', async () => {
    expect(await storage.stat('none/here.jpg')).toBeUndefined();
    await expect(storage.get('none/here.jpg')).rejects.toBeInstanceOf(MissingFileError);
    await expect(storage.stream('none/here.jpg')).rejects.toBeInstanceOf(MissingFileError);
    await expect(storage.withLocalFile('none/here.jpg', async () => 'ran')).rejects.toBeInstanceOf(MissingFileError);
    expect(tmpFiles()).toEqual([]);
  });

  it('deletes one key, and a missing key without complaint', async () => {
    await storage.put('d/one.txt', Buffer.from('1'));
    await storage.put('d/two.txt', Buffer.from('2'));
    await storage.delete('d/one.txt');
    await storage.delete('d/never.txt');
    expect(await storage.stat('d/one.txt')).toBeUndefined();
    expect(await storage.stat('d/two.txt')).toBeDefined();
  });

  it('deletes a folder and everything under it, and nothing beside it', async () => {
    const inside = ['g/1/a.jpg', 'g/1/sub/b.jpg', 'g/1/sub/deeper/c.jpg'];
    const beside = ['g/10/a.jpg', 'g/1.jpg', 'g/2/a.jpg'];
    for (const key of [...inside, ...beside]) await storage.put(key, Buffer.from(key));
    await storage.deletePrefix('g/1');
    for (const key of inside) expect(await storage.stat(key), key).toBeUndefined();
    for (const key of beside) expect(await storage.stat(key), key).toBeDefined();
    await storage.deletePrefix('g/none'); // nothing there: no error
  });

  it('deletes a folder of more keys than one listing page holds (1,000)', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `many/${i % 3}/${i}.txt`);
    for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((key) => storage.put(key, Buffer.from('x'))));
    await storage.deletePrefix('many');
    for (const key of [keys[0]!, keys[999]!, keys[1000]!, keys[1004]!]) expect(await storage.stat(key), key).toBeUndefined();
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of ['../escape.txt', '/abs.txt', 'a//b.txt', 'a/./b.txt', 'a/', '', 'a\\b.txt', 'a/\u0000.txt']) {
      await expect(storage.put(key, Buffer.from('x')), JSON.stringify(key)).rejects.toThrow();
      await expect(storage.stat(key), JSON.stringify(key)).rejects.toThrow();
    }
  });

  it('names every key by its /media URL', () => {
    expect(storage.url('galleries/1/2-ab/480.webp')).toBe('/media/galleries/1/2-ab/480.webp');
    expect(storage.url('widgets/a b#c.png')).toBe('/media/widgets/a%20b%23c.png');
  });
});
