import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * A zip file read through its central directory (yauzl): every entry is found by name and read
 * when wanted, whatever order the file stores them in, and nothing is read that is not asked for.
 * Errors are yauzl's own (a bad zip, bad deflate data, an entry inflating past the size it
 * declares); callers say what they mean to the user.
 */

export type ZipFile = yauzl.ZipFile;
export type ZipEntry = yauzl.Entry;

/** Opens `file`; close it with `zip.close()` once done (streams still open finish first). */
export function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // lazyEntries: one entry at a time, on request; validateEntrySizes: an entry inflating past the
    // size it declares is an error, not a surprise.
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(error ?? new Error('no zip'));
      else resolve(zip);
    });
  });
}

/** The central directory's entries, one at a time. */
export async function* zipEntries(zip: ZipFile): AsyncGenerator<ZipEntry> {
  for (;;) {
    const entry = await new Promise<ZipEntry | undefined>((resolve, reject) => {
      const cleanup = () => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      zip.once('entry', (e: ZipEntry) => (cleanup(), resolve(e)));
      zip.once('end', () => (cleanup(), resolve(undefined)));
      zip.once('error', (error: Error) => (cleanup(), reject(error)));
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

/** An entry's content, inflated as it is read. */
export function openEntry(zip: ZipFile, entry: ZipEntry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream))),
  );
}
