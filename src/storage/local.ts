import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, contentTypeOf, mediaUrl } from './keys.ts';
import { MissingFileError, type Storage } from './types.ts';

/** Folders of the local drivers made in this process, for {@link localFilePath}. */
const roots = new WeakMap<Storage, (key: string) => string>();

/**
 * The embedded default: files in a folder on this host (VAR_DIR/storage). Writes land under a
 * temp name and are renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(base, checkKey(key));
    if (!full.startsWith(base + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  const ensureDir = (file: string) => mkdir(path.dirname(file), { recursive: true });
  const missing = (error: unknown, key: string) => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? new MissingFileError(key) : error);

  const storage: Storage = {
    driver: 'local',
    async put(key, body) {
      const file = resolve(key);
      await ensureDir(file);
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(body) ? [body] : body, createWriteStream(tmp));
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async putFile(key, source) {
      const file = resolve(key);
      await ensureDir(file);
      try {
        await rename(source, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await storage.put(key, createReadStream(source)); // another file system: copy, then drop the source
        await rm(source, { force: true });
      }
    },
    async get(key) {
      return readFile(resolve(key)).catch((error: unknown) => {
        throw missing(error, key);
      });
    },
    async stream(key, range) {
      // Opened first, so a missing file is an error here rather than on the response stream.
      const handle = await open(resolve(key), 'r').catch((error: unknown) => {
        throw missing(error, key);
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    async stat(key) {
      const s = await stat(resolve(key)).catch(() => undefined);
      if (!s?.isFile()) return undefined;
      // Size and modification time, as static file servers do: a new write changes one of them.
      return {
        bytes: s.size,
        modifiedAt: s.mtime,
        etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
        contentType: contentTypeOf(key),
      };
    },
    async withLocalFile(key, fn) {
      const file = resolve(key);
      if (!(await storage.stat(key))) throw new MissingFileError(key);
      return fn(file);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
    url: mediaUrl,
  };
  roots.set(storage, resolve);
  return storage;
}

/**
 * The path on disk of a key of a local driver (tests inspect files directly; the app uses
 * `withLocalFile`). Throws for any other driver, so a test that needs the local layout says so.
 */
export function localFilePath(storage: Storage, key: string): string {
  const resolve = roots.get(storage);
  if (!resolve) throw new Error(`localFilePath needs the local storage driver, not ${storage.driver}`);
  return resolve(key);
}
