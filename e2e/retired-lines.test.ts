import { describe, expect, it } from 'vitest';
import { sameSessionContext } from './admin-helpers.ts';
import { newLaptopContext, screenshot, seriousA11yViolations, watchPageErrors } from './browser.ts';
import { addLine, logInAsBuyer } from './buyer-helpers.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';
import { hashPassword } from '../src/passwords.ts';

/**
 * Issue 16: a catalogue line is retired, never deleted. A buyer whose plant list and quote request
 * name it keeps reading it, with its code, marked "no longer available", at 1366 px and 390 px.
 */
const browser = browserForThisFile();
const db = databaseForThisFile();

describe('a line retired from the catalogue, as a signed-in buyer', () => {
  it('stays on the plant list and the quote request with its code and description, marked no longer available', async () => {
    const stamp = String(Date.now()).slice(-6);
    const species = `serrata retired${stamp}`;
    const [line] = (await db('catalogue_items')
      .insert({ genus: 'Zelkova', species, common_name: 'Japanese zelkova', form: '3L', height: '90-120' })
      .returning(['id', 'code'])) as { id: number; code: string }[];
    const email = `buyer.retired.${stamp}@example.com`;
    const password = 'e2e buyer zelkova 16';
    await db('users').insert({
      firstname: 'Robin',
      lastname: 'Planter',
      email,
      role: 'user',
      password_hash: await hashPassword(password),
      email_verified_at: new Date(),
    });

    const context = await newLaptopContext(browser());
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await logInAsBuyer(page, '/account', { email, password });
    await page.goto(`/catalogue?q=${encodeURIComponent(`retired${stamp}`)}`, { waitUntil: 'networkidle' });
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: line!.code }).waitFor();
    await addLine(page, 0, 40);

    // Staff retire the line (the admin's Retire button does this; see admin-catalogue.test.ts).
    await db('catalogue_items').where({ id: line!.id }).update({ retired_at: new Date(), updated_at: new Date() });
    await db('catalogue_state').where({ id: 1 }).increment('revision', 1);

    await page.goto('/plant-list', { waitUntil: 'networkidle' });
    const listed = page.getByRole('list', { name: 'Lines on your plant list' }).getByRole('listitem').filter({ hasText: species });
    const notice = `No longer available: Zelkova ${species}, 3L, 90-120 cm (${line!.code}) has left the catalogue.`;
    await listed.getByText(notice).waitFor();
    expect(await listed.innerText()).toContain(`${line!.code} · 3L · 90-120 cm`);
    await screenshot(page, 'retired-line-plant-list-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const phone = await sameSessionContext(browser(), context, 'phone');
    const tab = await phone.newPage();
    await tab.goto('/plant-list', { waitUntil: 'networkidle' });
    await tab.getByText(notice).waitFor();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(tab, 'retired-line-plant-list-phone');

    // Sent anyway, the request keeps the line, its code and description; and says it is no longer available.
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL(/\/plant-list\/quote$/);
    await page.getByLabel('Delivery postcode').fill('TN27 9AA');
    await page.getByRole('button', { name: 'Send quote request' }).click();
    await page.getByRole('heading', { name: 'Quote request sent' }).waitFor();
    const [request] = await db('quote_request_lines')
      .where({ catalogue_item_id: line!.id })
      .select('quote_request_id', 'code', 'species', 'quantity');
    expect(request).toMatchObject({ code: line!.code, species, quantity: 40 });
    await tab.goto(`/account/quote-requests/${request.quote_request_id}`, { waitUntil: 'networkidle' });
    const requested = tab.getByRole('list', { name: 'Requested lines' }).getByRole('listitem');
    await expect
      .poll(() => requested.allInnerTexts())
      .toEqual([`${line!.code} Zelkova ${species}, 3L, 90-120 cm × 40 (no longer available)`]);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(tab, 'retired-line-quote-request-phone');

    expect(errors).toEqual([]);
    await phone.close();
    await context.close();
  });
});
