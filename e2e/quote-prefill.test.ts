import { describe, expect, it } from 'vitest';
import { newLaptopContext, newPhoneContext, screenshot, watchPageErrors } from './browser.ts';
import { logInAsBuyer } from './buyer-helpers.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';
import { hashPassword } from '../src/passwords.ts';

/**
 * An approved trade buyer's quote form in real Chromium: it starts from the company and delivery
 * postcode of their trade account, what the buyer edits is what the stored request carries.
 */
const browser = browserForThisFile();
const db = databaseForThisFile();

describe('the quote form of an approved trade buyer', () => {
  it('is prefilled from the trade account at 1366 and 390 px, and the edited company is stored', async () => {
    const stamp = Date.now();
    const email = `buyer.prefill.${stamp}@example.com`;
    const password = 'e2e buyer hornbeam 78';
    const company = `Prefill Landscapes ${stamp}`;
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
    await db('trade_applications').insert({
      user_id: userId,
      company_name: company,
      business_type: 'landscaper',
      company_number: '01234567',
      delivery_postcode: 'TN26 1AA',
      invoice_email: 'accounts@example.com',
      status: 'approved',
      decided_at: new Date(),
    });
    const item = await db('catalogue_items').orderBy('id').first('id', 'genus', 'species', 'common_name', 'form', 'height');
    const { id: catalogueItemId, ...snapshot } = item as {
      id: number;
      genus: string;
      species: string;
      common_name: string;
      form: string;
      height: string;
    };
    await db('plant_list_lines').insert({
      user_id: userId,
      catalogue_item_id: catalogueItemId,
      quantity: 40,
      snapshot: JSON.stringify(snapshot),
    });

    const laptop = await newLaptopContext(browser());
    const page = await laptop.newPage();
    const errors = watchPageErrors(page);
    await logInAsBuyer(page, '/account', { email, password });
    await page.goto('/plant-list/quote', { waitUntil: 'networkidle' });
    const companyField = page.getByLabel('Company (optional)');
    await expect.poll(() => companyField.inputValue()).toBe(company);
    expect(await page.getByLabel(/Delivery postcode/).inputValue()).toBe('TN26 1AA');
    await screenshot(page, 'quote-form-trade-prefill-1366');

    const phone = await newPhoneContext(browser(), { storageState: await laptop.storageState() });
    const phonePage = await phone.newPage();
    await phonePage.goto('/plant-list/quote', { waitUntil: 'networkidle' });
    await expect.poll(() => phonePage.getByLabel('Company (optional)').inputValue()).toBe(company);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await screenshot(phonePage, 'quote-form-trade-prefill-390');
    await phone.close();

    await companyField.fill(`${company} (North)`);
    await page.getByRole('button', { name: 'Send quote request' }).click();
    await page.getByRole('heading', { name: 'Quote request sent' }).waitFor();
    expect(await db('quote_requests').where({ user_id: userId }).first('company', 'delivery_postcode')).toEqual({
      company: `${company} (North)`,
      delivery_postcode: 'TN26 1AA',
    });
    expect(errors).toEqual([]);
    await laptop.close();
  });
});
