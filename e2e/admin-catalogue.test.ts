import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot, viewports } from './browser.ts';
import { expectAccessible, openFromMenu, openAdminSession, sameSessionContext, type AdminSession } from './admin-helpers.ts';
import { databaseForThisFile } from './file-setup.ts';

/**
 * The catalogue admin screen in real Chromium against the real web and worker processes: edit a
 * row and find the change in the regenerated PDF; add and delete a row; import a workbook with
 * one bad row and see nothing imported and that row named; import a workbook through its preview
 * and confirmation; set a line's trade price, a break and a "ready from" date; the screen on a
 * 390 px phone.
 */

let page: Page;
let errors: string[];
let session: AdminSession;
const db = databaseForThisFile();
const stamp = String(Date.now()).slice(-6);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Line = { id: number; genus: string; species: string; common_name: string; form: string; height: string };

beforeAll(async () => {
  session = await openAdminSession(db, 'catalogue');
  ({ page, errors } = session);
});
afterAll(async () => {
  await session?.close();
});

const status = () => page.getByRole('main').locator('[role="status"][data-generating]');
const rows = () => page.getByRole('main').locator('table tbody tr');
const total = async () => ((await (await fetch(`${inject('baseUrl')}/api/catalogue?limit=1`)).json()) as { total: number }).total;

/** The text of the current catalogue PDF, by Poppler's pdftotext. */
async function pdfText(): Promise<string> {
  const response = await page.request.get('/downloads/catalogue.pdf');
  expect(response.status()).toBe(200);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: await response.body() }).toString('utf8');
}

/** Waits for "generating…" after a change, then for the new time. */
async function waitForRegeneration() {
  await expect.poll(() => status().getAttribute('data-generating'), { timeout: 5_000 }).toBe('true');
  await expect(status().innerText()).resolves.toContain('generating…');
  await expect.poll(() => status().getAttribute('data-generating'), { timeout: 40_000 }).toBe('false');
  await expect(status().innerText()).resolves.toMatch(/^Downloads generated \d{1,2} \w{3,4} \d{4} \d{2}:\d{2}/);
}

describe('admin catalogue', () => {
  it('edits a row and the regenerated PDF holds the change', async () => {
    await openFromMenu(page, 'Catalogue', '/admin/catalogue');
    await rows().first().waitFor();
    await expect.poll(() => status().innerText()).toMatch(/^Downloads generated/);
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('fagus');
    await expect.poll(async () => (await rows().allInnerTexts()).every((t) => /fagus/i.test(t))).toBe(true);
    await screenshot(page, 'admin-catalogue-desktop');

    const row = rows().first();
    const species = (await row.locator('td').nth(1).innerText()).trim();
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Row' });
    const commonName = `Zed hedge ${stamp}`;
    await dialog.getByLabel(/^Common name/).fill(commonName);
    await dialog.getByLabel(/^Genus/).fill('');
    await dialog.getByRole('button', { name: 'Save Row' }).click();
    await dialog.getByText('The genus field is required.').waitFor();
    await dialog.getByLabel(/^Genus/).fill('Fagus');
    await dialog.getByRole('button', { name: 'Save Row' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: commonName }).waitFor();
    await waitForRegeneration();

    const text = await pdfText();
    expect(text).toContain(commonName);
    expect(text).toContain(species.split(' ')[0]);
  });

  it('adds a row from the fixed form and height lists with its own product code, retires it and reinstates it', async () => {
    await page.getByRole('button', { name: 'Add Row' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Row' });
    const options = await dialog.getByLabel(/^Form/).locator('option').allInnerTexts();
    expect(options).toEqual(['Bare root', '9cm', '1L', '2L', '3L', '7L', '7.5L', '10L']);
    await expect(
      dialog
        .getByLabel(/^Height/)
        .locator('option')
        .allInnerTexts(),
    ).resolves.toEqual(['10-20', '20-40', '40-60', '60-90', '90-120', '120-150', '150-175', '175-200', 'Rootstock']);
    await dialog.getByLabel(/^Genus/).fill('Zelkova');
    await dialog.getByLabel(/^Species/).fill(`serrata e2e${stamp}`);
    await dialog.getByLabel(/^Form/).selectOption('7.5L');
    await dialog.getByLabel(/^Height/).selectOption('150-175');
    await dialog.getByLabel(/^Product code/).fill(`zelser-e2e-${stamp}`);
    await dialog.getByRole('button', { name: 'Add Row' }).click();
    await dialog.waitFor({ state: 'detached' });
    const code = `ZELSER-E2E-${stamp}`;
    const added = await db('catalogue_items')
      .where({ species: `serrata e2e${stamp}` })
      .first();
    expect(added).toMatchObject({ code, form: '7.5L', height: '150-175', retired_at: null });

    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(`e2e${stamp}`);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().locator('td').first().innerText()).toBe(code);
    await rows()
      .first()
      .getByRole('button', { name: /^Retire/ })
      .click();
    await page
      .getByRole('dialog', { name: new RegExp(`^Retire the row ${code} Zelkova serrata e2e${stamp} \\(7\\.5L, 150-175\\)\\?`) })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.getByRole('cell', { name: 'No rows found.' }).waitFor();
    // Retired, never deleted: its id and code stay for the plant lists and quotes that name it.
    expect(await db('catalogue_items').where({ id: added.id }).first()).toMatchObject({ code, retired_at: expect.any(Date) });

    await page.getByRole('combobox', { name: /^Show/ }).selectOption('retired');
    await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(code)]);
    await screenshot(page, 'admin-catalogue-retired-desktop');
    await rows()
      .first()
      .getByRole('button', { name: /^Reinstate/ })
      .click();
    await page.getByRole('cell', { name: 'No retired rows.' }).waitFor();
    expect(await db('catalogue_items').where({ id: added.id }).first()).toMatchObject({ code, retired_at: null });
    await page.getByRole('combobox', { name: /^Show/ }).selectOption('current');
    await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(code)]);
    // Retired again, so the specs that follow see the seeded catalogue.
    await rows()
      .first()
      .getByRole('button', { name: /^Retire/ })
      .click();
    await page
      .getByRole('dialog', { name: /^Retire the row / })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.getByRole('cell', { name: 'No rows found.' }).waitFor();
  });

  it('imports a workbook with one bad row: nothing imported, the row named', async () => {
    const before = await total();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Catalogue');
    sheet.addRow(['Genus', 'Species', 'Common name', 'Form', 'Height (cm)']);
    sheet.addRow(['Fagus', 'sylvatica', 'Beech', 'Bare root', '60-90']);
    sheet.addRow(['Carpinus', 'betulus', 'Hornbeam', '12L', '60-90']);
    sheet.addRow(['Taxus', 'baccata', 'Yew', '3L', '20-40']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    await page.getByLabel('Spreadsheet file').setInputFiles({
      name: 'catalogue.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await page.getByRole('button', { name: 'Preview import' }).click();
    const problems = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await problems.waitFor();
    const items = await problems.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/^Row 3: /);
    expect(items[0]).toContain('form');
    await screenshot(page, 'admin-catalogue-import-errors-desktop');
    expect(await total()).toBe(before);
    expect(errors.filter((e) => !/status of 422|Catalogue (row save|import|preview) failed/.test(e))).toEqual([]);
  });

  it('previews an import (added, changed, retired), changes nothing until confirmed, then updates lines in place', async () => {
    const original = (await db('catalogue_items').orderBy('id').select('*')) as (Line & Record<string, unknown>)[];
    try {
      // The whole catalogue as the admin would re-upload it: one line renamed, one dropped, one new.
      // (Retired lines are not in the catalogue, so not in the sheet: a row for one would reinstate it.)
      const [renamed, dropped, ...kept] = original.filter((line) => !line.retired_at);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Catalogue');
      sheet.addRow(['Genus', 'Species', 'Common name', 'Form', 'Height (cm)']);
      sheet.addRow([renamed!.genus, renamed!.species, `Renamed ${stamp}`, renamed!.form, renamed!.height]);
      for (const line of kept) sheet.addRow([line.genus, line.species, line.common_name, line.form, line.height]);
      sheet.addRow(['Sorbus', `aucuparia e2e${stamp}`, 'Rowan', '2L', '60-90']);
      await page
        .getByLabel('Spreadsheet file')
        .setInputFiles({ name: 'whole-catalogue.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) });
      await page.getByRole('button', { name: 'Preview import' }).click();

      const summary = page.getByText(/^Importing whole-catalogue\.xlsx would/);
      await summary.waitFor();
      await expect(summary.innerText()).resolves.toBe(
        `Importing whole-catalogue.xlsx would add 1 row, change 1 row, retire 1 row and reinstate 0 rows (${kept.length} rows stay as they are). ` +
          "Retired rows leave the catalogue but stay on buyers' lists and quotes. Nothing has changed yet.",
      );
      await page.getByText(`Sorbus aucuparia e2e${stamp} (Rowan), 2L, 60-90`).waitFor();
      await page.getByText(new RegExp(`→ ${renamed!.code} ${renamed!.genus} ${renamed!.species} \\(Renamed ${stamp}\\)`)).waitFor();
      await page.getByText(`${dropped!.genus} ${dropped!.species}`, { exact: false }).first().waitFor();
      await screenshot(page, 'admin-catalogue-import-preview-desktop');
      expect(await db('catalogue_items').count({ n: '*' }).first()).toEqual({ n: String(original.length) });
      expect(
        await db('catalogue_items')
          .where({ species: `aucuparia e2e${stamp}` })
          .first(),
      ).toBeUndefined();

      await page.getByRole('button', { name: 'Update the catalogue from whole-catalogue.xlsx' }).click();
      await page.getByText(`Imported ${kept.length + 2} rows`).waitFor();
      expect(
        await db('catalogue_items')
          .where({ species: `aucuparia e2e${stamp}` })
          .first(),
      ).toMatchObject({ genus: 'Sorbus', form: '2L' });
      // Matched by genus, species, form and height (this sheet has no codes): updated in place, same id and code.
      expect(
        await db('catalogue_items')
          .where({ common_name: `Renamed ${stamp}` })
          .first(),
      ).toMatchObject({ id: renamed!.id, code: renamed!.code, genus: renamed!.genus });
      expect(await db('catalogue_items').where({ id: dropped!.id }).first()).toMatchObject({
        code: dropped!.code,
        retired_at: expect.any(Date),
      });
    } finally {
      // Other specs expect the seeded catalogue: put it back as it was, ids included, as a new revision.
      await db.transaction(async (trx) => {
        await trx('catalogue_items').delete();
        // jsonb goes back as JSON text: node-postgres would send the breaks array as a PostgreSQL array.
        const rows = original.map((row) => ({ ...row, price_breaks: JSON.stringify(row.price_breaks) }));
        for (let start = 0; start < rows.length; start += 500) await trx('catalogue_items').insert(rows.slice(start, start + 500));
        await trx('catalogue_state').where({ id: 1 }).increment('revision', 1);
      });
    }
  });

  it('sets a line\'s trade price, a price break and a "ready from" date, and the table shows them after a reload', async () => {
    const species = `serrata trade${stamp}`;
    const [{ id }] = (await db('catalogue_items')
      .insert({ genus: 'Zelkova', species, common_name: '', form: '3L', height: '60-90' })
      .returning('id')) as [{ id: number }];
    const phone = await sameSessionContext(session.browser, session.context, 'phone');
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto('/admin/catalogue');
      const search = () => page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(`trade${stamp}`);
      await search();
      await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(species)]);
      await rows().first().getByRole('button', { name: /^Edit/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Row' });
      await dialog.getByLabel(/^Trade price/).fill('2.50');
      await dialog.getByRole('button', { name: 'Add break' }).click();
      const step = dialog.getByRole('group', { name: 'Break 1' });
      await step.getByLabel('From quantity').fill('50');
      await step.getByLabel(/^Price/).fill('2.25');
      await dialog.getByLabel(/^Stock status/).selectOption('ready_from');
      await dialog.getByLabel(/^Ready from/).fill('2027-03-01');
      await screenshot(page, 'admin-catalogue-trade-modal-laptop');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save Row' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(
        await db('catalogue_items')
          .where({ id })
          .first('price_pence', 'price_breaks', 'stock_status', db.raw(`to_char(ready_from, 'YYYY-MM-DD') AS ready_from`)),
      ).toEqual({
        price_pence: 250,
        price_breaks: [{ min_quantity: 50, price_pence: 225 }],
        stock_status: 'ready_from',
        ready_from: '2027-03-01',
      });

      await page.reload();
      await search();
      await expect.poll(() => rows().first().innerText()).toContain(species);
      const cells = await rows().first().locator('td').allInnerTexts();
      expect(cells.slice(6, 8)).toEqual(['£2.50 · 1 break', 'Ready from 1 Mar 2027']);
      await screenshot(page, 'admin-catalogue-trade-laptop');

      // On a phone the row card carries the price and availability without widening the page, and so does the modal.
      const tab = await phone.newPage();
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.goto('/admin/catalogue', { waitUntil: 'networkidle' });
      await tab.getByRole('searchbox', { name: 'Search the catalogue' }).fill(`trade${stamp}`);
      const card = tab.getByRole('main').locator('table tbody tr').filter({ hasText: species });
      await card.getByText('Ready from 1 Mar 2027').waitFor();
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(tab, 'admin-catalogue-trade-phone');
      await card.getByRole('button', { name: /^Edit/ }).click();
      const phoneDialog = tab.getByRole('dialog', { name: 'Edit Row' });
      await expect(phoneDialog.getByLabel(/^Ready from/).inputValue()).resolves.toBe('2027-03-01');
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await phoneDialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await phoneDialog.getByRole('button', { name: 'Add break' }).scrollIntoViewIfNeeded();
      await screenshot(tab, 'admin-catalogue-trade-modal-phone');
      await phoneDialog.getByRole('button', { name: 'Cancel' }).click();

      // Staff retire it: the downloads are regenerated without it. (Changed in the database alone,
      // the files would keep a line the catalogue no longer has, for the specs that follow.)
      await rows()
        .first()
        .getByRole('button', { name: /^Retire/ })
        .click();
      await page
        .getByRole('dialog', { name: new RegExp(`^Retire the row \\S+ Zelkova ${species} \\(3L, 60-90\\)\\?`) })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await waitForRegeneration();
      expect(await db('catalogue_items').where({ id }).first()).toMatchObject({ retired_at: expect.any(Date) });
    } finally {
      await phone.close();
      await page.setViewportSize(viewports.desktop);
      await db('catalogue_items').where({ id }).delete(); // only when the test failed before staff deleted it
    }
  });

  it('fits a 390 px phone without sideways scrolling of the page', async () => {
    const phone = await sameSessionContext(session.browser, session.context, 'phone');
    const tab = await phone.newPage();
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.goto('/admin/catalogue', { waitUntil: 'networkidle' });
    await tab.getByRole('main').locator('table tbody tr').first().waitFor();
    // Against the width set, not innerWidth: a mobile browser widens its layout viewport to fit wide content.
    const scrollWidth = await tab.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(tab, 'admin-catalogue-phone');

    // The retire question and an import preview fit too (a preview changes nothing).
    await tab
      .getByRole('main')
      .locator('table tbody tr')
      .first()
      .getByRole('button', { name: /^Retire/ })
      .click();
    await tab
      .getByRole('dialog', { name: /^Retire the row / })
      .getByRole('button', { name: 'Cancel' })
      .click();
    const csv = `Genus,Species,Common name,Form,Height (cm)\nSorbus,aucuparia phone${stamp},Rowan with a rather long common name,2L,60-90\n`;
    await tab.getByLabel('Spreadsheet file').setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await tab.getByRole('button', { name: 'Preview import' }).click();
    await tab.getByText(/^Importing phone\.csv would add 1 row/).waitFor();
    await screenshot(tab, 'admin-catalogue-import-preview-phone');
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tab.getByRole('button', { name: 'Cancel' }).click();
    await phone.close();
  });
});
