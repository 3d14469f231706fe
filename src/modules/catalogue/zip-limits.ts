import { validationError } from '../../errors.ts';
import { MiB } from '../../bytes.ts';
import { UNREADABLE_WORKBOOK } from '../../xlsx-rows.ts';
import { openEntry, openZip, zipEntries, type ZipEntry, type ZipFile } from '../../zip-file.ts';

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
  let zip: ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw validationError({ file: [UNREADABLE_WORKBOOK] });
  }
  try {
    let declared = 0;
    const entries: ZipEntry[] = [];
    for await (const entry of zipEntries(zip)) {
      if (entries.length >= limits.maxEntries) throw validationError({ file: [UNREADABLE_WORKBOOK] });
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) throw tooBig(limits);
      entries.push(entry);
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue; // a folder
      await inflateCounting(zip, entry, limits, progress);
    }
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw validationError({ file: [UNREADABLE_WORKBOOK] }); // a bad zip, bad deflate data, or more bytes than declared
  } finally {
    zip.close();
  }
}

/** Inflates one entry into nothing, adding its bytes to the count; stops at the limit. */
async function inflateCounting(zip: ZipFile, entry: ZipEntry, limits: ZipLimits, progress: ZipProgress): Promise<void> {
  const stream = await openEntry(zip, entry);
  try {
    for await (const chunk of stream) {
      progress.inflatedBytes += (chunk as Buffer).length;
      if (progress.inflatedBytes > limits.maxUnpackedBytes) throw tooBig(limits);
    }
  } finally {
    stream.destroy();
  }
}
