import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newLaptopContext, newPhoneContext, screenshot, watchPageErrors } from './browser.ts';
import { addLine, listed, logInAsBuyer } from './buyer-helpers.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';
import { hashPassword } from '../src/passwords.ts';

/**
 * Issue 20: /plant-list is drawn by the server with the visitor's own list (a guest's, from the
 * cookie their browser mirrors; a signed-in buyer's named list) and hydrated over it. In real
 * Chromium at 390 and 1366 px: the lines are in the HTML the server sent, the page does not move
 * while it loads and hydrates (layout shifts, buffered, total ≤ 0.01), and nothing reads the list
 * again before the visitor does anything.
 */
const browser = browserForThisFile();
const db = databaseForThisFile();

/** Sums every layout shift not caused by input, from the first paint on (buffered entries included). */
const LAYOUT_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Reads of the list (and what the page shows beside it) that a hydrated page must not make again. */
const LIST_READ = /^\/api\/(plant-list|plant-lists|catalogue\/genera\/)/;

const SCREENS = [
  { name: 'phone', width: 390, open: (options = {}) => newPhoneContext(browser(), options) },
  { name: 'laptop', width: 1366, open: (options = {}) => newLaptopContext(browser(), options) },
] as const;

/**
 * Opens /plant-list in a fresh page of `context`, waits until React has hydrated it and the
 * network is quiet, and returns the HTML the server sent, the layout shift and the API reads made.
 */
async function openSteadily(context: BrowserContext, screenName: string, who: string) {
  await context.addInitScript(LAYOUT_SHIFTS);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) reads.push(`${request.method()} ${pathname}`);
  });
  const response = await page.goto('/plant-list', { waitUntil: 'networkidle' });
  // The page's markup as the server sent it: #root, without the handed-over JSON after it.
  const html = await response!.text();
  const served = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"')).replaceAll('<!-- -->', '');
  // Hydrated: React has claimed the server's heading (its fiber is on the element).
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
  await page.waitForLoadState('networkidle');
  // Two frames, so whatever the hydration's effects changed has been laid out and observed.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shift = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
  await screenshot(page, `plant-list-steady-${who}-${screenName}`);
  return { page, errors, served, shift, listReads: reads.filter((read) => LIST_READ.test(read.split(' ')[1]!)) };
}

/** Text as React writes it into HTML (a cultivar's quotes are escaped). */
const inHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('/plant-list drawn by the server, steady while it hydrates', () => {
  for (const screen of SCREENS) {
    it(`a guest’s list at ${screen.width} px`, async () => {
      const context = await screen.open();
      const adding = await context.newPage();
      await adding.goto('/catalogue?q=acer', { waitUntil: 'networkidle' });
      await expect
        .poll(
          () =>
            adding
              .getByRole('form', { name: /^Add .* to the plant list$/ })
              .first()
              .getAttribute('aria-label'),
          { timeout: 10_000 },
        )
        .toMatch(/^Add Acer /);
      const names = [
        await addLine(adding, 0, 25),
        await addLine(adding, 1, 3),
        await addLine(adding, 2, 1200),
        await addLine(adding, 3, 8),
      ];
      await adding.close();

      const { page, errors, served, shift, listReads } = await openSteadily(context, screen.name, 'guest');
      for (const name of names) expect(served).toContain(inHtml(`Remove ${name}`));
      expect(served).not.toContain('Loading your plant list');
      expect(await listed(page)).toEqual({ [names[0]!]: '25', [names[1]!]: '3', [names[2]!]: '1200', [names[3]!]: '8' });
      expect(shift).toBeLessThanOrEqual(0.01);
      expect(listReads).toEqual([]);
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`a guest’s empty list at ${screen.width} px`, async () => {
      const context = await screen.open();
      const { page, errors, served, shift, listReads } = await openSteadily(context, screen.name, 'guest-empty');
      expect(served).toContain('Your plant list is empty.');
      await page.getByText('Your plant list is empty.').waitFor();
      expect(shift).toBeLessThanOrEqual(0.01);
      expect(listReads).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`a signed-in buyer’s named list at ${screen.width} px`, async () => {
      const email = `buyer.steady.${screen.name}.${Date.now()}@example.com`;
      const password = 'e2e steady beech hedge 4';
      await db('users').insert({
        firstname: 'Sam',
        lastname: 'Steady',
        email,
        role: 'user',
        password_hash: await hashPassword(password),
        email_verified_at: new Date(),
      });
      const rows = (await db('catalogue_items').whereNull('retired_at').orderBy('id').limit(5).select('id', 'genus', 'species')) as {
        id: number;
        genus: string;
        species: string;
      }[];
      const context = await screen.open();
      const signIn = await context.newPage();
      await logInAsBuyer(signIn, '/account', { email, password });
      const token = decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value);
      const headers = { 'X-XSRF-TOKEN': token, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      // Two lists, so the switcher names them; the one made last is the one shown.
      for (const [name, lines] of [
        ['Orchard car park', [{ catalogue_item_id: rows[0]!.id, quantity: 1 }]],
        ['Riverside school', rows.map((row, i) => ({ catalogue_item_id: row.id, quantity: 10 * (i + 1) }))],
      ] as const) {
        const created = await signIn.request.post('/api/plant-lists', { data: { name, lines }, headers });
        expect(created.status()).toBe(201);
      }
      await signIn.close();

      const { page, errors, served, shift, listReads } = await openSteadily(context, screen.name, 'buyer');
      for (const row of rows) expect(served).toContain(inHtml(`Remove ${row.genus} ${row.species}`));
      expect(served).toMatch(/<option[^>]*selected[^>]*>Riverside school/);
      await expect(page.getByRole('combobox', { name: 'Showing list' }).inputValue()).resolves.not.toBe('');
      expect(Object.values(await listed(page))).toEqual(['10', '20', '30', '40', '50']);
      expect(shift).toBeLessThanOrEqual(0.01);
      expect(listReads).toEqual([]);
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
