import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USE_FULL_STOP } from '../shared/money.ts';
import { hashPassword } from '../src/passwords.ts';
import { insertTradeApplication } from '../test/trade.ts';
import { expectAccessible, openAdminSession, type AdminSession } from './admin-helpers.ts';
import { newLaptopContext, newPhoneContext, screenshot, screenshotDir } from './browser.ts';
import { logInAsBuyer } from './buyer-helpers.ts';
import { databaseForThisFile } from './file-setup.ts';

/**
 * Issue 16, the staff spreadsheet round trip, as the office does it in real Chromium: download
 * the staff workbook from the catalogue admin, change two prices in it (one typed with a decimal
 * comma), import: the preview names that cell and nothing is imported; fixed, it imports and an
 * approved trade buyer sees the new price. The line form refuses a decimal comma the same way.
 */

let session: AdminSession;
let page: Page;
const db = databaseForThisFile();
const stamp = String(Date.now()).slice(-6);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Two lines of this spec's own, priced by staff before the office edits the workbook. */
const SPECIES = { first: `serrata wb${stamp}`, second: `carpinifolia wb${stamp}` };
let ids: number[] = [];

beforeAll(async () => {
  ids = (
    (await db('catalogue_items')
      .insert([
        {
          genus: 'Zelkova',
          species: SPECIES.first,
          common_name: 'Keaki',
          form: '3L',
          height: '60-90',
          price_pence: 250,
          stock_status: 'in_stock',
          stock_quantity: 400,
        },
        { genus: 'Zelkova', species: SPECIES.second, common_name: '', form: 'Bare root', height: '90-120', price_pence: 310 },
      ])
      .returning('id')) as { id: number }[]
  ).map((r) => r.id);
  await db('catalogue_state').where({ id: 1 }).increment('revision', 1);
  session = await openAdminSession(db, 'workbook');
  ({ page } = session);
});
afterAll(async () => {
  await session?.close();
  // Other specs expect the seeded catalogue; this spec's lines go (the codes' history with them).
  if (ids.length) {
    await db('catalogue_items').whereIn('id', ids).delete();
    await db('catalogue_state').where({ id: 1 }).increment('revision', 1);
  }
});

/** The same signed-in staff session on a 390 px phone. */
const staffPhone = async () => newPhoneContext(session.browser, { storageState: await session.context.storageState() });
const LAPTOP = { width: 1366, height: 900 };
/** What the phone's screen shows (a full-page shot of a long page cannot be checked by eye, nor one with a fixed modal). */
const viewShot = (tab: Page, name: string) => tab.screenshot({ path: path.join(screenshotDir, `${name}.png`) });

const pricePence = async (species: string) =>
  (await db('catalogue_items').where({ species }).first('price_pence'))?.price_pence as number | null;

/** Clicks "Download staff workbook" and opens what the browser saved. */
async function downloadWorkbook(): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download staff workbook' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-staff-workbook-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return book;
}

/** The workbook's row of a line, by its Species, and the column of a header. */
function cellOf(sheet: ExcelJS.Worksheet, species: string, header: string): ExcelJS.Cell {
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const column = headers.indexOf(header);
  expect(column, header).toBeGreaterThan(0);
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    if (row.getCell(headers.indexOf('Species')).value === species) return row.getCell(column);
  }
  throw new Error(`The workbook has no row for ${species}`);
}

async function previewImport(book: ExcelJS.Workbook, name: string): Promise<void> {
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  await page.getByLabel('Spreadsheet file').setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
  await page.getByRole('button', { name: 'Preview import' }).click();
}

describe('the staff workbook, as the office uses it', () => {
  it('downloads, refuses a price with a decimal comma by its row, imports the fixed sheet, and an approved buyer sees £2.75', async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto('/admin/catalogue');
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();
    const book = await downloadWorkbook();
    const sheet = book.worksheets[0]!;
    // What staff get: today's prices as numbers of pounds, ready to edit.
    expect(cellOf(sheet, SPECIES.first, 'Price (£)').value).toBe(2.5);
    expect(cellOf(sheet, SPECIES.second, 'Price (£)').value).toBe(3.1);

    // One price typed as a number, the other as text with a decimal comma (a continental keyboard).
    cellOf(sheet, SPECIES.first, 'Price (£)').value = 2.75;
    const comma = cellOf(sheet, SPECIES.second, 'Price (£)');
    comma.value = '2,75';
    await previewImport(book, 'staff-workbook.xlsx');
    const problems = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await problems.waitFor();
    expect(await problems.getByRole('listitem').allInnerTexts()).toEqual([`Row ${comma.row}: Price — ${USE_FULL_STOP}`]);
    await problems.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-catalogue-workbook-row-error-desktop');
    const phone = await staffPhone();
    try {
      const tab = await phone.newPage();
      await tab.goto('/admin/catalogue', { waitUntil: 'networkidle' });
      await tab
        .getByLabel('Spreadsheet file')
        .setInputFiles({ name: 'staff-workbook.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.from(await book.xlsx.writeBuffer()) });
      await tab.getByRole('button', { name: 'Preview import' }).click();
      const phoneProblems = tab.getByRole('alert').filter({ hasText: 'Nothing was imported' });
      await phoneProblems.waitFor();
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(tab, 'admin-catalogue-workbook-row-error-phone');
      await phoneProblems.scrollIntoViewIfNeeded();
      await viewShot(tab, 'admin-catalogue-workbook-row-error-phone-view');
    } finally {
      await phone.close();
    }
    expect([await pricePence(SPECIES.first), await pricePence(SPECIES.second)]).toEqual([250, 310]);

    // Fixed with a full stop: the preview shows the two price changes, and only those.
    comma.value = '2.75';
    await previewImport(book, 'staff-workbook.xlsx');
    const summary = page.getByText(/^Importing staff-workbook\.xlsx would/);
    await summary.waitFor();
    await expect(summary.innerText()).resolves.toMatch(
      /^Importing staff-workbook\.xlsx would add 0 rows, change 2 rows, retire 0 rows and reinstate 0 rows \(\d+ rows stay as they are\)/,
    );
    await page
      .getByText(
        new RegExp(`Zelkova ${SPECIES.first} \\(Keaki\\), 3L, 60-90 — £2\\.50, In stock \\(400\\) → .* — £2\\.75, In stock \\(400\\)$`),
      )
      .waitFor();
    await screenshot(page, 'admin-catalogue-workbook-preview-desktop');
    expect(await pricePence(SPECIES.first)).toBe(250);
    await page.getByRole('button', { name: 'Update the catalogue from staff-workbook.xlsx' }).click();
    await page.getByText(/^Imported \d+ rows?/).waitFor();
    expect([await pricePence(SPECIES.first), await pricePence(SPECIES.second)]).toEqual([275, 275]);

    // An approved trade buyer sees the new price in the catalogue.
    const email = `buyer.workbook.${Date.now()}@example.com`;
    const password = 'e2e buyer zelkova 42';
    const [{ id: userId }] = (await db('users')
      .insert({
        firstname: 'Sam',
        lastname: 'Planter',
        email,
        role: 'user',
        password_hash: await hashPassword(password),
        email_verified_at: new Date(),
      })
      .returning('id')) as [{ id: number }];
    await insertTradeApplication(db, userId, 'approved');
    const buyer = await newLaptopContext(session.browser);
    try {
      const tab = await buyer.newPage();
      await logInAsBuyer(tab, '/account', { email, password });
      await tab.goto(`/catalogue?q=${encodeURIComponent(`wb${stamp}`)}`, { waitUntil: 'networkidle' });
      const row = tab.getByRole('row').filter({ hasText: SPECIES.first });
      await row.getByRole('cell', { name: '£2.75', exact: true }).waitFor();
      await tab.getByRole('row').filter({ hasText: SPECIES.second }).getByRole('cell', { name: '£2.75', exact: true }).waitFor();
    } finally {
      await buyer.close();
    }
  });

  it('the line form refuses a trade price of 2,50 with the same message, and saves nothing', async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto('/admin/catalogue');
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(SPECIES.first);
    const row = page.getByRole('main').locator('table tbody tr').filter({ hasText: SPECIES.first });
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Row' });
    const price = dialog.getByLabel(/^Trade price/);
    await expect(price.inputValue()).resolves.toBe('2.75');
    await price.fill('2,50');
    await dialog.getByRole('button', { name: 'Save Row' }).click();
    await dialog.getByText(USE_FULL_STOP).waitFor();
    await expect(price.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'admin-catalogue-workbook-modal-error-desktop');
    await expectAccessible(page);
    expect(await pricePence(SPECIES.first)).toBe(275);

    const phone = await staffPhone();
    try {
      const tab = await phone.newPage();
      await tab.goto('/admin/catalogue', { waitUntil: 'networkidle' });
      await tab.getByRole('searchbox', { name: 'Search the catalogue' }).fill(SPECIES.first);
      await tab
        .getByRole('main')
        .locator('table tbody tr')
        .filter({ hasText: SPECIES.first })
        .getByRole('button', { name: /^Edit/ })
        .click();
      const phoneDialog = tab.getByRole('dialog', { name: 'Edit Row' });
      await phoneDialog.getByLabel(/^Trade price/).fill('£2,50');
      await phoneDialog.getByRole('button', { name: 'Save Row' }).click();
      await phoneDialog.getByText(USE_FULL_STOP).waitFor();
      await phoneDialog.getByLabel(/^Trade price/).scrollIntoViewIfNeeded();
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(tab, 'admin-catalogue-workbook-modal-error-phone');
      await viewShot(tab, 'admin-catalogue-workbook-modal-error-phone-view');
    } finally {
      await phone.close();
    }

    // With a full stop the same form saves £2.50.
    await price.fill('2.50');
    await dialog.getByRole('button', { name: 'Save Row' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await pricePence(SPECIES.first)).toBe(250);
  });
});
