import { describe, expect, it } from 'vitest';
import { sendForm, useAdminApp } from '../../../test/admin.ts';

const app = useAdminApp();

/** What the admin screen does: preview the CSV, then confirm with the preview's token. */
async function importCsv(csv: string) {
  const file = { name: 'catalogue.csv', body: Buffer.from(csv), type: 'text/csv' };
  const preview = await sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file });
  if (preview.status !== 200) return preview;
  return sendForm(app.admin, 'POST', '/api/catalogue/import', { token: preview.body.token }, { file });
}
const tradeOf = async () =>
  Object.fromEntries(((await app.admin.get('/api/catalogue?limit=100')).body.results as { species: string; trade: unknown }[]).map((l) => [l.species, l.trade]));

describe('catalogue import with trade columns', () => {
  it('reads Price, Price breaks, Stock, Stock quantity and Ready from', async () => {
    const imported = await importCsv(
      [
        'Genus,Species,Form,Height (cm),Price,Price breaks,Stock,Stock quantity,Ready from',
        'Acer,campestre,10L,175-200,1250,"10:1100; 50:990",In stock,300,',
        'Carpinus,betulus,3L,60-90,,,ready from,,2027-03-01',
      ].join('\n'),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await tradeOf()).toEqual({
      campestre: { price_pence: 1250, price_breaks: [{ min_quantity: 10, price_pence: 1100 }, { min_quantity: 50, price_pence: 990 }], stock_status: 'in_stock', stock_quantity: 300, ready_from: null },
      betulus: { price_pence: null, price_breaks: [], stock_status: 'ready_from', stock_quantity: null, ready_from: '2027-03-01' },
    });

    // A price change alone is a change in the preview, shown before and after.
    const file = { name: 'c.csv', body: Buffer.from('Genus,Species,Form,Height (cm),Price\nAcer,campestre,10L,175-200,1300\nCarpinus,betulus,3L,60-90,\n'), type: 'text/csv' };
    const preview = await sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file });
    expect(preview.body.counts).toEqual({ added: 0, changed: 1, retired: 0, reinstated: 0, unchanged: 1 });
    expect(preview.body.changed[0].before.trade.price_pence).toBe(1250);
    expect(preview.body.changed[0].after.trade).toMatchObject({ price_pence: 1300, stock_quantity: 300 });

    // The public workbook has no trade columns: importing it keeps every line's prices.
    expect((await importCsv('Genus,Species,Form,Height (cm)\nAcer,campestre,10L,175-200\nCarpinus,betulus,3L,60-90\n')).status).toBe(200);
    expect((await tradeOf()).campestre).toMatchObject({ price_pence: 1250, stock_quantity: 300 });
  });

  it('refuses the whole file for one bad trade cell, naming the row, and changes nothing', async () => {
    const before = await tradeOf();
    const bad = await importCsv(
      [
        'Genus,Species,Form,Height (cm),Price,Price breaks,Stock',
        'Acer,campestre,10L,175-200,999,,in stock',
        'Carpinus,betulus,3L,60-90,-5,,',
        'Fagus,sylvatica,3L,60-90,100,"10 for 4.50",',
        'Ilex,aquifolium,3L,60-90,100,"50:400; 10:450",',
        'Taxus,baccata,3L,60-90,100,,plenty',
      ].join('\n'),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.rows).toEqual([
      'Row 3: The price must be at least 0.',
      'Row 4: The price breaks must look like "10:450; 50:400" (quantity:price in pence).',
      'Row 5: The price breaks must be in ascending order of quantity, each quantity once.',
      'Row 6: The stock status must be one of: in_stock, limited, ready_from, out_of_stock.',
    ]);
    expect(await tradeOf()).toEqual(before);
  });

  describe('the ready-from rule', () => {
    const REQUIRED = 'The ready from date is required when the stock status is ready_from.';
    const NEEDS_STATUS = 'A ready from date needs the stock status ready_from.';
    const preview = (csv: string) =>
      sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file: { name: 'c.csv', body: Buffer.from(csv), type: 'text/csv' } });

    it('refuses, in the preview, a "ready from" row without a date and a date without a status, by row', async () => {
      await importCsv('Genus,Species,Form,Height (cm),Stock,Ready from\nAcer,campestre,10L,175-200,in stock,\n');
      const before = await tradeOf();
      const bad = await preview(
        [
          'Genus,Species,Form,Height (cm),Stock,Ready from',
          'Acer,campestre,10L,175-200,ready from,',
          'Carpinus,betulus,3L,60-90,,2027-03-01',
          'Fagus,sylvatica,3L,60-90,ready from,2027-03-01',
        ].join('\n'),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors.rows).toEqual([`Row 2: ${REQUIRED}`, `Row 3: ${NEEDS_STATUS}`]);
      expect(await tradeOf()).toEqual(before);
    });

    it('clears the date of a row whose status is no longer "ready from"', async () => {
      const imported = await importCsv('Genus,Species,Form,Height (cm),Stock,Ready from\nAcer,campestre,10L,175-200,In stock,2027-03-01\n');
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect((await tradeOf()).campestre).toMatchObject({ stock_status: 'in_stock', ready_from: null });
    });

    it('counts the stored date or status when the file has only one of the two columns', async () => {
      await importCsv(
        ['Genus,Species,Form,Height (cm),Stock,Ready from', 'Acer,campestre,10L,175-200,ready from,2027-03-01', 'Carpinus,betulus,3L,60-90,in stock,'].join('\n'),
      );
      const before = await tradeOf();

      // A Stock column alone: "ready from" keeps the stored date, but a line without one is refused.
      const stockOnly = await preview('Genus,Species,Form,Height (cm),Stock\nAcer,campestre,10L,175-200,ready from\nCarpinus,betulus,3L,60-90,ready from\n');
      expect(stockOnly.status).toBe(422);
      expect(stockOnly.body.errors.rows).toEqual([`Row 3: ${REQUIRED}`]);

      // A Ready from column alone: a date for a line in stock is refused; an empty cell may not clear a "ready from" line's date.
      const dateOnly = await preview('Genus,Species,Form,Height (cm),Ready from\nAcer,campestre,10L,175-200,\nCarpinus,betulus,3L,60-90,2027-05-01\n');
      expect(dateOnly.status).toBe(422);
      expect(dateOnly.body.errors.rows).toEqual([`Row 2: ${REQUIRED}`, `Row 3: ${NEEDS_STATUS}`]);
      expect(await tradeOf()).toEqual(before);

      // A new date for the "ready from" line alone is fine, and the other line keeps its status.
      const moved = await importCsv('Genus,Species,Form,Height (cm),Ready from\nAcer,campestre,10L,175-200,2027-04-15\nCarpinus,betulus,3L,60-90,\n');
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await tradeOf()).toMatchObject({ campestre: { stock_status: 'ready_from', ready_from: '2027-04-15' }, betulus: { stock_status: 'in_stock' } });
    });
  });
});
