import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * File storage behind one small interface, so a bucket can replace the local folder when web and
 * workers run on different hosts. Keys are relative paths like `galleries/12/abc.jpg`.
 */
export interface Storage {
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** Moves a local file (an upload's temp file) into storage without reading it into memory. */
  putFile(key: string, file: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  stat(key: string): Promise<{ bytes: number; modifiedAt: Date } | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix (a "folder"). */
  deletePrefix(prefix: string): Promise<void>;
  /** Public URL path of a key. */
  url(key: string): string;
  /** Absolute path on disk (local driver only; workers use it for sharp and pdfkit). */
  localPath(key: string): string;
}

export function createLocalStorage(root: string, publicPrefix = '/media'): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  const ensureDir = (file: string) => mkdir(path.dirname(file), { recursive: true });

  return {
    async put(key, body) {
      const file = resolve(key);
      await ensureDir(file);
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      if (Buffer.isBuffer(body)) await writeFile(tmp, body);
      else await pipeline(body, createWriteStream(tmp));
      await rename(tmp, file); // readers never see a half-written file
    },
    async putFile(key, source) {
      const file = resolve(key);
      await ensureDir(file);
      try {
        await rename(source, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await pipeline(createReadStream(source), createWriteStream(file));
        await rm(source, { force: true });
      }
    },
    get: (key) => readFile(resolve(key)),
    stream: (key) => createReadStream(resolve(key)),
    async stat(key) {
      try {
        const s = await stat(resolve(key));
        return { bytes: s.size, modifiedAt: s.mtime };
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
    url: (key) => `${publicPrefix}/${key.split('/').map(encodeURIComponent).join('/')}`,
    localPath: resolve,
  };
}
