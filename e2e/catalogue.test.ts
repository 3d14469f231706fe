import ExcelJS from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot } from './browser.ts';
import { browserForThisFile } from './file-setup.ts';

const browser = browserForThisFile();

describe('catalogue page', () => {
  it('searches and filters, keeping the state in the URL', async () => {
    const context = await newContext(browser(), 'desktop');
    const page = await context.newPage();
    await page.goto('/catalogue', { waitUntil: 'networkidle' });
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();

    await page.getByRole('searchbox').fill('fagus');
    await page.waitForURL(/q=fagus/);
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => /fagus/i.test(t)), { timeout: 5_000 }).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);

    await page.getByLabel('Form').selectOption('Bare root');
    await page.waitForURL(/form=Bare(\+|%20)root/);
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => /Bare root/.test(t))).toBe(true);
    await screenshot(page, 'catalogue-filtered-desktop');

    // The URL alone restores the same view.
    const url = page.url();
    const again = await context.newPage();
    await again.goto(url, { waitUntil: 'networkidle' });
    await expect(again.getByRole('searchbox').inputValue()).resolves.toBe('fagus');
    await expect
      .poll(async () => (await again.locator('table tbody tr').allInnerTexts()).join('\n'))
      .toBe((await rows.allInnerTexts()).join('\n'));
    await context.close();
  });

  it('searches what a phone typed before the page had started', async () => {
    // A slow phone: the search box is on screen long before the app has hydrated the page under
    // the layout (a Suspense boundary, hydrated after the root). The text typed then must be searched.
    const context = await newContext(browser(), 'phone');
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/catalogue', { waitUntil: 'commit' });
    await page.getByRole('searchbox').fill('fagus');
    await page.waitForURL(/q=fagus/);
    await expect
      .poll(async () => (await page.locator('table tbody tr').allInnerTexts()).every((t) => /fagus/i.test(t)), { timeout: 10_000 })
      .toBe(true);
    await context.close();
  });

  it('shows each line as a readable card on phones', async () => {
    const context = await newContext(browser(), 'phone');
    const page = await context.newPage();
    await page.goto('/catalogue?q=acer', { waitUntil: 'networkidle' });
    // The header row is for screen readers; each line is a card within the screen, its facts labelled.
    expect((await page.locator('table thead').boundingBox())!.height).toBeLessThanOrEqual(1);
    const card = page.locator('table tbody tr').filter({ hasText: 'campestre' }).first();
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const labelled = await card.evaluate((row) =>
      Array.from(row.querySelectorAll('td'))
        .filter((cell) => getComputedStyle(cell).display !== 'none')
        .map((cell) => `${getComputedStyle(cell, '::before').content}|${getComputedStyle(cell, '::after').content}`),
    );
    expect(labelled).toEqual(expect.arrayContaining(['"Code: "|none', '"Form: "|none', '"Height: "|" cm"']));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'catalogue-phone');
    await context.close();
  });

  it('offers the PDF and Excel downloads with date and size, and they are valid files with every row', async () => {
    const context = await newContext(browser(), 'desktop');
    const page = await context.newPage();
    await page.goto('/catalogue', { waitUntil: 'networkidle' });
    const pdfLink = page.getByRole('link', { name: /PDF/ });
    const xlsxLink = page.getByRole('link', { name: /Excel/ });
    await pdfLink.waitFor();
    const linkText = await page.locator('main').innerText();
    expect(linkText).toMatch(/\d{1,2} \w+ 20\d\d/); // issue date
    expect(linkText).toMatch(/\d+(\.\d+)? (KB|MB)/); // size

    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(pdf.suggestedFilename()).toMatch(/catalogue-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfBytes = await (await fetch(`${inject('baseUrl')}/downloads/catalogue.pdf`)).arrayBuffer();
    expect(Buffer.from(pdfBytes).subarray(0, 5).toString()).toBe('%PDF-');

    const [xlsx] = await Promise.all([page.waitForEvent('download'), xlsxLink.click()]);
    expect(xlsx.suggestedFilename()).toMatch(/catalogue-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // The files are rendered again by a job after each catalogue change, and the test files before
    // this one change the shared catalogue: the file is checked against the row count recorded with
    // it (of the catalogue it was rendered from), not against the catalogue of this moment.
    const fileAndRecord = async () => {
      const { xlsx: record } = (await (await fetch(`${inject('baseUrl')}/api/catalogue/downloads`)).json()) as {
        xlsx: { url: string; rows: number } | null;
      };
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await (await fetch(`${inject('baseUrl')}${record!.url}`)).arrayBuffer());
      const rows = workbook.getWorksheet('Catalogue')!.actualRowCount - 1;
      return rows === record!.rows && rows > 100 ? 'every row' : `${rows} rows in a file recorded with ${record!.rows}`;
    };
    await expect.poll(fileAndRecord, { timeout: 30_000, interval: 500 }).toBe('every row');
    await context.close();
  });
});
