import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAdmin, logInAsAdmin } from './admin-helpers.ts';
import { newLaptopContext, newPhoneContext, screenshot, watchPageErrors } from './browser.ts';
import { addLine, listed, logInAsBuyer, storedGuestList } from './buyer-helpers.ts';
import { hashPassword } from '../src/passwords.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';

const browser = browserForThisFile();
const db = databaseForThisFile();

/** The same signed-in session on a 390 px phone, for a screenshot of the page at `path`. */
async function phoneShot(from: BrowserContext, path: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const context = await newPhoneContext(browser(), { storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  await screenshot(page, name);
  await context.close();
}

/** The catalogue's search for the Fagus lines, once its results (and their "Add" forms) are on show. */
async function openFagus(page: Page): Promise<void> {
  await page.goto('/catalogue?q=fagus', { waitUntil: 'networkidle' });
  await expect
    .poll(() =>
      page
        .getByRole('form', { name: /^Add .* to the plant list$/ })
        .first()
        .getAttribute('aria-label'),
    )
    .toMatch(/^Add Fagus /);
}

/** A line's name as the site writes it (lineName in web/src/features/plant-list/add-to-list.tsx), from a price-list row. */
const rowName = (row: ExcelJS.Row) => {
  // Code, Genus, Species, Common name, Form, Height (cm), …
  const [genus, species, , form, height] = [2, 3, 4, 5, 6].map((i) => String(row.getCell(i).value));
  return `${genus} ${species}, ${form}, ${height === 'Rootstock' ? height : `${height} cm`}`;
};

/** "26 November 2026": today as the price list dates itself (the UK calendar day). */
const ukToday = () =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());

describe('trade accounts, end to end', () => {
  it('a guest’s list merges on sign-in; the buyer applies, an admin approves, the buyer sees prices in the catalogue and downloads a price list with them', async () => {
    // Staff have priced the Fagus lines (the catalogue admin's job, not this test's).
    await db('catalogue_items')
      .whereILike('genus', 'fagus')
      .update({
        price_pence: 250,
        price_breaks: JSON.stringify([{ min_quantity: 100, price_pence: 199 }]),
        stock_status: 'in_stock',
        stock_quantity: 500,
        ready_from: null,
      }); // in stock: no ready-from date, as the catalogue's rule requires

    const email = `buyer.trade.${Date.now()}@example.com`;
    const password = 'e2e buyer hornbeam 77';
    const [{ id: userId }] = (await db('users')
      .insert({
        firstname: 'Pat',
        lastname: 'Grower',
        email,
        role: 'user',
        password_hash: await hashPassword(password),
        email_verified_at: new Date(),
      })
      .returning('id')) as [{ id: number }];

    // On an earlier visit, in another browser, the buyer put two lines on the account's list.
    const earlier = await newLaptopContext(browser());
    const earlierPage = await earlier.newPage();
    await logInAsBuyer(earlierPage, '/account', { email, password });
    await openFagus(earlierPage);
    const shared = await addLine(earlierPage, 0, 30);
    const accountOnly = await addLine(earlierPage, 2, 5);
    await earlierPage.getByRole('banner').getByRole('link', { name: 'Plant list, 2 lines' }).waitFor();
    await earlier.close();

    // Today, not yet signed in, in this browser: the same first line and another one.
    const buyer = await newLaptopContext(browser());
    const page = await buyer.newPage();
    const errors = watchPageErrors(page);
    const header = page.getByRole('banner');
    await openFagus(page);
    await header.getByRole('link', { name: 'Plant list, 0 lines' }).waitFor();
    expect(await addLine(page, 0, 10)).toBe(shared);
    const guestOnly = await addLine(page, 1, 250);
    await header.getByRole('link', { name: 'Plant list, 2 lines' }).waitFor();
    expect(await storedGuestList(page)).toEqual({ [shared]: 10, [guestOnly]: 250 });

    // Signing in merges the guest's lines into the account's (src/modules/plant-lists/service.ts):
    // a catalogue row on both lists gets the two quantities added, the other lines stay as they
    // were, and this browser's copy is dropped so it cannot be merged a second time.
    await logInAsBuyer(page, '/account/trade', { email, password });
    // The header counts the account's list only once the merge has settled (use-plant-list.ts).
    await header.getByRole('link', { name: 'Plant list, 3 lines' }).waitFor();
    expect(await storedGuestList(page)).toBeNull();
    const merged = { [shared]: '40', [accountOnly]: '5', [guestOnly]: '250' };
    await header.getByRole('link', { name: 'Plant list, 3 lines' }).click();
    await page.waitForURL((url) => url.pathname === '/plant-list');
    await expect.poll(() => listed(page), { timeout: 10_000 }).toEqual(merged);
    await page.getByText('3 lines. Your list is kept with your account.').waitFor();
    await screenshot(page, 'trade-merged-plant-list-desktop');
    await phoneShot(buyer, '/plant-list', 'trade-merged-plant-list-phone', (p) =>
      expect.poll(() => listed(p), { timeout: 10_000 }).toEqual(merged),
    );
    // Merged once: a reload finds no guest copy to send again, so the quantities stay as they are.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => listed(page), { timeout: 10_000 }).toEqual(merged);
    await header.getByRole('link', { name: 'Plant list, 3 lines' }).waitFor();
    expect(await storedGuestList(page)).toBeNull();
    // One stored line per catalogue row, in the order they were first added.
    expect(await db('plant_list_lines').where({ user_id: userId }).orderBy('id').pluck('quantity')).toEqual([40, 5, 250]);

    // The trade application, as a guest would see it until approved: no prices.
    await page.goto('/account/trade', { waitUntil: 'networkidle' });
    const company = `Weald Landscapes ${Date.now()}`;
    await page.getByLabel(/^Company name/).fill(company);
    await page.getByLabel(/^Business type/).selectOption('landscaper');
    await page.getByLabel(/^Company number/).fill('01234567');
    await page.getByLabel(/^Delivery postcode/).fill('tn27 0ab');
    await page.getByLabel(/^Invoice email/).fill('accounts@weald.example');
    await screenshot(page, 'trade-application-desktop');
    await phoneShot(buyer, '/account/trade', 'trade-application-phone', (p) =>
      p.getByRole('button', { name: 'Apply for a trade account' }).waitFor(),
    );
    await page.getByRole('button', { name: 'Apply for a trade account' }).click();
    await page.getByText('Waiting for approval').waitFor();
    expect(await page.getByText('TN27 0AB').count()).toBe(1);

    const admin = await createAdmin(db, 'trade');
    const staff = await newLaptopContext(browser());
    const adminPage = await staff.newPage();
    await logInAsAdmin(adminPage, admin);
    await adminPage.getByRole('link', { name: 'Trade applications' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: company });
    await row.waitFor();
    await screenshot(adminPage, 'trade-applications-desktop');
    await phoneShot(staff, '/admin/trade-applications', 'trade-applications-phone', (p) => p.getByText(company).waitFor());
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByText('No pending trade applications.').waitFor();

    await page.goto('/catalogue?q=fagus', { waitUntil: 'networkidle' });
    await page.getByRole('columnheader', { name: 'Trade price' }).waitFor();
    expect(await page.getByRole('cell', { name: '£2.50 · 100+ £1.99' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: 'In stock (500)' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'trade-catalogue-desktop');
    await phoneShot(buyer, '/catalogue?q=fagus', 'trade-catalogue-phone', (p) =>
      p.locator('td', { hasText: '£2.50 · 100+ £1.99' }).first().waitFor(),
    );
    // The demo catalogue's own terms (seeds/data/trade.ts): the limes show every kind of line.
    await page.goto('/catalogue?q=tilia', { waitUntil: 'networkidle' });
    await page.getByRole('columnheader', { name: 'Trade price' }).waitFor();
    for (const text of ['Price on request', 'Out of stock'])
      expect(await page.getByRole('cell', { name: text, exact: true }).count(), text).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: /^Ready from \d{1,2} [A-Z][a-z]{2,3} \d{4}$/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: /^In stock \(\d[\d,]*\)$/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: /^£\d+\.\d\d · \d+\+ £\d+\.\d\d/ }).count()).toBeGreaterThan(0);
    await screenshot(page, 'trade-catalogue-seeded-desktop');
    await phoneShot(buyer, '/catalogue?q=tilia', 'trade-catalogue-seeded-phone', (p) =>
      p.locator('td', { hasText: 'Price on request' }).first().waitFor(),
    );

    // Approved, the plant list prices each line at its quantity (the 100+ break for 250) and
    // estimates the total excl. VAT; the quote form repeats both.
    const prices = {
      [shared]: '£2.50 each · Line total £100.00',
      [accountOnly]: '£2.50 each · Line total £12.50',
      [guestOnly]: '£1.99 each (100+ price, saves £127.50) · Line total £497.50',
    };
    const estimate = 'Estimated total £610.00 excl. VAT.';
    await page.goto('/plant-list', { waitUntil: 'networkidle' });
    const priced = page.getByRole('list', { name: 'Lines on your plant list' }).getByRole('listitem');
    await expect.poll(() => priced.count()).toBe(3);
    for (const [line, price] of Object.entries(prices)) {
      await priced
        .filter({ has: page.getByRole('button', { name: `Remove ${line}` }) })
        .getByText(price)
        .waitFor();
    }
    await page.getByText(estimate).waitFor();
    await screenshot(page, 'trade-priced-plant-list-desktop');
    await phoneShot(buyer, '/plant-list', 'trade-priced-plant-list-phone', (p) => p.getByText(estimate).waitFor());
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL(/\/plant-list\/quote$/);
    const quoting = page.getByRole('list', { name: 'Lines to be quoted' }).getByRole('listitem');
    for (const [line, price] of Object.entries(prices)) await quoting.filter({ hasText: line }).getByText(price).waitFor();
    await page.getByText(estimate).waitFor();
    await screenshot(page, 'trade-priced-quote-form-desktop');
    await phoneShot(buyer, '/plant-list/quote', 'trade-priced-quote-form-phone', (p) => p.getByText(estimate).waitFor());

    await page.goto('/account/trade', { waitUntil: 'networkidle' });
    await page.getByText('Approved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Prepare a fresh price list' }).click();
    const xlsxLink = page.getByRole('link', { name: 'Price list (XLSX)' });
    await xlsxLink.waitFor({ timeout: 30_000 });
    await screenshot(page, 'trade-price-list-desktop');
    await phoneShot(buyer, '/account/trade', 'trade-price-list-phone', (p) => p.getByRole('link', { name: 'Price list (PDF)' }).waitFor());
    // The files are the whole catalogue with this buyer's trade columns: each line on the list
    // carries its price, breaks and availability as numbers a buyer can sort and calculate with.
    const xlsx = await page.request.get((await xlsxLink.getAttribute('href'))!);
    expect(xlsx.status()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Catalogue')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 9)).toEqual([
      'Code',
      'Genus',
      'Species',
      'Common name',
      'Form',
      'Height (cm)',
      'Price (£)',
      'Break 1 qty',
      'Break 1 price (£)',
    ]);
    expect(headers.slice(-3)).toEqual(['Stock quantity', 'Availability', 'Ready from']);
    const column = (name: string) => headers.indexOf(name) + 1;
    const terms = (row: ExcelJS.Row) =>
      ['Price (£)', 'Break 1 qty', 'Break 1 price (£)', 'Stock quantity', 'Availability'].map((name) => row.getCell(column(name)).value);
    const byName = new Map<string, ExcelJS.Row>();
    sheet.eachRow((row, number) => {
      if (number > 1) byName.set(rowName(row), row);
    });
    for (const line of Object.keys(merged))
      expect([line, terms(byName.get(line)!)]).toEqual([line, [2.5, 100, 1.99, 500, 'In stock (500)']]);
    const fagus = byName.get(Object.keys(merged)[0]!)!;
    expect([fagus.getCell(column('Price (£)')).type, fagus.getCell(column('Break 1 price (£)')).type]).toEqual([
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Number,
    ]);
    // The price is each row's own, not one value down the column: other genera carry the demo's prices,
    // and a line ready later has a real date cell.
    const others = [...byName.values()].filter((row) => row.getCell(2).value !== 'Fagus');
    expect(
      others.some((row) => typeof row.getCell(column('Price (£)')).value === 'number' && row.getCell(column('Price (£)')).value !== 2.5),
    ).toBe(true);
    expect(others.some((row) => row.getCell(column('Ready from')).type === ExcelJS.ValueType.Date)).toBe(true);

    const pdf = await page.request.get((await page.getByRole('link', { name: 'Price list (PDF)' }).getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    const pdfBytes = await pdf.body();
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfBytes.length).toBeGreaterThan(10_000);
    const parser = new PDFParse({ data: new Uint8Array(pdfBytes) });
    const pdfText = (await parser.getText()).text;
    await parser.destroy();
    // Made out to the buyer's company, dated today, prices ex VAT.
    expect(pdfText).toContain(`for ${company}`);
    expect(pdfText.replace(/[ \t]+/g, ' ')).toContain(`Issued ${ukToday()} · Valid until`);
    expect(pdfText).toContain('Prices exclude VAT');
    expect(pdfText).toContain('£2.50 · 100+ £1.99');
    expect(pdfText).toMatch(/In stock\s+\(500\)/);
    expect(errors).toEqual([]);
    await staff.close();
    await buyer.close();
  }, 180_000); // a long journey (now with the priced list and quote form): more than the project's 90 s on a busy machine
});
