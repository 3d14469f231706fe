import type { Readable } from 'node:stream';

/**
 * File storage behind one small interface, so a bucket can replace the local folder when web and
 * workers run on different hosts (docs/decisions/007-file-storage.md). Keys are relative paths
 * like `galleries/12/abc.jpg`; a "folder" is a key prefix ending before a `/`.
 */
export interface Storage {
  /** Which driver this is, for logs and start-up messages. */
  readonly driver: 'local' | 's3';
  /** Stores a body under a key. A Buffer suits small files (renditions); large ones come as a stream. */
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** Moves a local file (an upload's or a render's temp file) into storage, streamed, never read whole into memory. */
  putFile(key: string, file: string): Promise<void>;
  /** The whole file in memory: for small files and tests only. A missing key → MissingFileError. */
  get(key: string): Promise<Buffer>;
  /** The file's bytes, or one inclusive byte range of them. A missing key → MissingFileError. */
  stream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size, time, validator and type of a stored file, or undefined when there is none. */
  stat(key: string): Promise<StoredFile | undefined>;
  /**
   * Runs `fn` with a path on this host's disk holding the file, for libraries that need one
   * (sharp, pdf parsers). Local driver: the stored file itself, which `fn` must not change. S3: a
   * temp file streamed from the bucket, removed when `fn` settles. A missing key → MissingFileError.
   */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  /** Deletes a key; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix (a "folder": `galleries/3` never touches `galleries/30`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Public URL path of a key (served by src/http/media.ts). */
  url(key: string): string;
}

/** What `stat` tells about a stored file. */
interface StoredFile {
  bytes: number;
  modifiedAt: Date;
  /** A strong validator of the bytes, quoted, ready for an ETag header. */
  etag: string;
  /** The MIME type the file was stored with (from its extension). */
  contentType: string;
}

/** Inclusive byte offsets, as in a Content-Range header: `{ start: 0, end: 0 }` is the first byte. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The key names no stored file (never stored, or deleted meanwhile). */
export class MissingFileError extends Error {
  constructor(public readonly key: string) {
    super(`No stored file at ${key}`);
    this.name = 'MissingFileError';
  }
}
