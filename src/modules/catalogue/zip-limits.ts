import yauzl from 'yauzl';
import { validationError } from '../../errors.ts';
import { MiB } from '../../bytes.ts';

/** What an .xlsx may unpack to. A few-thousand-line catalogue unpacks to about 1 MiB. */
export interface ZipLimits {
  /** Largest total of all entries, unpacked. */
  maxUnpackedBytes: number;
  /** Most entries (a workbook has a dozen or so). */
  maxEntries: number;
}

/**
 * The limits for catalogue imports: far above a real catalogue, far below what hurts the web
 * process. ExcelJS holds a workbook as objects at about 14× its unpacked XML (20,000 lines: 5.4 MiB
 * unpacked, +73 MiB RSS), so 8 MiB (some 30,000 lines) keeps an import near 110 MiB at worst.
 */
export const XLSX_LIMITS: ZipLimits = { maxUnpackedBytes: 8 * MiB, maxEntries: 1000 };

/** How far a check got; the caller may pass one in to see how much was inflated. */
export interface ZipProgress {
  inflatedBytes: number;
}

const UNREADABLE = 'The workbook could not be read; save it again as .xlsx and retry.';
const tooBig = (limits: ZipLimits) =>
  validationError({
    file: [`The workbook unpacks to more than ${Math.round(limits.maxUnpackedBytes / MiB)} MiB, which is not a catalogue.`],
  });

/**
 * Refuses a zip bomb before the spreadsheet reader sees the file: a 0.4 MB upload that inflates
 * to 400 MB cost the web process 0.7 GB and stalled public pages. First the sizes the zip's central
 * directory declares are summed (an honest bomb is refused without inflating a byte); then every
 * entry is inflated — streamed, nothing kept — counting real bytes and stopping as soon as the total
 * passes the limit, while yauzl stops any entry that inflates past its declared size (a lying bomb).
 * Resolves when the file is within the limits; anything else is a 422 on `file`.
 */
export async function checkZipSizes(
  file: string,
  limits: ZipLimits = XLSX_LIMITS,
  progress: ZipProgress = { inflatedBytes: 0 },
): Promise<void> {
  const zip = await openZip(file);
  try {
    let declared = 0;
    const entries: yauzl.Entry[] = [];
    for await (const entry of readEntries(zip)) {
      if (entries.length >= limits.maxEntries) throw validationError({ file: [UNREADABLE] });
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) throw tooBig(limits);
      entries.push(entry);
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue; // a folder
      await inflateCounting(zip, entry, limits, progress);
    }
  } finally {
    zip.close();
  }
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // lazyEntries: one entry at a time, on request; validateEntrySizes: an entry inflating past the
    // size it declares is an error, not a surprise.
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(validationError({ file: [UNREADABLE] }));
      else resolve(zip);
    });
  });
}

/** The central directory's entries, one at a time. */
async function* readEntries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      const cleanup = () => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      zip.once('entry', (e: yauzl.Entry) => (cleanup(), resolve(e)));
      zip.once('end', () => (cleanup(), resolve(undefined)));
      zip.once('error', () => (cleanup(), reject(validationError({ file: [UNREADABLE] }))));
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

/** Inflates one entry into nothing, adding its bytes to the count; stops at the limit. */
async function inflateCounting(zip: yauzl.ZipFile, entry: yauzl.Entry, limits: ZipLimits, progress: ZipProgress): Promise<void> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, s) => (error || !s ? reject(validationError({ file: [UNREADABLE] })) : resolve(s))),
  );
  try {
    for await (const chunk of stream) {
      progress.inflatedBytes += (chunk as Buffer).length;
      if (progress.inflatedBytes > limits.maxUnpackedBytes) throw tooBig(limits);
    }
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw validationError({ file: [UNREADABLE] }); // bad deflate data, or more bytes than declared
  } finally {
    (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
  }
}
