import ExcelJS from 'exceljs';
import knexFactory from 'knex';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdmin, logInAsAdmin } from './admin-helpers.ts';
import { launchBrowser, newLaptopContext, newPhoneContext, screenshot, watchPageErrors } from './browser.ts';
import { addLine, listed, logInAsBuyer, storedGuestList } from './buyer-helpers.ts';
import { hashPassword } from '../src/passwords.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
const db = knexFactory({ client: 'pg', connection: inject('databaseUrl'), pool: { min: 0, max: 1 } });
afterAll(async () => {
  await browser?.close();
  await db.destroy();
});

/** The same signed-in session on a 390 px phone, for a screenshot of the page at `path`. */
async function phoneShot(from: BrowserContext, path: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const context = await newPhoneContext(browser, { storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  await screenshot(page, name);
  await context.close();
}

/** The catalogue's search for the Fagus lines, once its results (and their "Add" forms) are on show. */
async function openFagus(page: Page): Promise<void> {
  await page.goto('/catalogue?q=fagus', { waitUntil: 'networkidle' });
  await expect.poll(() => page.getByRole('form', { name: /^Add .* to the plant list$/ }).first().getAttribute('aria-label')).toMatch(/^Add Fagus /);
}

/** A line's name as the site writes it (lineName in web/src/features/plant-list/add-to-list.tsx), from a price-list row. */
const rowName = ([genus, species, , form, height]: string[]) => `${genus} ${species}, ${form}, ${height === 'Rootstock' ? height : `${height} cm`}`;

describe('trade accounts, end to end', () => {
  it('a guest’s list merges on sign-in; the buyer applies, an admin approves, the buyer sees prices in the catalogue and downloads a price list with them', async () => {
    // Staff have priced the Fagus lines (the catalogue admin's job, not this test's).
    await db('catalogue_items')
      .whereILike('genus', 'fagus')
      .update({ price_pence: 250, price_breaks: JSON.stringify([{ min_quantity: 100, price_pence: 199 }]), stock_status: 'in_stock', stock_quantity: 500 });

    const email = `buyer.trade.${Date.now()}@example.com`;
    const password = 'e2e buyer hornbeam 77';
    const [{ id: userId }] = (await db('users')
      .insert({ firstname: 'Pat', lastname: 'Grower', email, role: 'user', password_hash: await hashPassword(password), email_verified_at: new Date() })
      .returning('id')) as [{ id: number }];

    // On an earlier visit, in another browser, the buyer put two lines on the account's list.
    const earlier = await newLaptopContext(browser);
    const earlierPage = await earlier.newPage();
    await logInAsBuyer(earlierPage, '/account', { email, password });
    await openFagus(earlierPage);
    const shared = await addLine(earlierPage, 0, 30);
    const accountOnly = await addLine(earlierPage, 2, 5);
    await earlierPage.getByRole('banner').getByRole('link', { name: 'Plant list, 2 lines' }).waitFor();
    await earlier.close();

    // Today, not yet signed in, in this browser: the same first line and another one.
    const buyer = await newLaptopContext(browser);
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
    await phoneShot(buyer, '/plant-list', 'trade-merged-plant-list-phone', (p) => expect.poll(() => listed(p), { timeout: 10_000 }).toEqual(merged));
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
    await phoneShot(buyer, '/account/trade', 'trade-application-phone', (p) => p.getByRole('button', { name: 'Apply for a trade account' }).waitFor());
    await page.getByRole('button', { name: 'Apply for a trade account' }).click();
    await page.getByText('Waiting for approval').waitFor();
    expect(await page.getByText('TN27 0AB').count()).toBe(1);

    const admin = await createAdmin(db, 'trade');
    const staff = await newLaptopContext(browser);
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
    await phoneShot(buyer, '/catalogue?q=fagus', 'trade-catalogue-phone', (p) => p.locator('dd', { hasText: '£2.50 · 100+ £1.99' }).first().waitFor());

    await page.goto('/account/trade', { waitUntil: 'networkidle' });
    await page.getByText('Approved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Prepare a fresh price list' }).click();
    const xlsxLink = page.getByRole('link', { name: 'Price list (XLSX)' });
    await xlsxLink.waitFor({ timeout: 30_000 });
    await screenshot(page, 'trade-price-list-desktop');
    await phoneShot(buyer, '/account/trade', 'trade-price-list-phone', (p) => p.getByRole('link', { name: 'Price list (PDF)' }).waitFor());
    // The files are the whole catalogue with this buyer's trade columns: each line on the list
    // carries its price and availability, as the price list prints them (src/modules/catalogue/price-text.ts).
    const xlsx = await page.request.get((await xlsxLink.getAttribute('href'))!);
    expect(xlsx.status()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.getWorksheet('Catalogue')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value)))));
    expect(rows[0]).toEqual(['Code', 'Genus', 'Species', 'Common name', 'Form', 'Height (cm)', 'Price', 'Availability']);
    const byName = new Map(rows.slice(1).map(([, ...row]) => [rowName(row), row.slice(5)]));
    for (const line of Object.keys(merged)) expect([line, byName.get(line)]).toEqual([line, ['£2.50; 100+ £1.99', 'In stock (500)']]);
    // The price is each row's own, not one value down the column: other genera do not read the Fagus price.
    expect(rows.slice(1).some((row) => row[1] !== 'Fagus' && row[6] !== '£2.50; 100+ £1.99')).toBe(true);

    const pdf = await page.request.get((await page.getByRole('link', { name: 'Price list (PDF)' }).getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    const pdfBytes = await pdf.body();
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfBytes.length).toBeGreaterThan(10_000);
    const parser = new PDFParse({ data: new Uint8Array(pdfBytes) });
    const pdfText = (await parser.getText()).text;
    await parser.destroy();
    expect(pdfText).toContain('£2.50; 100+ £1.99');
    expect(pdfText).toContain('In stock (500)');
    expect(errors).toEqual([]);
    await staff.close();
    await buyer.close();
  });
});
