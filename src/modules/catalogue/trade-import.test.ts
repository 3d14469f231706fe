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
  Object.fromEntries(
    ((await app.admin.get('/api/catalogue?limit=100')).body.results as { species: string; trade: unknown }[]).map((l) => [
      l.species,
      l.trade,
    ]),
  );

describe('catalogue import with trade columns', () => {
  it('reads Price (£) in pounds, each break in its own columns, Stock status, Stock quantity and Ready from', async () => {
    const imported = await importCsv(
      [
        'Genus,Species,Form,Height (cm),Price (£),Break 1 quantity,Break 1 price (£),Break 2 quantity,Break 2 price (£),Stock status,Stock quantity,Ready from',
        'Acer,campestre,10L,175-200,£12.50,10,11,50,9.90,In stock,300,',
        'Carpinus,betulus,3L,60-90,,,,,,ready from,,10/03/2027',
      ].join('\n'),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await tradeOf()).toEqual({
      campestre: {
        price_pence: 1250,
        price_breaks: [
          { min_quantity: 10, price_pence: 1100 },
          { min_quantity: 50, price_pence: 990 },
        ],
        stock_status: 'in_stock',
        stock_quantity: 300,
        ready_from: null,
      },
      betulus: { price_pence: null, price_breaks: [], stock_status: 'ready_from', stock_quantity: null, ready_from: '2027-03-10' },
    });

    // A price change alone is a change in the preview, shown before and after.
    const file = {
      name: 'c.csv',
      body: Buffer.from('Genus,Species,Form,Height (cm),Price (£)\nAcer,campestre,10L,175-200,13\nCarpinus,betulus,3L,60-90,\n'),
      type: 'text/csv',
    };
    const preview = await sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file });
    expect(preview.body.counts).toEqual({ added: 0, changed: 1, retired: 0, reinstated: 0, unchanged: 1 });
    expect(preview.body.changed[0].before.trade.price_pence).toBe(1250);
    expect(preview.body.changed[0].after.trade).toMatchObject({ price_pence: 1300, stock_quantity: 300 });

    // The public workbook has no trade columns: importing it keeps every line's prices.
    expect((await importCsv('Genus,Species,Form,Height (cm)\nAcer,campestre,10L,175-200\nCarpinus,betulus,3L,60-90\n')).status).toBe(200);
    expect((await tradeOf()).campestre).toMatchObject({ price_pence: 1250, stock_quantity: 300 });
  });

  it('refuses the whole file for one bad trade cell, naming the row and the column, and changes nothing', async () => {
    const before = await tradeOf();
    const bad = await importCsv(
      [
        'Genus,Species,Form,Height (cm),Price (£),Break 1 quantity,Break 1 price (£),Break 2 quantity,Break 2 price (£),Stock status,Stock quantity,Ready from',
        'Acer,campestre,10L,175-200,9.99,,,,,in stock,,',
        'Carpinus,betulus,3L,60-90,"2,50",,,,,,,',
        'Fagus,sylvatica,3L,60-90,-5,10,"£4,50",,,,,',
        'Ilex,aquifolium,3L,60-90,1,50,4,10,4.5,,,',
        'Taxus,baccata,3L,60-90,1.005,,,,,plenty,many,',
        'Buxus,sempervirens,3L,60-90,1,10,,,2.25,ready from,,31/02/2027',
      ].join('\n'),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.rows).toEqual([
      'Row 3: Price — Use a full stop for pence, e.g. 2.50',
      'Row 4: Price — A price cannot be negative',
      'Row 4: Break 1 price — Use a full stop for pence, e.g. 2.50',
      'Row 5: The price breaks must be in ascending order of quantity, each quantity once.',
      'Row 6: Price — A price has at most two decimals (pence), e.g. 2.50',
      'Row 6: Stock status — Use one of: In stock, Limited, Ready from, Out of stock',
      'Row 6: Stock quantity — Use a whole number, e.g. 1200',
      'Row 7: Ready from — Use a real date, e.g. 10/01/2027',
      'Row 7: Break 1 price — Give the price from that quantity, e.g. 2.25',
      'Row 7: Break 2 quantity — Give the quantity this break price is from',
    ]);
    expect(await tradeOf()).toEqual(before);
  });

  it.each([
    ['Price', 'A price column must be named "Price (£)"'],
    ['Price pence', 'A price column must be named "Price (£)"'],
    ['Price breaks', 'The "Price breaks" column is no longer read'],
    ['Break 1 price', 'The column "Break 1 price" must be named "Break 1 price (£)"'],
    ['Break 11 quantity', 'There may be at most 10 price breaks'],
    ['Unit price', 'A price column must be named "Price (£)"'],
    ['Price (pence)', 'A price column must be named "Price (£)"'],
  ])('refuses a file with the header %j rather than guess its units', async (header, message) => {
    const before = await tradeOf();
    const bad = await importCsv(`Genus,Species,Form,Height (cm),${header}\nAcer,campestre,10L,175-200,1250\n`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.file).toHaveLength(1);
    expect(bad.body.errors.file[0]).toContain(message);
    expect(await tradeOf()).toEqual(before);
  });

  it('reads the staff workbook saved as CSV by Excel, its cells as displayed: "1,250.00", "5,000", "10 Jan 2027"', async () => {
    const imported = await importCsv(
      [
        'Code,Genus,Species,Common name,Form,Height (cm),Price (£),Break 1 quantity,Break 1 price (£),Stock status,Stock quantity,Ready from',
        ',Acer,campestre,,10L,175-200,"1,250.00","1,000",1100.50,Ready from,"5,000",10 Jan 2027',
      ].join('\r\n'),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await tradeOf()).campestre).toEqual({
      price_pence: 125_000,
      price_breaks: [{ min_quantity: 1000, price_pence: 110_050 }],
      stock_status: 'ready_from',
      stock_quantity: 5000,
      ready_from: '2027-01-10',
    });
  });

  it('refuses a break column without its pair', async () => {
    const bad = await importCsv(
      'Genus,Species,Form,Height (cm),Break 1 quantity,Break 1 price (£),Break 2 quantity\nAcer,campestre,10L,175-200,10,2,50\n',
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.file).toEqual(['The column "Break 2 price (£)" is missing beside "Break 2 quantity".']);
  });

  it.each([
    ['2027-01-10', '2027-01-10'],
    ['10/01/2027', '2027-01-10'],
    ['1/2/2027', '2027-02-01'],
    ['10 Jan 2027', '2027-01-10'],
    ['10 January 2027', '2027-01-10'],
  ])('reads the typed ready-from date %j as %s', async (typed, day) => {
    const imported = await importCsv(
      `Genus,Species,Form,Height (cm),Stock status,Ready from\nAcer,campestre,10L,175-200,Ready from,${typed}\n`,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await tradeOf()).campestre).toMatchObject({ stock_status: 'ready_from', ready_from: day });
  });

  describe('the ready-from rule', () => {
    const REQUIRED = 'The ready from date is required when the stock status is ready_from.';
    const NEEDS_STATUS = 'A ready from date needs the stock status ready_from.';
    const preview = (csv: string) =>
      sendForm(
        app.admin,
        'POST',
        '/api/catalogue/import/preview',
        {},
        { file: { name: 'c.csv', body: Buffer.from(csv), type: 'text/csv' } },
      );

    it('refuses, in the preview, a "ready from" row without a date and a date without a status, by row', async () => {
      await importCsv('Genus,Species,Form,Height (cm),Stock status,Ready from\nAcer,campestre,10L,175-200,in stock,\n');
      const before = await tradeOf();
      const bad = await preview(
        [
          'Genus,Species,Form,Height (cm),Stock status,Ready from',
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
      const imported = await importCsv(
        'Genus,Species,Form,Height (cm),Stock status,Ready from\nAcer,campestre,10L,175-200,In stock,2027-03-01\n',
      );
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect((await tradeOf()).campestre).toMatchObject({ stock_status: 'in_stock', ready_from: null });
    });

    it('counts the stored date or status when the file has only one of the two columns', async () => {
      await importCsv(
        [
          'Genus,Species,Form,Height (cm),Stock status,Ready from',
          'Acer,campestre,10L,175-200,ready from,2027-03-01',
          'Carpinus,betulus,3L,60-90,in stock,',
        ].join('\n'),
      );
      const before = await tradeOf();

      // A Stock column alone: "ready from" keeps the stored date, but a line without one is refused.
      const stockOnly = await preview(
        'Genus,Species,Form,Height (cm),Stock status\nAcer,campestre,10L,175-200,ready from\nCarpinus,betulus,3L,60-90,ready from\n',
      );
      expect(stockOnly.status).toBe(422);
      expect(stockOnly.body.errors.rows).toEqual([`Row 3: ${REQUIRED}`]);

      // A Ready from column alone: a date for a line in stock is refused; an empty cell may not clear a "ready from" line's date.
      const dateOnly = await preview(
        'Genus,Species,Form,Height (cm),Ready from\nAcer,campestre,10L,175-200,\nCarpinus,betulus,3L,60-90,2027-05-01\n',
      );
      expect(dateOnly.status).toBe(422);
      expect(dateOnly.body.errors.rows).toEqual([`Row 2: ${REQUIRED}`, `Row 3: ${NEEDS_STATUS}`]);
      expect(await tradeOf()).toEqual(before);

      // A new date for the "ready from" line alone is fine, and the other line keeps its status.
      const moved = await importCsv(
        'Genus,Species,Form,Height (cm),Ready from\nAcer,campestre,10L,175-200,2027-04-15\nCarpinus,betulus,3L,60-90,\n',
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await tradeOf()).toMatchObject({
        campestre: { stock_status: 'ready_from', ready_from: '2027-04-15' },
        betulus: { stock_status: 'in_stock' },
      });
    });
  });
});
