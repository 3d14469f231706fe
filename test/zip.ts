import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of a zip built by {@link zipOf}. */
interface ZipEntrySource {
  name: string;
  /** The entry's content, a chunk at a time (so a huge entry never sits in memory). */
  chunks: Iterable<Buffer | string>;
  /** The uncompressed size the headers claim, when a test wants them to lie. */
  declaredSize?: number;
}

/** Deflates chunks as they come; only the (small, for repetitive data) compressed bytes are kept. */
async function deflate(chunks: Iterable<Buffer | string>): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let size = 0;
  let crc = 0;
  for (const piece of chunks) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
}

/**
 * A zip file (deflated entries, no zip64) built in memory from streamed content: enough to make
 * real .xlsx files and zip bombs in tests without a zip library's safety checks in the way.
 */
export async function zipOf(entries: ZipEntrySource[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size, crc } = await deflate(entry.chunks);
    const name = Buffer.from(entry.name);
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `count` copies of a chunk, lazily. */
function* repeated(chunk: Buffer, count: number): Generator<Buffer> {
  for (let i = 0; i < count; i++) yield chunk;
}

/**
 * An .xlsx-shaped zip whose first sheet is `rows` copies of one valid catalogue row: about 0.3 MB
 * on disk for 300 MB unpacked. With `declaredSheetSize` the headers understate the sheet (a lying bomb).
 */
export function xlsxBomb(rows: number, declaredSheetSize?: number): Promise<Buffer> {
  const ns = 'http://schemas.openxmlformats.org';
  const row = Buffer.from(
    '<row><c t="inlineStr"><is><t>Ilex</t></is></c><c t="inlineStr"><is><t>aquifolium</t></is></c></row>'.repeat(100),
  );
  return zipOf([
    {
      name: '[Content_Types].xml',
      chunks: [
        `<?xml version="1.0"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ],
    },
    {
      name: '_rels/.rels',
      chunks: [
        `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      chunks: [
        `<?xml version="1.0"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Catalogue" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: [
        `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: [
        `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>`,
        ...repeated(row, Math.ceil(rows / 100)),
        '</sheetData></worksheet>',
      ],
      declaredSize: declaredSheetSize,
    },
  ]);
}
