import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newLaptopContext, newPhoneContext, screenshot } from './browser.ts';
import { browserForThisFile } from './file-setup.ts';

/**
 * Search by what buyers call plants (issue 16, item 7), in a real browser on the demo catalogue:
 * "laurel" shows the laurels first on a laptop and on a phone, and the Prunus page names its
 * species by their common names.
 */
const browser = browserForThisFile();

/** The text of each result the visitor can see (table rows on a laptop, list items on a phone): those with a quantity to add. */
const shownLines = (page: Page) =>
  page
    .locator('main')
    .locator('table tbody tr, li')
    .filter({ visible: true, has: page.getByRole('spinbutton') })
    .allInnerTexts();

describe.each([
  ['laptop', newLaptopContext, 'catalogue-search-laurel-1366'],
  ['phone', newPhoneContext, 'catalogue-search-laurel-390'],
] as const)('searching "laurel" on a %s', (_name, open, shot) => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it('lists the cherry and Portugal laurels first, and no plum rootstock', async () => {
    context = await open(browser());
    const page = await context.newPage();
    await page.goto('/catalogue', { waitUntil: 'networkidle' });
    await page.getByRole('searchbox').fill('laurel');
    await page.waitForURL(/q=laurel/);
    await expect
      .poll(async () => (await shownLines(page)).find((t) => /Prunus/.test(t)) ?? '', { timeout: 10_000 })
      .toMatch(/laurocerasus/);
    const lines = (await shownLines(page)).filter((t) => /Prunus/.test(t));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines.every((t) => /laurocerasus|lusitanica/.test(t))).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, shot);
  });
});

describe('the Prunus genus page', () => {
  it.each([
    ['laptop', newLaptopContext, 'genus-prunus-1366'],
    ['phone', newPhoneContext, 'genus-prunus-390'],
  ] as const)('names its species by their common names on a %s', async (_name, open, shot) => {
    const context = await open(browser());
    const page = await context.newPage();
    await page.goto('/catalogue/genus/prunus', { waitUntil: 'networkidle' });
    const names = page.locator('main').getByText(/^Cherry, Plum, /);
    await names.waitFor();
    expect(await names.innerText()).toMatch(/Cherry laurel.*Portugal laurel/);
    await screenshot(page, shot);
    await context.close();
  });
});
