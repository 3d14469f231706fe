import { describe, expect, it } from 'vitest';
import { sendForm, useAdminApp } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { WRONG_IMPORT_TYPE } from './import.ts';
import { currentRevision } from './store.ts';

/**
 * A CSV holding U+0000 is not text (PostgreSQL could not store it either). The importer looked
 * for NUL bytes in the first 64 KiB only, so one further down reached the database: a 500.
 */

const app = useAdminApp({ redis: false });

const db = () => app.context.deps.db;
const lines = () => db()('catalogue_items').orderBy('id').select('id', 'genus', 'species', 'form', 'height');

describe('catalogue import: a NUL character after the first 64 KiB of a CSV', () => {
  it('is refused like one at the start (415 errors.file), and the catalogue stays as it was', async () => {
    await insertCatalogueItems(db(), 3);
    const before = { lines: await lines(), revision: await currentRevision(db()) };

    const rows = ['Genus,Species,Common name,Form,Height (cm)'];
    for (let i = 0; rows.join('\n').length < 70 * 1024; i++) rows.push(`Acer,campestre ${i},Field maple,1L,20-40`);
    rows.push('Fag\u0000us,sylvatica,Beech,1L,20-40');
    const csv = Buffer.from(rows.join('\n') + '\n');
    expect(csv.indexOf(0)).toBeGreaterThan(64 * 1024);

    // The preview reads the file first (an import needs the preview's token); both share the reader.
    const response = await sendForm(
      app.admin,
      'POST',
      '/api/catalogue/import/preview',
      {},
      { file: { name: 'catalogue.csv', body: csv, type: 'text/csv' } },
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: WRONG_IMPORT_TYPE, errors: { file: [WRONG_IMPORT_TYPE] } });
    expect(await lines()).toEqual(before.lines);
    expect(await currentRevision(db())).toBe(before.revision);
  });
});
