import { describe, expect, it } from 'vitest';
import { createAdmin, logInAsAdmin } from './admin-helpers.ts';
import { newLaptopContext, newPhoneContext, screenshot, seriousA11yViolations, watchPageErrors } from './browser.ts';
import { addLine, lineName, listed, logInAsBuyer, storedGuestList } from './buyer-helpers.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';
import { xlsxAttachmentRows } from '../test/mail-attachments.ts';
import { hashPassword } from '../src/passwords.ts';

const browser = browserForThisFile();
const db = databaseForThisFile();

describe('plant list, as a guest on a 390 px phone', () => {
  it('searches, adds three lines with quantities, edits one, removes one, keeps the list over a reload, and requests a quote', async () => {
    const context = await newPhoneContext(browser());
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/catalogue', { waitUntil: 'networkidle' });
    await page.getByRole('searchbox').fill('acer');
    await page.waitForURL(/q=acer/);
    // The results follow the search box: wait until the first line on show is an Acer.
    const adds = page.getByRole('form', { name: /^Add .* to the plant list$/ });
    await expect.poll(() => adds.first().getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/^Add Acer /);

    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Plant list, 0 lines' }).waitFor();
    const first = await addLine(page, 0, 25);
    const second = await addLine(page, 1, 3);
    const third = await addLine(page, 2, 1200);
    await header.getByRole('link', { name: 'Plant list, 3 lines' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'plant-list-catalogue-phone');

    await header.getByRole('link', { name: /^Plant list/ }).click();
    await page.waitForURL(/\/plant-list$/);
    await page.getByRole('heading', { name: 'Plant list', level: 1 }).waitFor();
    await expect.poll(() => listed(page)).toEqual({ [first]: '25', [second]: '3', [third]: '1200' });
    await screenshot(page, 'plant-list-page-phone');

    // Edit one: quantities save as they are typed, and say so beside the line. A bad one is
    // refused there (the stored one stays), then a good one is saved.
    const secondLine = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Remove ${second}` }) });
    expect(await secondLine.getByRole('button', { name: /Update/ }).count()).toBe(0);
    await secondLine.getByRole('spinbutton').fill('0');
    await secondLine.getByRole('status').filter({ hasText: 'Enter a whole number from 1 to 100,000.' }).waitFor();
    await screenshot(page, 'plant-list-invalid-phone');
    await secondLine.getByRole('spinbutton').fill('40');
    await secondLine.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(() => storedGuestList(page)).toEqual({ [first]: 25, [second]: 40, [third]: 1200 });
    await screenshot(page, 'plant-list-saved-phone');

    // Remove one, bring it back with Undo, then remove it for good.
    await page.getByRole('button', { name: `Remove ${third}` }).click();
    const undo = page.getByRole('button', { name: `Undo removing ${third}` });
    await page.getByText(`Removed ${third}.`).waitFor();
    expect(await undo.evaluate((button) => button === document.activeElement)).toBe(true);
    await screenshot(page, 'plant-list-undo-phone');
    await undo.click();
    await expect.poll(() => listed(page)).toEqual({ [first]: '25', [second]: '40', [third]: '1200' });
    await page.getByRole('button', { name: `Remove ${third}` }).click();
    // The removal is saved once the Undo bar goes.
    await header.getByRole('link', { name: 'Plant list, 2 lines' }).waitFor({ timeout: 20_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The list is this browser's: a reload keeps it.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => listed(page)).toEqual({ [first]: '25', [second]: '40' });
    await header.getByRole('link', { name: 'Plant list, 2 lines' }).waitFor();

    // Typed, nothing pressed, and straight to the quote: the quote carries what the buyer typed.
    await secondLine.getByRole('spinbutton').fill('999');
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL(/\/plant-list\/quote$/);
    // Request a quote: the form shows the lines being sent; the reference comes back, the list is
    // emptied here, and the sales mail and the buyer's confirmation (each with the XLSX) go out.
    const sending = page.getByRole('list', { name: 'Lines to be quoted' }).getByRole('listitem');
    await expect.poll(() => sending.allInnerTexts()).toEqual([`${first} × 25`, `${second} × 999`]);
    await page.getByLabel('Delivery postcode').fill('tn27 0ab');
    await page.getByLabel('Name').fill('Ann Buyer');
    await page.getByLabel('Company').fill('Green Ltd');
    await page.getByLabel('Email').fill('ann.quote@example.com');
    await page.getByLabel('Telephone').fill('01233 555010');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'quote-form-phone');
    await page.getByRole('button', { name: 'Send quote request' }).click();
    await page.getByRole('heading', { name: 'Quote request sent' }).waitFor();
    const reference = (
      await page
        .locator('strong')
        .filter({ hasText: /^Q-\d{4}-\d+$/ })
        .innerText()
    ).trim();
    await header.getByRole('link', { name: 'Plant list, 0 lines' }).waitFor();
    await screenshot(page, 'quote-sent-phone');
    // The stored request holds the typed quantity.
    const stored = await db('quote_request_lines')
      .join('quote_requests', 'quote_requests.id', 'quote_request_lines.quote_request_id')
      .where({ reference })
      .orderBy('quote_request_lines.id')
      .pluck('quantity');
    expect(stored).toEqual([25, 999]);
    const confirmation = await waitForMail((mail) => mail.to.includes('ann.quote@example.com') && mail.raw.includes(`${reference}.xlsx`));
    expect(confirmation.text).toContain(reference);
    const toSales = await waitForMail((mail) => !mail.to.includes('ann.quote@example.com') && mail.raw.includes(`${reference}.xlsx`));
    // Both spreadsheets hold the two lines as listed: name parts, then the quantity.
    for (const mail of [toSales, confirmation]) {
      const [header, ...lines] = await xlsxAttachmentRows(mail);
      expect(header).toEqual(['Code', 'Genus', 'Species', 'Common name', 'Form', 'Height (cm)', 'Quantity']);
      const quoted = lines.map((row) => {
        const [code = '', genus = '', species = '', , form = '', height = '', quantity] = row.map(String);
        expect(code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
        return `${lineName({ genus, species, form, height })} × ${quantity}`;
      });
      expect(quoted).toEqual([`${first} × 25`, `${second} × 999`]);
    }
    expect(errors).toEqual([]);
    await context.close();

    await staffQuote(reference, { quantities: ['25', '999'] });
  });
});

/**
 * Staff find the request by its reference in the admin inbox (Quote requests, New), open it, see
 * its lines and set it to "quoted"; the list then shows it under Quoted. Screens at 1366 and 390 px.
 */
async function staffQuote(reference: string, { quantities }: { quantities: string[] }): Promise<void> {
  const context = await newLaptopContext(browser());
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await logInAsAdmin(page, await createAdmin(db, 'quotes'));
  await page.goto('/admin/enquiries', { waitUntil: 'networkidle' });
  await page.getByRole('navigation', { name: 'Kind of enquiry' }).getByRole('link', { name: 'Quote requests' }).click();
  await page.getByRole('navigation', { name: 'Quote request status' }).getByRole('link', { name: 'New' }).click();
  await page.waitForURL(/kind=quotes&status=new/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) });
  await row.waitFor();
  expect(await row.innerText()).toMatch(/Ann Buyer[\s\S]*Green Ltd[\s\S]*TN27 0AB[\s\S]*New/i);
  await screenshot(page, 'admin-quote-requests-desktop');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await row.getByRole('link', { name: reference }).click();
  await page.getByRole('heading', { level: 1, name: `Quote request ${reference}` }).waitFor();
  const lines = page.getByRole('table', { name: `Lines of ${reference}` }).locator('tbody tr');
  // Code, Plant, Form, Height, Quantity, then today's prices: the fifth cell is what the buyer asked for.
  await expect.poll(() => lines.locator('td:nth-child(5)').allInnerTexts()).toEqual(quantities);
  expect(await page.getByRole('link', { name: 'ann.quote@example.com' }).getAttribute('href')).toBe('mailto:ann.quote@example.com');
  await screenshot(page, 'admin-quote-request-desktop');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The same screens on a phone, in the same session: nothing wider than the screen but the lines table's own scroller.
  const phoneContext = await newPhoneContext(browser(), { storageState: await context.storageState() });
  const phonePage = await phoneContext.newPage();
  const phoneErrors = watchPageErrors(phonePage);
  for (const [path, name] of [
    ['/admin/enquiries?kind=quotes&status=new', 'admin-quote-requests-phone'],
    [new URL(page.url()).pathname, 'admin-quote-request-phone'],
  ] as const) {
    await phonePage.goto(path, { waitUntil: 'networkidle' });
    await phonePage.getByText(reference).first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    await screenshot(phonePage, name);
  }
  expect(phoneErrors).toEqual([]);
  await phoneContext.close();

  await page.getByRole('combobox', { name: 'Status' }).selectOption('quoted');
  await page.getByRole('button', { name: 'Save Status' }).click();
  await page.getByText('Saved: the request is now quoted.').waitFor();
  expect((await db('quote_requests').where({ reference }).first()).status).toBe('quoted');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await page.waitForURL(/kind=quotes&status=new/);
  await page.getByRole('navigation', { name: 'Quote request status' }).getByRole('link', { name: 'Quoted' }).click();
  await page.waitForURL(/status=quoted/);
  const quoted = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) });
  await quoted.getByText('Quoted', { exact: true }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
}

describe('plant list at 1366 px', () => {
  it('adds from the results table and shows the list and the header count', async () => {
    const context = await newLaptopContext(browser());
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/catalogue?q=fagus', { waitUntil: 'networkidle' });
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'Plant list' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('form', { name: /^Add .* to the plant list$/ })
          .first()
          .getAttribute('aria-label'),
      )
      .toMatch(/^Add Fagus /);
    await addLine(page, 0, 10);
    await addLine(page, 1, 250);
    await page.getByRole('banner').getByRole('link', { name: 'Plant list, 2 lines' }).waitFor();
    await screenshot(page, 'plant-list-catalogue-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/plant-list', { waitUntil: 'networkidle' });
    await expect.poll(async () => Object.keys(await listed(page)).length).toBe(2);
    await screenshot(page, 'plant-list-page-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('quote requests, as a signed-in buyer at 1366 px and 390 px', () => {
  it('sends the account’s list, lists it under My quote requests, shows its lines and copies it back', async () => {
    const email = `buyer.quotes.${Date.now()}@example.com`;
    const password = 'e2e buyer hornbeam 77';
    await db('users').insert({
      firstname: 'Pat',
      lastname: 'Grower',
      email,
      role: 'user',
      password_hash: await hashPassword(password),
      email_verified_at: new Date(),
    });
    const context = await newLaptopContext(browser());
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await logInAsBuyer(page, '/account', { email, password });

    await page.goto('/catalogue?q=fagus', { waitUntil: 'networkidle' });
    await expect
      .poll(() =>
        page
          .getByRole('form', { name: /^Add .* to the plant list$/ })
          .first()
          .getAttribute('aria-label'),
      )
      .toMatch(/^Add Fagus /);
    const first = await addLine(page, 0, 12);
    const second = await addLine(page, 1, 300);
    await page.goto('/plant-list', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL(/\/plant-list\/quote$/);
    await page.getByLabel('Delivery postcode').fill('SW1A 1AA');
    // The account gives the name and email: the form does not ask them again.
    expect(await page.getByLabel('Email').count()).toBe(0);
    await screenshot(page, 'quote-form-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send quote request' }).click();
    await page.getByRole('heading', { name: 'Quote request sent' }).waitFor();
    const reference = (
      await page
        .locator('strong')
        .filter({ hasText: /^Q-\d{4}-\d+$/ })
        .innerText()
    ).trim();
    await page.getByRole('banner').getByRole('link', { name: 'Plant list, 0 lines' }).waitFor();

    await page.getByRole('link', { name: 'My quote requests' }).click();
    await page.waitForURL(/\/account\/quote-requests$/);
    const mine = page.getByRole('list', { name: 'Your quote requests' }).getByRole('listitem');
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.first().innerText()).toMatch(/Status\s*Received\s*Lines\s*2/);
    await screenshot(page, 'quote-requests-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await mine.first().getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { name: `Quote request ${reference}` }).waitFor();
    // Each requested line leads with its product code.
    const requested = await page.getByRole('list', { name: 'Requested lines' }).getByRole('listitem').allInnerTexts();
    for (const text of requested) expect(text).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)* /);
    expect(requested.map((text) => text.replace(/^\S+ /, ''))).toEqual([`${first} × 12`, `${second} × 300`]);
    await screenshot(page, 'quote-request-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The same screens on a phone, in the same session.
    const phoneContext = await newPhoneContext(browser(), { storageState: await context.storageState() });
    const phonePage = await phoneContext.newPage();
    const phoneErrors = watchPageErrors(phonePage);
    for (const [path, name] of [
      ['/account/quote-requests', 'quote-requests-phone'],
      [new URL(page.url()).pathname, 'quote-request-phone'],
    ] as const) {
      await phonePage.goto(path, { waitUntil: 'networkidle' });
      await phonePage.getByRole('heading', { level: 1, name: /quote request/i }).waitFor();
      await phonePage.getByText(reference).first().waitFor();
      expect(
        await phonePage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(phonePage, name);
    }
    await phoneContext.close();

    // Copy it back: the page says what it did with each line, and the list has them.
    await page.getByRole('button', { name: 'Copy into my plant list' }).click();
    const summary = page.getByRole('status', { name: 'Copied 2 lines into your plant list' });
    await summary.waitFor();
    // Each line as requested: its product code, then its name.
    const copied = await summary.getByRole('listitem').allInnerTexts();
    expect(copied.every((text) => /^[A-Z0-9]+(-[A-Z0-9]+)* /.test(text))).toBe(true);
    expect(copied.map((text) => text.replace(/^\S+ /, ''))).toEqual([`${first}: added × 12`, `${second}: added × 300`]);
    await screenshot(page, 'quote-request-copied-desktop');
    await summary.getByRole('link', { name: 'Go to my plant list' }).click();
    await page.waitForURL(/\/plant-list$/);
    await expect.poll(() => listed(page)).toEqual({ [first]: '12', [second]: '300' });
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await context.close();
  });
});
