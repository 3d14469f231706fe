import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/wait.ts';
import { loadConfig } from '../../config.ts';
import { realisticRows } from './fixtures.ts';
import { createCataloguePdf } from './render-pdf.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'nursery-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const business = loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64') }).business;

describe('createCataloguePdf', () => {
  it('writes finished pages to the file while rows are still coming, and numbers pages "X of Y" at the end', async () => {
    const file = path.join(dir, 'streamed.pdf');
    const pdf = createCataloguePdf(file, { business, issued: new Date('2025-01-15T09:00:00Z') });
    const rows = realisticRows(600).map((row, id) => ({ id, code: `LINE-${id}`, ...row }));
    for (const row of rows.slice(0, 300)) pdf.add(row);
    // Nine or so pages are done: they are on disk before the document ends (a buffered PDF has
    // written only its 15-byte header by now).
    await waitUntil(async () => existsSync(file) && statSync(file).size > 20_000, 5_000, 'the first pages on disk');
    for (const row of rows.slice(300)) pdf.add(row);
    const { pages, rows: written } = await pdf.finish();
    expect(written).toBe(600);

    const parser = new PDFParse({ data: readFileSync(file) });
    try {
      const text = await parser.getText();
      expect(text.pages).toHaveLength(pages);
      text.pages.forEach((page, i) => expect(page.text).toContain(`Page ${i + 1} of ${pages}`));
    } finally {
      await parser.destroy();
    }
  });
});
